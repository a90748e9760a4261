import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payrollWorld, transportAllowance } from '../../testing/payroll-fixtures';
import type { TestDb } from '../../db/testing';
import { LEAVE_STATUS } from '../../leave/index';
import type { Actor } from '../../access/actor';
import { requirePermission } from '../../access/grant';
import type { Ctx } from '../../shared/context';
import { addContract, makeEmployee } from '../../testing/fixtures';
import { calculatePph21 } from '../formulas/pph21';
import {
  createSalaryComponent,
  dryRunPayroll,
  finalisePayroll,
  generatePayroll,
  getPayrollRun,
  getPayslip,
  updatePayrollSettings,
} from './index';

/*
 * Runs with attendance (October 2026: 22 weekdays, the 1st is a Thursday), BPJS switched off so the
 * amounts are easy to follow: timesheet absences and unpaid leave cut pay, an employee without timesheets
 * keeps the full month, a joiner and a leaver are prorated, the leaver's month is reconciled, a Freelance
 * worker is paid per attendance day with daily TER.
 */

let tdb: TestDb;
let admin: Actor;
let ctx: Ctx;
let dewi: number; // 6,600,000; timesheets: 18 present, 2 absent, 1 unpaid leave, 1 holiday
let eko: number; // 8,000,000; no timesheets
let fajar: number; // joins 2026-10-15; 4,400,000 + 1,100,000 fixed allowance
let gita: number; // leaves (last working day 2026-10-09); 11,000,000
let hana: number; // Freelance (daily), 600,000 a day; 10 days present
let octRun: number;
let sepRun: number;

const upd = () => requirePermission(admin, 'salary.update');
const view = () => requirePermission(admin, 'salary.view');

// Only a Permanent contract (type 5) is open-ended.
const contract = (employeeId: number, start: string, basic: number, type = 5) =>
  addContract(tdb.db, employeeId, basic, { type, start, end: type === 5 ? null : '2027-12-31' });

const octoberDays = Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);
const weekday = (d: string) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay());

/** Timesheet rows as the attendance engine writes them: every day of October for the employee. */
async function timesheets(employeeId: number, kind: (date: string, n: number) => 'present' | 'absent' | 'leave' | 'holiday') {
  let n = 0;
  const rows = octoberDays.map((date) => {
    if (!weekday(date)) return { employee_id: employeeId, work_date: date, day_type: 'dayoff' as const, status: null };
    const k = kind(date, n++);
    if (k === 'holiday') return { employee_id: employeeId, work_date: date, day_type: 'holiday' as const, status: null };
    if (k === 'leave') return { employee_id: employeeId, work_date: date, day_type: 'leave' as const, status: null };
    if (k === 'absent') return { employee_id: employeeId, work_date: date, day_type: 'workday' as const, status: 2 };
    const late = employeeId === dewi && n === 3 ? 15 : 0; // Dewi is 15 minutes late once
    return {
      employee_id: employeeId,
      work_date: date,
      day_type: 'workday' as const,
      status: late ? 4 : 1,
      first_in: `${date}T08:${String(late).padStart(2, '0')}:00`,
      last_out: `${date}T17:00:00`,
      late_minutes: late,
    };
  });
  await tdb.db.insertInto('timesheets').values(rows).execute();
}

