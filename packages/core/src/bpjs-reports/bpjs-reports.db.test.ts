import ExcelJS from 'exceljs';
import type { Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payrollWorld, transportAllowance } from '../testing/payroll-fixtures';
import { ZodError } from 'zod';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { Database } from '../db/database';
import type { TestDb } from '../db/testing';
import { getEmployeeDetail, updateEmployeeSection } from '../employees/index';
import { finalisePayroll, generatePayroll, getPayslip, getPayrollRun, type PayslipLineRow } from '../payroll/index';
import type { Ctx } from '../shared/context';
import { failure, zodMessages } from '../testing/expect';
import { addContract, makeDepartmentHr, makeEmployee, type Org } from '../testing/fixtures';
import {
  BPJS_LINE_CODES,
  downloadBpjsKesehatan,
  downloadBpjsKetenagakerjaan,
  downloadBpjsRecap,
  getBpjsRecap,
  getBpjsReport,
} from './index';

let tdb: TestDb;
let org: Org;
let admin: Actor;
let hrOwn: Actor; // salary.view, department 0 only
let ctx: Ctx;
let runId: number; // 2026-11, finalised
let draftId: number; // 2026-12, draft
let alice: number; // dept 0, 10M + fixed transport 1M, every number valid, JKN with leading zeros
let bob: number; // dept 1, 15M (above the Kesehatan cap), no JKN card, a malformed KPJ
let carol: number; // dept 0, 7M, fixed-term contract, no NIK
let lines: Map<number, PayslipLineRow[]>; // the run's payslip lines by employee

const view = () => requirePermission(admin, 'salary.view');
const upd = () => requirePermission(admin, 'salary.update');
const ALICE_NIK = '3171011234560001';
const ALICE_JKN = '0001234567890';

/** Σ of the run's payslip lines with these codes (what the files must add up to). */
const lineSum = (...codes: string[]) =>
  [...lines.values()].flat().reduce((s, l) => (codes.includes(l.code) ? s + Number(l.amount) : s), 0);
/** The trace input of one line of one employee's payslip. */
const traceInput = (employeeId: number, code: string, key: string) =>
  Number((lines.get(employeeId)!.find((l) => l.code === code)!.trace as { inputs: Record<string, string> }).inputs[key]);

async function sheetOf(file: { base64: string }, name: string): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(file.base64, 'base64') as never);
  expect(wb.worksheets.map((w) => w.name)).toEqual([name]);
  return wb.getWorksheet(name)!;
}
const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);
const columnSum = (ws: ExcelJS.Worksheet, col: number, from: number, to: number) => {
  let s = 0;
  for (let r = from; r <= to; r++) {
    const v = ws.getRow(r).getCell(col).value;
    expect(typeof v).toBe('number');
    s += v as number;
  }
  return s;
};

beforeAll(async () => {
  const world = await payrollWorld('2026-12-15T03:00:00Z');
  ({ tdb, admin, ctx, org } = world);
  const { services } = world;
  alice = await makeEmployee(tdb.db, org, { dept: 0 }, 'Alice Peserta');
  bob = await makeEmployee(tdb.db, org, { dept: 1 }, 'Bob Peserta');
  carol = await makeEmployee(tdb.db, org, { dept: 0 }, 'Carol Peserta');
  const position = await tdb.db
    .insertInto('job_positions')
    .values({ name: 'Payroll Officer', company_office_id: org.officeId, department_id: org.dept[0] })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tdb.db.updateTable('employees').set({ entry_date: '2025-01-01' }).where('id', 'in', [alice, bob, carol]).execute();
  const e = (id: number, set: Updateable<Database['employees']>) =>
    tdb.db.updateTable('employees').set(set).where('id', '=', id).execute();
  await e(alice, {
    national_id: ALICE_NIK,
    bpjs_kesehatan_number: ALICE_JKN,
    bpjs_ketenagakerjaan_number: '12345678901',
    job_position_id: position.id,
  });
  // A KPJ saved before the record checked it (imported): the report still flags it.
  await e(bob, { national_id: '3171011234560002', bpjs_kesehatan_number: null, bpjs_ketenagakerjaan_number: '123' });
  await e(carol, { national_id: null, bpjs_kesehatan_number: '0001234567891', bpjs_ketenagakerjaan_number: '12345678902' });
  await e(carol, { contract_type: 4 });
  await addContract(tdb.db, alice, 10_000_000);
  await addContract(tdb.db, bob, 15_000_000);
  await addContract(tdb.db, carol, 7_000_000, { type: 4, end: '2027-12-31' });
  await transportAllowance(ctx, admin, alice, '1000000');

  const g = await generatePayroll(ctx, upd(), { period: '2026-11' });
  await finalisePayroll(ctx, upd(), { id: g.runId });
  runId = g.runId;
  draftId = (await generatePayroll(ctx, upd(), { period: '2026-12' })).runId;

  const run = await getPayrollRun(ctx, view(), { id: runId, pageSize: 50 });
  expect(run.payslips.rows).toHaveLength(3);
  lines = new Map();
  for (const p of run.payslips.rows) lines.set(p.employeeId, (await getPayslip(ctx, view(), { id: p.id })).lines);

  hrOwn = await makeDepartmentHr(services, org, 0);
}, 120_000);
afterAll(() => tdb.destroy());

