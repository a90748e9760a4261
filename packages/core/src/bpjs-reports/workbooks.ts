import ExcelJS from 'exceljs';
import { dec, toWholeRupiahNumber } from '../payroll/index';
import type { BpjsEmployeeRow, BpjsProgramme, BpjsRecapRow } from './schema';

/*
 * The three workbooks (docs/bpjs-reports.md "Files"). Amounts are numeric cells in whole rupiah with the number
 * format `0` (no thousands separators, what the upload forms expect); NIK, JKN and KPJ numbers are text cells
 * (format `@`) so leading zeros survive. Whole rupiah fit a double exactly (toWholeRupiahNumber refuses more).
 */

export { XLSX_TYPE } from '../shared/xlsx';

interface Col<R> {
  header: string;
  width: number;
  kind: 'text' | 'money' | 'count';
  get: (r: R) => string | number | null;
}

const money = (s: string): number => toWholeRupiahNumber(dec(s));

/** One sheet: a bold header row, then one row per item; text columns stay text, money and counts are numbers. */
function addSheet<R>(wb: ExcelJS.Workbook, name: string, cols: readonly Col<R>[], rows: readonly R[]): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(name);
  ws.columns = cols.map((c) => ({ header: c.header, width: c.width, style: { numFmt: c.kind === 'text' ? '@' : '0' } }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows)
    ws.addRow(
      cols.map((c) => {
        const v = c.get(r);
        if (v === null || v === '') return null;
        return c.kind === 'money' ? money(String(v)) : v;
      }),
    );
  return ws;
}

async function toBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The fields of an employee row a cell can show (text or amount). */
type CellField = {
  [K in keyof BpjsEmployeeRow]: BpjsEmployeeRow[K] extends string | number | null ? K : never;
}[keyof BpjsEmployeeRow];

/**
 * Every column of the two per-employee workbooks, defined once: header, width, kind and the row field it shows.
 * The NIK column is the same in both; the wage column is headed as each form heads it.
 */
const EMPLOYEE_COLUMNS = {
  jkn: ['No. Kartu JKN', 18, 'text', 'jknNumber'],
  kpj: ['No. KPJ', 16, 'text', 'kpjNumber'],
  nik: ['NIK', 20, 'text', 'nationalId'],
  nip: ['NIP', 18, 'text', 'employeeNumber'],
  name: ['Nama', 28, 'text', 'name'],
  position: ['Jabatan', 24, 'text', 'jobPosition'],
  status: ['Status Pegawai', 16, 'text', 'employmentStatus'],
  edabuWage: ['Gaji Pokok + Tunjangan Tetap', 28, 'money', 'wage'],
  wage: ['Upah', 14, 'money', 'wage'],
  jhtEmployer: ['JHT Pemberi Kerja', 16, 'money', 'jhtEmployer'],
  jhtEmployee: ['JHT Pekerja', 14, 'money', 'jhtEmployee'],
  jkk: ['JKK', 12, 'money', 'jkk'],
  jkm: ['JKM', 12, 'money', 'jkm'],
  jpEmployer: ['JP Pemberi Kerja', 16, 'money', 'jpEmployer'],
  jpEmployee: ['JP Pekerja', 14, 'money', 'jpEmployee'],
  jkp: ['JKP', 12, 'money', 'jkp'],
  total: ['Total Iuran', 16, 'money', 'ketenagakerjaanTotal'],
} as const satisfies Record<string, readonly [string, number, Col<BpjsEmployeeRow>['kind'], CellField]>;

/** The named columns of EMPLOYEE_COLUMNS, in the order given. */
function employeeColumns(...ids: (keyof typeof EMPLOYEE_COLUMNS)[]): readonly Col<BpjsEmployeeRow>[] {
  return ids.map((id) => {
    const [header, width, kind, field] = EMPLOYEE_COLUMNS[id];
    return { header, width, kind, get: (r) => r[field] };
  });
}

/**
 * e-Dabu "Formulir Upload Data Peserta", sheet "Mutasi" (BPJS Kesehatan; id-compliance-2026.md "BPJS / bank
 * files"): the columns of the form in its order. No totals row: every row is read as a participant.
 */
export const EDABU_COLUMNS = employeeColumns('jkn', 'nik', 'nip', 'position', 'status', 'edabuWage');

export async function edabuWorkbook(rows: readonly BpjsEmployeeRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  addSheet(wb, 'Mutasi', EDABU_COLUMNS, rows);
  return toBuffer(wb);
}

/** BPJS Ketenagakerjaan wage report: one row per employee, then a totals row ("JUMLAH"). */
export const KETENAGAKERJAAN_COLUMNS = employeeColumns(
  'kpj',
  'nik',
  'name',
  'wage',
  'jhtEmployer',
  'jhtEmployee',
  'jkk',
  'jkm',
  'jpEmployer',
  'jpEmployee',
  'jkp',
  'total',
);

export async function ketenagakerjaanWorkbook(rows: readonly BpjsEmployeeRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = addSheet(wb, 'Upah', KETENAGAKERJAAN_COLUMNS, rows);
  const totals = KETENAGAKERJAAN_COLUMNS.map((c, k) => {
    if (c.kind !== 'money') return k === 2 ? 'JUMLAH' : null;
    return money(rows.reduce((s, r) => s + BigInt(c.get(r) ?? 0), 0n).toString());
  });
  ws.addRow(totals).font = { bold: true };
  return toBuffer(wb);
}

/** Programme names as BPJS writes them. */
export const PROGRAMME_LABEL: Record<BpjsProgramme, string> = {
  kesehatan: 'BPJS Kesehatan (JKN)',
  jht: 'Jaminan Hari Tua (JHT)',
  jkk: 'Jaminan Kecelakaan Kerja (JKK)',
  jkm: 'Jaminan Kematian (JKM)',
  jp: 'Jaminan Pensiun (JP)',
  jkp: 'Jaminan Kehilangan Pekerjaan (JKP)',
};

const RECAP_COLUMNS: readonly Col<BpjsRecapRow>[] = [
  { header: 'Programme', width: 36, kind: 'text', get: (r) => PROGRAMME_LABEL[r.programme] },
  { header: 'Company', width: 16, kind: 'money', get: (r) => r.company },
  { header: 'Employee', width: 16, kind: 'money', get: (r) => r.employee },
  { header: 'Total', width: 16, kind: 'money', get: (r) => r.total },
  { header: 'Headcount', width: 12, kind: 'count', get: (r) => r.headcount },
];

/** The monthly recap per programme, with a totals row. */
export async function recapWorkbook(period: string, rows: readonly BpjsRecapRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = addSheet(wb, `Recap ${period}`, RECAP_COLUMNS, rows);
  const total = (k: 'company' | 'employee' | 'total') => money(rows.reduce((s, r) => s + BigInt(r[k]), 0n).toString());
  ws.addRow(['Total', total('company'), total('employee'), total('total'), null]).font = { bold: true };
  return toBuffer(wb);
}
