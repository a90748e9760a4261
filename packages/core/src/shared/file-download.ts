import type { FileDownload } from './outputs';

/*
 * The download answer every file a procedure sends is built with (issue 17): a stored upload, a generated PDF,
 * workbook, XML or text file, each as `{ fileName, contentType, base64 }`.
 */

export const PDF_TYPE = 'application/pdf';

/** A file as a download answer: its name, its content type and its bytes (a Buffer, or a bytea column's bytes) in base64. */
export function fileDownload<C extends string>(
  fileName: string,
  contentType: C,
  bytes: Uint8Array,
): FileDownload & { contentType: C } {
  return { fileName, contentType, base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };
}

/** A PDF as a download answer. */
export const pdfDownload = (fileName: string, pdf: Uint8Array) => fileDownload(fileName, PDF_TYPE, pdf);