describe('BPJS Kesehatan e-Dabu upload (sheet Mutasi)', () => {
  it('lists every participant in the form’s columns: numbers as text, the wage as a plain number from the payslip', async () => {
    const file = await downloadBpjsKesehatan(ctx, view(), { id: runId });
    expect(file.fileName).toBe(`bpjs-kesehatan_edabu_2026-11_run-${runId}.xlsx`);
    const ws = await sheetOf(file, 'Mutasi');
    expect(rowValues(ws, 1)).toEqual([
      'No. Kartu JKN',
      'NIK',
      'NIP',
      'Jabatan',
      'Status Pegawai',
      'Gaji Pokok + Tunjangan Tetap',
    ]);
    // Three participants, no totals row (e-Dabu reads every row as a participant).
    expect(ws.rowCount).toBe(4);
    const byNik = new Map([2, 3, 4].map((r) => [ws.getRow(r).getCell(3).value, ws.getRow(r)]));
    const a = [...byNik.values()].find((r) => r.getCell(2).value === ALICE_NIK)!;
    expect(a.getCell(1).value).toBe(ALICE_JKN); // text: the leading zeros survive
    expect(a.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(a.getCell(4).value).toBe('Payroll Officer');
    expect(a.getCell(5).value).toBe('Tetap');
    expect(a.getCell(6).value).toBe(11_000_000);
    expect(a.getCell(6).numFmt).toBe('0');
    const statuses = [2, 3, 4].map((r) => ws.getRow(r).getCell(5).value);
    expect(statuses.sort()).toEqual(['Kontrak', 'Tetap', 'Tetap']);
    // Bob has no JKN card: listed with the cell empty, not dropped.
    const b = [2, 3, 4].map((r) => ws.getRow(r)).find((r) => r.getCell(2).value === '3171011234560002')!;
    expect(b.getCell(1).value).toBeNull();
    // The wage column adds up to the wages the run's BPJS lines were computed on.
    const wages = [alice, bob, carol].reduce((s, id) => s + traceInput(id, 'bpjs-jht-employer', 'salary'), 0);
    expect(columnSum(ws, 6, 2, 4)).toBe(wages);
    expect(wages).toBe(11_000_000 + 15_000_000 + 7_000_000);
  });
});

describe('BPJS Ketenagakerjaan wage report', () => {
  it('has one row per employee and a totals row; every column sums to the run’s BPJS lines', async () => {
    const file = await downloadBpjsKetenagakerjaan(ctx, view(), { id: runId });
    const ws = await sheetOf(file, 'Upah');
    expect(rowValues(ws, 1)).toEqual([
      'No. KPJ',
      'NIK',
      'Nama',
      'Upah',
      'JHT Pemberi Kerja',
      'JHT Pekerja',
      'JKK',
      'JKM',
      'JP Pemberi Kerja',
      'JP Pekerja',
      'JKP',
      'Total Iuran',
    ]);
    expect(ws.rowCount).toBe(5);
    const totals = ws.getRow(5);
    expect(totals.getCell(3).value).toBe('JUMLAH');
    const expected: [number, number][] = [
      [5, lineSum('bpjs-jht-employer')],
      [6, lineSum('bpjs-jht-employee')],
      [7, lineSum('bpjs-jkk')],
      [8, lineSum('bpjs-jkm')],
      [9, lineSum('bpjs-jp-employer')],
      [10, lineSum('bpjs-jp-employee')],
      // No JKP line on the payslips: JKP is funded by the government and recomposed JKK/JKM (PP 6/2025).
      [11, 0],
      [12, lineSum('bpjs-jht-employer', 'bpjs-jht-employee', 'bpjs-jkk', 'bpjs-jkm', 'bpjs-jp-employer', 'bpjs-jp-employee')],
    ];
    for (const [col, sum] of expected) {
      expect(columnSum(ws, col, 2, 4), `column ${col}`).toBe(sum);
      expect(totals.getCell(col).value, `total of column ${col}`).toBe(sum);
    }
    expect(lineSum('bpjs-jht-employer')).toBeGreaterThan(0);
    const a = [2, 3, 4].map((r) => ws.getRow(r)).find((r) => r.getCell(3).value === 'Alice Peserta')!;
    expect(a.getCell(1).value).toBe('12345678901');
    expect(a.getCell(4).value).toBe(11_000_000);
    // JHT employer 3.7% of 11,000,000 (PP 46/2015 Pasal 16).
    expect(a.getCell(5).value).toBe(407_000);
    const c = [2, 3, 4].map((r) => ws.getRow(r)).find((r) => r.getCell(3).value === 'Carol Peserta')!;
    expect(c.getCell(2).value).toBeNull();
  });
});

describe('the preview and the recap per programme', () => {
  it('shows each employee’s numbers and problems and a recap equal to the run’s lines', async () => {
    const r = await getBpjsReport(ctx, view(), { id: runId });
    expect(r.run).toMatchObject({ id: runId, period: '2026-11', status: 'finalised' });
    expect(r).toMatchObject({ employees: 3, withProblems: 2 });
    const row = (id: number) => r.rows.rows.find((x) => x.employeeId === id)!;
    expect(row(alice).problems).toEqual([]);
    expect(row(bob).problems.map((p) => [p.field, p.message])).toEqual([
      ['jknNumber', 'JKN card number is missing on the employee record'],
      ['kpjNumber', 'KPJ number "123" has the wrong format'],
    ]);
    expect(row(carol).problems.map((p) => p.field)).toEqual(['nationalId']);
    // The Kesehatan base is capped at 12,000,000 (Perpres 75/2019), as on the payslip.
    expect(row(bob)).toMatchObject({ wage: '15000000', kesehatanBase: '12000000', jkp: '0' });
    expect(traceInput(bob, 'bpjs-kes-employee', 'base')).toBe(12_000_000);
    expect(row(bob).kesehatanEmployer).toBe('480000');

    const recap = Object.fromEntries(r.recap.map((x) => [x.programme, x]));
    expect(r.recap.map((x) => x.programme)).toEqual(['kesehatan', 'jht', 'jkk', 'jkm', 'jp', 'jkp']);
    expect(recap.kesehatan).toEqual({
      programme: 'kesehatan',
      company: String(lineSum('bpjs-kes-employer')),
      employee: String(lineSum('bpjs-kes-employee', 'bpjs-kes-family')),
      total: String(lineSum('bpjs-kes-employer', 'bpjs-kes-employee', 'bpjs-kes-family')),
      headcount: 3,
    });
    expect(recap.jht).toMatchObject({
      company: String(lineSum('bpjs-jht-employer')),
      employee: String(lineSum('bpjs-jht-employee')),
    });
    expect(recap.jkk).toMatchObject({ company: String(lineSum('bpjs-jkk')), employee: '0', headcount: 3 });
    expect(recap.jp).toMatchObject({ total: String(lineSum('bpjs-jp-employer', 'bpjs-jp-employee')) });
    expect(recap.jkp).toEqual({ programme: 'jkp', company: '0', employee: '0', total: '0', headcount: 0 });

    const problems = await getBpjsReport(ctx, view(), { id: runId, problemsOnly: true, pageSize: 1 });
    expect(problems.rows).toMatchObject({ total: 2, pageSize: 1 });
    expect(problems.rows.rows).toHaveLength(1);
  });

  it('the monthly recap equals the run’s, filters by office, and downloads as XLSX with totals', async () => {
    const month = await getBpjsRecap(ctx, view(), { period: '2026-11' });
    const run = await getBpjsReport(ctx, view(), { id: runId });
    expect(month).toMatchObject({ period: '2026-11', companyOfficeId: null, employees: 3 });
    expect(month.rows).toEqual(run.recap);
    expect((await getBpjsRecap(ctx, view(), { period: '2026-11', companyOfficeId: org.officeId })).rows).toEqual(run.recap);
    const other = await getBpjsRecap(ctx, view(), { period: '2026-11', companyOfficeId: org.officeId + 1000 });
    expect(other.employees).toBe(0);
    expect(other.rows.every((x) => x.total === '0' && x.headcount === 0)).toBe(true);
    // A draft month has nothing finalised.
    expect((await getBpjsRecap(ctx, view(), { period: '2026-12' })).employees).toBe(0);

    const ws = await sheetOf(await downloadBpjsRecap(ctx, view(), { period: '2026-11' }), 'Recap 2026-11');
    expect(rowValues(ws, 1)).toEqual(['Programme', 'Company', 'Employee', 'Total', 'Headcount']);
    expect(ws.getRow(2).getCell(1).value).toBe('BPJS Kesehatan (JKN)');
    const all = lineSum(...Object.keys(BPJS_LINE_CODES));
    expect(columnSum(ws, 4, 2, 7)).toBe(all);
    expect(rowValues(ws, 8).slice(0, 4)).toEqual(['Total', columnSum(ws, 2, 2, 7), columnSum(ws, 3, 2, 7), all]);
  });

  it('refuses a draft run (CONFLICT), an unknown run (NOT_FOUND) and a bad period', async () => {
    expect((await failure(getBpjsReport(ctx, view(), { id: draftId }))).code).toBe('CONFLICT');
    expect((await failure(downloadBpjsKesehatan(ctx, view(), { id: draftId }))).code).toBe('CONFLICT');
    expect((await failure(downloadBpjsKetenagakerjaan(ctx, view(), { id: 999_999 }))).code).toBe('NOT_FOUND');
    await expect(getBpjsRecap(ctx, view(), { period: '2026-13' })).rejects.toBeInstanceOf(ZodError);
  });

  it('is data-scoped: an employee outside the caller’s departments is in no file and no recap', async () => {
    const own = requirePermission(hrOwn, 'salary.view');
    const r = await getBpjsReport(ctx, own, { id: runId });
    expect(r.rows.rows.map((x) => x.employeeId).sort()).toEqual([alice, carol].sort());
    const ws = await sheetOf(await downloadBpjsKetenagakerjaan(ctx, own, { id: runId }), 'Upah');
    expect(ws.rowCount).toBe(4);
    // Bob's JHT employer share (3.7% of 15,000,000) is not in it.
    expect(columnSum(ws, 5, 2, 3)).toBe(lineSum('bpjs-jht-employer') - 555_000);
    expect((await getBpjsRecap(ctx, own, { period: '2026-11' })).employees).toBe(2);
  });
});

describe('JKN and KPJ numbers on the employee record', () => {
  it('accepts 13-digit JKN and 11-digit KPJ numbers typed with spaces or dashes, refuses other lengths, clears on empty', async () => {
    const update = requirePermission(admin, 'employee.update');
    const read = requirePermission(admin, 'employee.view');
    await updateEmployeeSection(ctx, update, 'medical', {
      id: carol,
      bpjsKesehatanNumber: '0001 2345 6789 1',
      bpjsKetenagakerjaanNumber: '123-456-789-02',
    });
    expect((await getEmployeeDetail(ctx, read, { id: carol })).medical).toMatchObject({
      bpjsKesehatanNumber: '0001234567891',
      bpjsKetenagakerjaanNumber: '12345678902',
    });
    expect(
      await zodMessages(
        updateEmployeeSection(ctx, update, 'medical', {
          id: carol,
          bpjsKesehatanNumber: '000123456789',
          bpjsKetenagakerjaanNumber: '1234567890A',
        }),
      ),
    ).toEqual(['bpjsKesehatanNumber: must be 13 digits', 'bpjsKetenagakerjaanNumber: must contain digits only']);
    expect(
      await zodMessages(updateEmployeeSection(ctx, update, 'personal', { id: carol, nationalId: '317101123456000' })),
    ).toEqual(['nationalId: must be 16 digits (NIK)']);
    await updateEmployeeSection(ctx, update, 'medical', { id: carol, bpjsKetenagakerjaanNumber: '' });
    expect((await getEmployeeDetail(ctx, read, { id: carol })).medical.bpjsKetenagakerjaanNumber).toBeNull();
  });
});