beforeAll(async () => {
  const world = await payrollWorld('2026-11-20T03:00:00Z');
  ({ tdb, admin, ctx } = world);
  const { org } = world;
  await tdb.db.updateTable('payroll_settings').set({ bpjs_enabled: false }).execute();

  [dewi, eko, fajar, gita, hana] = (await Promise.all(
    ['Dewi Absent', 'Eko Terminalless', 'Fajar Joiner', 'Gita Leaver', 'Hana Daily'].map((n) =>
      makeEmployee(tdb.db, org, { dept: 0 }, n),
    ),
  )) as [number, number, number, number, number];
  await tdb.db.updateTable('employees').set({ entry_date: '2025-01-01' }).where('id', 'in', [dewi, eko, gita, hana]).execute();
  await tdb.db.updateTable('employees').set({ entry_date: '2026-10-15' }).where('id', '=', fajar).execute();
  await tdb.db.updateTable('employees').set({ contract_type: 3 }).where('id', '=', hana).execute();
  await contract(dewi, '2025-01-01', 6_600_000);
  await contract(eko, '2025-01-01', 8_000_000);
  await contract(fajar, '2026-10-15', 4_400_000);
  await contract(gita, '2025-01-01', 11_000_000);
  await contract(hana, '2025-01-01', 600_000, 3);

  // Dewi: weekday 5 (Oct 7) a holiday, 9 (Oct 13) unpaid leave, 12 and 13 (Oct 16, 19) absent, the rest present.
  await timesheets(dewi, (_d, i) => (i === 5 ? 'holiday' : i === 9 ? 'leave' : i === 12 || i === 13 ? 'absent' : 'present'));
  // Hana: the first 10 weekdays present, the other 12 absent.
  await timesheets(hana, (_d, i) => (i < 10 ? 'present' : 'absent'));
  const type = await tdb.db
    .insertInto('leave_types')
    .values({ code: 'UNP', name: 'Unpaid leave', paid: false, counts_annual: false, max_days: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const req = await tdb.db
    .insertInto('leave_requests')
    .values({
      employee_id: dewi,
      leave_type_id: type.id,
      start_date: '2026-10-13',
      end_date: '2026-10-13',
      days: 1,
      counts_annual: false,
      be_paid: false,
      reason: 'Family matter',
      status: LEAVE_STATUS.Approved,
      attachment_name: null,
      attachment_mime: null,
      attachment: null,
      requested_by_user_id: admin.userId,
      decided_by_user_id: admin.userId,
      decided_at: new Date(),
      decision_note: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tdb.db
    .insertInto('leave_request_days')
    .values({ request_id: req.id, employee_id: dewi, work_date: '2026-10-13', fraction: 1 })
    .execute();
  // Gita: approved resignation, last working day Friday 9 October, already marked resigned.
  await tdb.db
    .insertInto('employee_resignations')
    .values({ employee_id: gita, request_date: '2026-09-01', last_working_day: '2026-10-09', reason: 'Moving', status: 1 })
    .execute();
  await tdb.db.updateTable('employees').set({ resigned: 1 }).where('id', '=', gita).execute();

  // Everyone: 10,000 per attendance day − 1,000 per late minute (shows the formula variables).
  await createSalaryComponent(ctx, upd(), {
    name: 'Attendance bonus',
    kind: 'non-fixed-allowance',
    formula: 'attendanceDays * 10000 - lateMinutes * 1000',
    everyone: true,
  });
  await transportAllowance(ctx, admin, fajar, '1100000');

  // September (finalised): Gita still works (her last working day is in October).
  sepRun = (await generatePayroll(ctx, upd(), { period: '2026-09' })).runId;
  await finalisePayroll(ctx, upd(), { id: sepRun });
  octRun = (await generatePayroll(ctx, upd(), { period: '2026-10' })).runId;
}, 120_000);
afterAll(() => tdb.destroy());

async function slipOf(runId: number, employeeId: number) {
  const run = await getPayrollRun(ctx, view(), { id: runId, pageSize: 100 });
  const row = run.payslips.rows.find((p) => p.employeeId === employeeId);
  if (!row) throw new Error(`no payslip for ${employeeId}`);
  const slip = await getPayslip(ctx, view(), { id: row.id });
  const line = (code: string) => slip.lines.find((l) => l.code === code);
  const named = (name: string) => slip.lines.find((l) => l.name === name);
  return { slip, line, named };
}

const terOf = (gross: number) =>
  calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', months: [{ month: 10, gross }] }).output.monthly[0]!.pph21;

describe('payroll runs with attendance', () => {
  it('2 absent days and 1 unpaid leave day cut basic ÷ 21 scheduled days (the holiday is not one), before tax', async () => {
    const { slip, line, named } = await slipOf(octRun, dewi);
    // 22 weekdays − 1 holiday = 21 scheduled; 6,600,000 / 21 = 314,285.71… a day.
    expect(line('absence-cut')).toMatchObject({ kind: 'deduction', amount: '628571' });
    expect(line('unpaid-leave-cut')).toMatchObject({ kind: 'deduction', amount: '314286' });
    expect(line('absence-cut')!.trace).toMatchObject({
      inputs: { wage: '6600000', days: 2, divisor: 21 },
      source: expect.stringMatching(/UU 13\/2003 Pasal 93.*company setting absenceCutBasis = workdays/),
    });
    // 18 attendance days, 15 late minutes.
    expect(named('Attendance bonus')!.amount).toBe(String(18 * 10_000 - 15 * 1_000));
    expect(slip.gross).toBe(String(6_600_000 + 165_000));
    const taxable = 6_765_000 - 628_571 - 314_286;
    expect(slip.taxableGross).toBe(String(taxable));
    expect(slip.pph21).toBe(String(terOf(taxable)));
    expect(slip.net).toBe(String(6_765_000 - 628_571 - 314_286 - terOf(taxable)));
  });

  it('an employee without timesheet rows keeps the full month', async () => {
    const { slip, line, named } = await slipOf(octRun, eko);
    expect(line('basic')!.amount).toBe('8000000');
    expect(line('absence-cut')).toBeUndefined();
    expect(named('Attendance bonus')!.amount).toBe('220000'); // 22 weekdays
    expect(slip.gross).toBe('8220000');
    expect(slip.net).toBe(String(8_220_000 - terOf(8_220_000)));
  });

  it('a joiner on 15 October is prorated by scheduled work days: 12 of 22', async () => {
    const { slip, line, named } = await slipOf(octRun, fajar);
    expect(line('basic')).toMatchObject({ amount: '2400000' });
    expect(line('basic')!.trace).toMatchObject({
      rule: 'Basic salary (prorated)',
      inputs: { employed: 12, ofMonth: 22, joiner: true },
    });
    expect(named('Transport')!.amount).toBe('600000');
    expect(named('Attendance bonus')!.amount).toBe('120000');
    expect(slip.gross).toBe('3120000');
    const sep = await dryRunPayroll(ctx, upd(), { period: '2026-09' });
    expect(sep.rows.map((r) => r.employeeId)).not.toContain(fajar);
  });

  it('a leaver is prorated (7 of 22) and October, the month of leaving, reconciles the year', async () => {
    const { slip, line } = await slipOf(octRun, gita);
    expect(line('basic')!.amount).toBe('3500000');
    const sep = (await getPayrollRun(ctx, view(), { id: sepRun })).payslips.rows.find((p) => p.employeeId === gita)!;
    const r = calculatePph21({
      taxYear: 2026,
      ptkpStatus: 'TK/0',
      lastTaxPeriod: 10,
      months: [
        { month: 9, gross: Number(sep.taxableGross) },
        { month: 10, gross: Number(slip.taxableGross) },
      ],
    }).output.lastPeriod!;
    // The two months stay under PTKP: the year owes nothing, September's TER is refunded.
    expect(r.pph21Year).toBe(0);
    expect(Number(sep.pph21)).toBeGreaterThan(0);
    expect(line('pph21')).toMatchObject({
      name: 'PPh 21 (month of leaving reconciliation, refund)',
      amount: String(-Number(sep.pph21)),
    });
    expect(line('pph21')!.trace).toMatchObject({
      inputs: { earlierMonths: '9', lastTaxPeriod: 'month of leaving (last working day 2026-10-09)' },
    });
    expect(BigInt(slip.net)).toBe(BigInt(slip.gross) - BigInt(slip.totalDeductions));
    expect(BigInt(slip.net)).toBeGreaterThan(BigInt(slip.gross));
    // November: she has left.
    const nov = await dryRunPayroll(ctx, upd(), { period: '2026-11' });
    expect(nov.rows.map((x) => x.employeeId)).not.toContain(gita);
    expect(nov.rows.map((x) => x.employeeId)).toContain(dewi);
  });

  it('a Freelance (daily) worker: 10 attendance days × 600,000, daily TER, no absence cut', async () => {
    const { slip, line } = await slipOf(octRun, hana);
    expect(line('basic')).toMatchObject({ name: 'Daily wage', amount: '6000000' });
    expect(line('absence-cut')).toBeUndefined();
    // Taxable gross 6,100,000 (with the attendance bonus) → 610,000 a day → 0.5% = 3,050 a day × 10.
    expect(line('pph21')).toMatchObject({ name: 'PPh 21 (daily TER)', amount: '30500' });
    expect(slip.net).toBe(String(6_100_000 - 30_500));
  });

  it('fixed divisor 30 with fixed allowances: the setting changes the per-day rate', async () => {
    await updatePayrollSettings(ctx, requirePermission(admin, 'salary.setting'), {
      absenceCutBasis: 'fixed-divisor',
      absenceCutDivisor: 30,
    });
    const again = await generatePayroll(ctx, upd(), { period: '2026-10' });
    octRun = again.runId;
    const { line } = await slipOf(octRun, dewi);
    expect(line('absence-cut')).toMatchObject({ amount: '440000' }); // 6,600,000 × 2 / 30
    expect(line('unpaid-leave-cut')).toMatchObject({ amount: '220000' });
    expect(line('absence-cut')!.trace).toMatchObject({ source: expect.stringContaining('absenceCutDivisor 30') });
  });
});
