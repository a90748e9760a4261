import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, zodMessages } from '../../testing/expect';
import { payrollWorld } from '../../testing/payroll-fixtures';
import type { TestDb } from '../../db/testing';
import type { Actor } from '../../access/actor';
import { requirePermission } from '../../access/grant';
import type { Ctx } from '../../shared/context';
import { AppError } from '../../shared/errors';
import { addContract, makeDepartmentHr, makeEmployee, type Org } from '../../testing/fixtures';
import { computePayrollRun } from '../runs/index';
import {
  cancelThr,
  downloadThrRun,
  dryRunThr,
  finalisedThrFor,
  finaliseThr,
  generateThr,
  getThrRun,
  holidayForReligion,
  listThrRuns,
} from './index';

let tdb: TestDb;
let org: Org;
let admin: Actor;
let hrOwn: Actor;
let ctx: Ctx;
const E: Record<string, number> = {};

const IDUL_FITRI = { holiday: 2, holidayDate: '2026-03-20', payDate: '2026-03-13' } as const;
const NATAL = { holiday: 1, holidayDate: '2026-12-25', payDate: '2026-12-11' } as const;

beforeAll(async () => {
  const world = await payrollWorld('2026-11-20T03:00:00Z');
  ({ tdb, admin, ctx, org } = world);
  const { services } = world;
  hrOwn = await makeDepartmentHr(services, org, 0);
  // The fixture users' own employee records joined "today" (after both holidays' service counts matter).
  await tdb.db.updateTable('employees').set({ entry_date: '2026-11-01' }).execute();

  const religion = new Map((await tdb.db.selectFrom('religions').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
  const tk0 = await tdb.db.selectFrom('ptkp_statuses').select('id').where('code', '=', 'TK/0').executeTakeFirstOrThrow();
  const person = async (
    key: string,
    rel: string,
    joined: string,
    basic: number | null,
    more: { contractType?: number; resigned?: number; ptkp?: number; contractEnd?: string } = {},
  ) => {
    const id = await makeEmployee(tdb.db, org, { dept: 1 }, `${key} Thr`);
    await tdb.db
      .updateTable('employees')
      .set({
        religion_id: religion.get(rel)!,
        entry_date: joined,
        contract_type: more.contractType ?? 5,
        resigned: more.resigned ?? 0,
        ptkp_status_id: more.ptkp ?? null,
      })
      .where('id', '=', id)
      .execute();
    if (basic !== null)
      await addContract(tdb.db, id, basic, {
        number: `C-${key}`,
        type: more.contractType ?? 5,
        start: joined,
        end: (more.contractType ?? 5) === 5 ? null : (more.contractEnd ?? '2026-02-28'),
      });
    E[key] = id;
  };
  await person('Ani', 'Islam', '2020-01-15', 10_000_000, { ptkp: tk0.id });
  await person('Budi', 'Islam', '2025-09-10', 6_000_000);
  await person('Citra', 'Islam', '2026-03-01', 7_000_000);
  await person('Dewi', 'Katolik', '2020-01-15', 9_000_000);
  await person('Eko', 'Konghucu', '2020-01-15', 5_000_000);
  await person('Fajar', 'Islam', '2020-01-15', 8_000_000, { resigned: 1 });
  await person('Gita', 'Islam', '2024-06-01', 6_500_000, { contractType: 4 });
  await person('Hadi', 'Islam', '2021-05-05', null);
  await person('Putu', 'Hindu', '2020-01-15', 7_500_000);
  // A casual (Freelance) worker: THR on the average monthly wage of the finalised payslips.
  await person('Joko', 'Islam', '2025-01-10', 3_000_000, { contractType: 3, contractEnd: '2026-12-31' });
  for (const [period, gross] of [
    ['2026-01', 4_000_000],
    ['2026-02', 5_000_000],
  ] as const) {
    const run = await tdb.db
      .insertInto('payroll_runs')
      .values({
        period,
        company_office_id: null,
        status: 'finalised',
        employees: 1,
        gross,
        tax: 0,
        net: gross,
        skipped: '[]',
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tdb.db
      .insertInto('payslips')
      .values({
        run_id: run.id,
        employee_id: E.Joko!,
        period,
        ptkp_status: 'TK/0',
        basic_salary: 3_000_000,
        gross,
        taxable_gross: gross,
        total_deductions: 0,
        pph21: 0,
        net: gross,
        annual_deductions: 0,
        employer_cost: 0,
        lines: '[]',
      })
      .execute();
  }
  await tdb.db
    .insertInto('employee_resignations')
    .values({ employee_id: E.Fajar!, request_date: '2026-02-01', last_working_day: '2026-03-05', reason: 'Moving', status: 1 })
    .execute();
  // A fixed allowance given as an amount counts in the wage; a formula one does not.
  const transport = await tdb.db
    .insertInto('salary_components')
    .values({ name: 'Transport', kind: 'fixed-allowance', taxable: true, formula: null, everyone: false, updated_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tdb.db
    .insertInto('employee_salary_components')
    .values({
      employee_id: E.Ani!,
      component_id: transport.id,
      amount: 1_000_000,
      formula: null,
      start_month: '2026-01',
      end_month: null,
      updated_at: new Date(),
    })
    .execute();
});
afterAll(() => tdb.destroy());

const upd = () => requirePermission(admin, 'salary.update');
const view = () => requirePermission(admin, 'salary.view');

describe('religion → holiday', () => {
  it('maps the reference religions to the four spec holidays and leaves Konghucu unmapped', () => {
    expect(holidayForReligion('Islam')).toBe(2);
    expect(holidayForReligion('Kristen Protestan')).toBe(1);
    expect(holidayForReligion('Katolik')).toBe(1);
    expect(holidayForReligion('Buddha')).toBe(3);
    expect(holidayForReligion('Hindu')).toBe(4);
    expect(holidayForReligion('Konghucu')).toBeNull();
  });
});

describe('THR runs', () => {
  let firstDraft: number;
  let fitri: number;

  it('dry run: eligible employees with full or prorated THR, the others listed with the reason; writes nothing', async () => {
    const r = await dryRunThr(ctx, upd(), IDUL_FITRI);
    const by = new Map(r.lines.map((l) => [l.employeeId, l]));
    // 12+ months: one month's wage = basic + fixed allowance amount; PPh 21 estimate TER A 9% of 22M − 3% of 11M.
    expect(by.get(E.Ani!)).toMatchObject({
      eligible: true,
      monthlyWage: '11000000',
      amount: '11000000',
      pph21Estimate: '1650000',
    });
    // 6 completed months (10 Sep → 20 Mar): 6/12 × 6,000,000.
    expect(by.get(E.Budi!)).toMatchObject({ eligible: true, monthsOfService: '6', amount: '3000000', pph21Estimate: null });
    expect(by.get(E.Citra!)).toMatchObject({ eligible: false, amount: '0' });
    expect(by.get(E.Citra!)!.reason).toMatch(/under 1 month/);
    expect(by.get(E.Eko!)!.reason).toMatch(/Konghucu has no THR holiday/);
    expect(by.get(E.Fajar!)!.reason).toMatch(/resigned \(last working day 2026-03-05\)/);
    expect(by.get(E.Gita!)!.reason).toMatch(/fixed-term contract ended on 2026-02-28/);
    expect(by.get(E.Hadi!)!.reason).toMatch(/no contract or salary change/);
    // Months of service are shown on every line, eligible or not.
    expect(by.get(E.Hadi!)!.monthsOfService).toBe('58');
    // Other religions' employees belong to their own holiday's run.
    expect(by.has(E.Dewi!)).toBe(false);
    expect(by.has(E.Putu!)).toBe(false);
    // Casual worker, 14 months: the average of 4,000,000 and 5,000,000.
    expect(by.get(E.Joko!)).toMatchObject({ eligible: true, monthlyWage: '4500000', amount: '4500000' });
    expect((by.get(E.Joko!)!.trace as Record<string, { rule: string }>).wage!.rule).toMatch(/casual worker/);
    expect(r).toMatchObject({ employees: 3, total: '18500000', pph21Estimate: '1650000' });
    const trace = by.get(E.Budi!)!.trace as Record<
      string,
      { rule: string; formula: string; inputs: Record<string, unknown>; source: string }
    >;
    expect(trace.thr).toMatchObject({ rule: 'THR amount', inputs: { monthlyWage: 6000000, monthsOfService: '6' } });
    expect(trace.thr!.source).toMatch(/Permenaker 6\/2016/);
    expect(trace.wage!.inputs.basicSource).toMatch(/contract C-Budi/);
    expect(trace.religion!.formula).toBe('Islam → Idul Fitri');
    expect((await listThrRuns(ctx, view(), {})).total).toBe(0);
  });

  it('refuses a bad holiday code, a pay date after the holiday and callers without company-wide scope', async () => {
    expect(await zodMessages(generateThr(ctx, upd(), { ...IDUL_FITRI, holiday: 7 as never }))).toEqual([
      'holiday: must be one of 1 (Hari Raya Natal), 2 (Idul Fitri), 3 (Waisak), 4 (Nyepi)',
    ]);
    expect(await zodMessages(generateThr(ctx, upd(), { ...IDUL_FITRI, payDate: '2026-03-21' }))).toEqual([
      'payDate: must not be after the holiday date',
    ]);
    expect(
      await zodMessages(generateThr(ctx, upd(), { ...IDUL_FITRI, holidayDate: '1970-01-01', payDate: '1970-01-01' })),
    ).toEqual(['holidayDate: must be in the years 2000 to 2100']);
    expect((await failure(generateThr(ctx, requirePermission(hrOwn, 'salary.update'), IDUL_FITRI))).code).toBe('FORBIDDEN');
  });

  it('generates a draft with every line and its trace; generating again replaces the draft of the same scope', async () => {
    const g = await generateThr(ctx, upd(), IDUL_FITRI);
    expect(g).toMatchObject({ holiday: 2, year: 2026, employees: 3, total: '18500000', replacedRunId: null });
    firstDraft = g.runId;
    const again = await generateThr(ctx, upd(), IDUL_FITRI);
    expect(again.replacedRunId).toBe(firstDraft);
    fitri = again.runId;
    expect((await failure(getThrRun(ctx, view(), { id: firstDraft }))).code).toBe('NOT_FOUND');
    const d = await getThrRun(ctx, view(), { id: fitri });
    expect(d).toMatchObject({ status: 'draft', holidayName: 'Idul Fitri', employees: 3, notEligible: 5, total: '18500000' });
    expect(d.lines.rows[0]!.eligible).toBe(true);
    const budi = d.lines.rows.find((l) => l.employeeId === E.Budi)!;
    expect(budi).toMatchObject({ amount: '3000000', monthsOfService: '6', monthlyWage: '6000000' });
    expect(budi.trace).toHaveProperty('monthsOfService.rule', 'THR months of service');
    const notEligible = await getThrRun(ctx, view(), { id: fitri, eligible: 'notEligible' });
    expect(notEligible.lines.total).toBe(5);
    // An office run while the company-wide draft exists overlaps it.
    const overlap = await failure(generateThr(ctx, upd(), { ...IDUL_FITRI, companyOfficeId: org.officeId }));
    expect(overlap.code).toBe('CONFLICT');
    expect(overlap.message).toMatch(/cancel it first/);
    expect((await listThrRuns(ctx, view(), { holiday: 2, year: 2026 })).rows.map((r) => r.id)).toEqual([fitri]);
  });

  it('the list and detail show only the lines of employees in the caller’s scope', async () => {
    // hrOwn sees department 0 only; every THR employee is in department 1.
    const own = await getThrRun(ctx, requirePermission(hrOwn, 'salary.view'), { id: fitri });
    expect(own.lines.total).toBe(0);
    expect(own.total).toBe('0');
  });

  it('two concurrent finalises: exactly one wins; the finalised run is locked', async () => {
    const results = await Promise.allSettled([finaliseThr(ctx, upd(), { id: fitri }), finaliseThr(ctx, upd(), { id: fitri })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(AppError);
    expect((lost.reason as AppError).code).toBe('CONFLICT');
    expect((lost.reason as AppError).message).toMatch(/THR Idul Fitri 2026 is finalised and locked/);
    const regen = await failure(generateThr(ctx, upd(), IDUL_FITRI));
    expect(regen.message).toMatch(/finalised and locked/);
    const office = await failure(generateThr(ctx, upd(), { ...IDUL_FITRI, companyOfficeId: org.officeId }));
    expect(office.message).toMatch(/finalised and locked/);
    expect((await failure(cancelThr(ctx, upd(), { id: fitri }))).code).toBe('CONFLICT');
    expect((await getThrRun(ctx, view(), { id: fitri })).status).toBe('finalised');
  });

  it('other religions: paid in a run with "pay other religions", then never twice in the year', async () => {
    const natal = await generateThr(ctx, upd(), { ...NATAL, payOtherReligions: true });
    const d = await getThrRun(ctx, view(), { id: natal.runId, pageSize: 100 });
    const eko = d.lines.rows.find((l) => l.employeeId === E.Eko)!;
    expect(eko).toMatchObject({ eligible: true, amount: '5000000' });
    expect(d.lines.rows.find((l) => l.employeeId === E.Dewi)).toMatchObject({ eligible: true, amount: '9000000' });
    await finaliseThr(ctx, upd(), { id: natal.runId });
    const nyepi = await dryRunThr(ctx, upd(), {
      holiday: 4,
      holidayDate: '2026-03-19',
      payDate: '2026-03-12',
      payOtherReligions: true,
    });
    expect(nyepi.lines.find((l) => l.employeeId === E.Putu)).toMatchObject({ eligible: true, amount: '7500000' });
    expect(nyepi.lines.find((l) => l.employeeId === E.Eko)!.reason).toMatch(/already paid THR for 2026 in THR run #/);
  });

  it('cancel: a draft becomes cancelled and no longer counts', async () => {
    const w = await generateThr(ctx, upd(), { holiday: 3, holidayDate: '2026-05-31', payDate: '2026-05-22' });
    expect(w.employees).toBe(0);
    expect((await cancelThr(ctx, upd(), { id: w.runId })).status).toBe('cancelled');
    expect((await failure(finaliseThr(ctx, upd(), { id: w.runId }))).message).toMatch(/cancelled; only a draft/);
    expect((await failure(finaliseThr(ctx, upd(), { id: 999_999 }))).code).toBe('NOT_FOUND');
  });

  it('finalisedThrFor: the finalised THR paid in a month, per employee, with its trace', async () => {
    const march = await finalisedThrFor(tdb.db, [E.Ani!, E.Budi!, E.Citra!, E.Dewi!], '2026-03');
    expect([...march.keys()].sort()).toEqual([E.Ani!, E.Budi!].sort());
    expect(march.get(E.Budi!)).toMatchObject({ amount: 3_000_000, holiday: 2, runId: fitri });
    expect(march.get(E.Budi!)!.trace).toMatchObject({ rule: 'THR amount', inputs: { thrRunId: fitri, payDate: '2026-03-13' } });
    const dec = await finalisedThrFor(tdb.db, [E.Dewi!, E.Eko!, E.Ani!], '2026-12');
    expect(dec.get(E.Dewi!)).toMatchObject({ amount: 9_000_000, holiday: 1 });
    expect(dec.has(E.Ani!)).toBe(false);
    expect((await finalisedThrFor(tdb.db, [E.Ani!], '2026-04')).size).toBe(0);
    expect((await failure(finalisedThrFor(tdb.db, [E.Ani!], '2026-13'))).code).toBe('VALIDATION');
  });

  it('the monthly payroll of the pay date’s month pays the finalised THR as a taxable line with its trace', async () => {
    const run = await computePayrollRun(ctx, { period: '2026-03' });
    const budi = run.slips.find((s) => s.employeeId === E.Budi)!;
    const line = budi.lines.find((l) => l.code === 'thr')!;
    expect(line).toMatchObject({ name: 'THR Idul Fitri', kind: 'earning', amount: 3_000_000 });
    expect(line.trace).toMatchObject({ rule: 'THR amount', inputs: { thrRunId: fitri } });
    // THR enters taxable gross: the month without it would be taxed on 3,000,000 less.
    const april = await computePayrollRun(ctx, { period: '2026-04' });
    const budiApril = april.slips.find((s) => s.employeeId === E.Budi)!;
    expect(budiApril.lines.some((l) => l.code === 'thr')).toBe(false);
    expect(budi.taxableGross - budiApril.taxableGross).toBe(3_000_000);
    expect(budi.pph21).toBeGreaterThan(budiApril.pph21);
  });

  it('XLSX: one row per employee with the reason, and every figure’s rule on the Trace sheet', async () => {
    const f = await downloadThrRun(ctx, view(), { id: fitri });
    expect(f.fileName).toBe(`thr_idul-fitri_2026_${fitri}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(f.base64, 'base64') as never);
    const ws = wb.getWorksheet('THR')!;
    expect(ws.rowCount).toBe(9);
    const rows = ws.getSheetValues().slice(2) as unknown[][];
    const budi = rows.find((r) => String(r[2]).startsWith('Budi'))!;
    expect(budi[7]).toBe(3_000_000);
    const citra = rows.find((r) => String(r[2]).startsWith('Citra'))!;
    expect(String(citra[10])).toMatch(/under 1 month/);
    const trace = wb.getWorksheet('Trace')!.getSheetValues().slice(2) as unknown[][];
    expect(trace.some((r) => r[3] === 'THR amount')).toBe(true);
  });
});
