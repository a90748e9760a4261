import ExcelJS from 'exceljs';
import { dec, toWholeRupiahNumber } from '../payroll/index';
import type { BpjsEmployeeRow, BpjsProgramme, BpjsRecapRow } from './schema';

/*
 * The three workbooks (docs/bpjs-reports.md "Files"). Amounts are numeric cells in whole rupiah with the number
 * format `0` (no thousands separators, what the upload forms expect); NIK, JKN and KPJ numbers are text cells
 * (format `@`) so leading zeros survive. Whole rupiah fit a double exactly (toWholeRupiahNumber refuses more).
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

/**
 * e-Dabu "Formulir Upload Data Peserta", sheet "Mutasi" (BPJS Kesehatan; id-compliance-2026.md "BPJS / bank
 * files"): the columns of the form in its order. No totals row: every row is read as a participant.
 */
export const EDABU_COLUMNS: readonly Col<BpjsEmployeeRow>[] = [
  { header: 'No. Kartu JKN', width: 18, kind: 'text', get: (r) => r.jknNumber },
  { header: 'NIK', width: 20, kind: 'text', get: (r) => r.nationalId },
  { header: 'NIP', width: 18, kind: 'text', get: (r) => r.employeeNumber },
  { header: 'Jabatan', width: 24, kind: 'text', get: (r) => r.jobPosition },
  { header: 'Status Pegawai', width: 16, kind: 'text', get: (r) => r.employmentStatus },
  { header: 'Gaji Pokok + Tunjangan Tetap', width: 28, kind: 'money', get: (r) => r.wage },
];

export async function edabuWorkbook(rows: readonly BpjsEmployeeRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  addSheet(wb, 'Mutasi', EDABU_COLUMNS, rows);
  return toBuffer(wb);
}

/** BPJS Ketenagakerjaan wage report: one row per employee, then a totals row ("JUMLAH"). */
export const KETENAGAKERJAAN_COLUMNS: readonly Col<BpjsEmployeeRow>[] = [
  { header: 'No. KPJ', width: 16, kind: 'text', get: (r) => r.kpjNumber },
  { header: 'NIK', width: 20, kind: 'text', get: (r) => r.nationalId },
  { header: 'Nama', width: 28, kind: 'text', get: (r) => r.name },
  { header: 'Upah', width: 14, kind: 'money', get: (r) => r.wage },
  { header: 'JHT Pemberi Kerja', width: 16, kind: 'money', get: (r) => r.jhtEmployer },
  { header: 'JHT Pekerja', width: 14, kind: 'money', get: (r) => r.jhtEmployee },
  { header: 'JKK', width: 12, kind: 'money', get: (r) => r.jkk },
  { header: 'JKM', width: 12, kind: 'money', get: (r) => r.jkm },
  { header: 'JP Pemberi Kerja', width: 16, kind: 'money', get: (r) => r.jpEmployer },
  { header: 'JP Pekerja', width: 14, kind: 'money', get: (r) => r.jpEmployee },
  { header: 'JKP', width: 12, kind: 'money', get: (r) => r.jkp },
  { header: 'Total Iuran', width: 16, kind: 'money', get: (r) => r.ketenagakerjaanTotal },
];

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
