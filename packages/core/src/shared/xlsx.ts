import type ExcelJS from 'exceljs';
import { fileDownload } from './file-download';
import type { FileDownload } from './outputs';

/*
 * The small pieces every XLSX export repeats (issue 17): the content type, a sheet whose first row is its bold
 * column headers, and the download answer `{ fileName, contentType, base64 }`.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One column of a header sheet: the header text, the row key it shows and its width in characters. */
export interface SheetColumn {
  header: string;
  key: string;
  width: number;
}

/** Adds a sheet named `name` with these columns and a bold header row; rows are added by the caller. */
export function addHeaderSheet(wb: ExcelJS.Workbook, name: string, columns: readonly SheetColumn[]): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(name);
  ws.columns = columns.map((c) => ({ ...c }));
  ws.getRow(1).font = { bold: true };
  return ws;
}

/** A workbook as a download answer: the file name, the XLSX content type and the bytes in base64. */
export async function xlsxDownload(wb: ExcelJS.Workbook, fileName: string): Promise<FileDownload> {
  return fileDownload(fileName, XLSX_TYPE, Buffer.from(await wb.xlsx.writeBuffer()));
}
