import ExcelJS from 'exceljs';
import type { Ctx } from '../shared/context';
import { csvRecords } from '../shared/csv';
import { AppError } from '../shared/errors';
import { assertZipWithinLimits } from '../shared/zip-limits';
import { storePunches } from './punches';
import type { PunchItem } from './schema';

/** Rows of the first (or the named) worksheet of an XLSX file, each cell as text ('' when empty). */
export async function readSheetRows(content: Buffer | Uint8Array, sheetName?: string): Promise<string[][]> {
  // Inflated size checked before ExcelJS inflates everything into memory (issue 16 item 9).
  await assertZipWithinLimits(content, 'file');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(content as unknown as ArrayBuffer);
  } catch (e) {
    throw new AppError('VALIDATION', 'The file is not a readable XLSX workbook', { cause: e });
  }
  const ws = sheetName ? wb.getWorksheet(sheetName) : wb.worksheets[0];
  if (!ws) return [];
  const rows: string[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value));
    rows.push(cells);
  });
  return rows;
}

/** exceljs cell value → text. Dates are wall-clock values stored as UTC (exceljs convention). */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 19);
  if (typeof v === 'object') {
    if ('result' in v && v.result !== undefined) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    return '';
  }
  return String(v).trim();
}

/** CSV lines (comma or semicolon separated, double-quoted fields allowed); blank lines are skipped. */
export function parseCsv(text: string): string[][] {
  return csvRecords(text)
    .map((r) => r.cells)
    .filter((cells) => !(cells.length === 1 && cells[0] === ''));
}

/**
 * A terminal export's time as 'yyyy-mm-ddThh:mm:ss': 'yyyy-mm-dd hh:mm[:ss]', the same with T,
 * or 'dd/mm/yyyy hh:mm[:ss]' (spec §9 date format). Anything else is returned as given (and
 * then rejected by the punch checks).
 */
export function normaliseTime(s: string): string {
  const t = s.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?Z?$/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}T${m[4]!.padStart(2, '0')}:${m[5]}:${m[6] ?? '00'}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}T${m[4]!.padStart(2, '0')}:${m[5]}:${m[6] ?? '00'}`;
  return t;
}

/**
 * Punches of a CSV or XLSX terminal export. The first row names the columns: serial, pin, time
 * and optionally state (case-insensitive; "sn"/"device", "user"/"userid", "datetime"/"timestamp"
 * are accepted too).
 */
export async function parsePunchFile(content: Buffer, fileName: string): Promise<PunchItem[]> {
  const rows = /\.xlsx$/i.test(fileName) ? await readSheetRows(content) : parseCsv(content.toString('utf8'));
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const serial = col('serial', 'sn', 'device', 'device_serial', 'deviceserial');
  const pin = col('pin', 'user', 'userid', 'user_id');
  const time = col('time', 'datetime', 'timestamp', 'localtime', 'local_time');
  const state = col('state', 'status');
  const missing = [serial < 0 && 'serial', pin < 0 && 'pin', time < 0 && 'time'].filter(Boolean);
  if (missing.length) {
    throw new AppError('VALIDATION', `The first row must name the columns serial, pin, time (missing: ${missing.join(', ')})`, {
      fields: [{ param: 'file', msg: `missing column ${missing.join(', ')}` }],
    });
  }
  return rows.slice(1).map((r) => {
    const st = state >= 0 ? Number(r[state] ?? '0') : 0;
    return {
      deviceSerial: r[serial] ?? '',
      pin: r[pin] ?? '',
      localTime: normaliseTime(r[time] ?? ''),
      state: Number.isInteger(st) && Math.abs(st) < 32768 ? st : 0,
      verifyType: 0,
    };
  });
}

export interface ImportSummary {
  inserted: number;
  duplicate: number;
  rejected: number;
  /** The first rejections: file line (1 = header) and reason. */
  problems: { line: number; message: string }[];
}

/**
 * `hr import punches FILE`: stores a terminal export with the device upload's set-based insert,
 * 1000 punches per statement, source "import". Re-importing the same file only adds duplicates.
 */
export async function importPunches(ctx: Ctx, content: Buffer, fileName: string): Promise<ImportSummary> {
  const punches = await parsePunchFile(content, fileName);
  const sum: ImportSummary = { inserted: 0, duplicate: 0, rejected: 0, problems: [] };
  for (let start = 0; start < punches.length; start += 1000) {
    const chunk = punches.slice(start, start + 1000);
    const r = await storePunches(ctx, chunk, { source: 'import', agent: `import ${fileName}`.slice(0, 200) });
    for (const item of r.items) {
      sum[item.status]++;
      if (item.status === 'rejected' && sum.problems.length < 20)
        sum.problems.push({ line: start + item.index + 2, message: item.message ?? 'rejected' });
    }
  }
  return sum;
}
