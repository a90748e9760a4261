import type PDFDocument from 'pdfkit';

/**
 * The bytes a PDFKit document writes, once it ends: call before drawing (the document streams as it is drawn),
 * then `doc.end()` and await the promise.
 */
export function pdfBytes(doc: InstanceType<typeof PDFDocument>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (b: Buffer) => chunks.push(b));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
