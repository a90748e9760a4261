import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../testing/expect';
import { loginFor, payrollWorld, transportAllowance } from '../../testing/payroll-fixtures';
import type { TestDb } from '../../db/testing';
import type { Actor } from '../../access/actor';
import { requirePermission } from '../../access/grant';
import type { Ctx } from '../../shared/context';
import type { AppError } from '../../shared/errors';
import { addContract, makeDepartmentHr, makeEmployee, type Org } from '../../testing/fixtures';
import { DEFAULT_ENGINE_SETTINGS } from '../../testing/payroll-settings';
import { calculatePph21 } from '../formulas/pph21';
import {
  cancelPayroll,
  createBonusCut,
  createEmployeeComponent,
  createSalaryComponent,
  createSalaryQueue,
  deleteSalaryQueue,
  downloadPayrollRun,
  dryRunPayroll,
  finalisePayroll,
  generatePayroll,
  getPayrollRun,
  getPayrollSettings,
  getPayslip,
  getSalaryEmployee,
  listPayrollRuns,
  listSalaryEmployees,
  listSalaryQueue,
  myPayslips,
  updatePayrollSettings,
  updateSalaryComponent,
} from './index';

let tdb: TestDb;
let org: Org;
let admin: Actor;
let ctx: Ctx;
let hrOwn: Actor; // salary permissions, but only department 0's data (no hr.all)
let worker: { actor: Actor; employeeId: number };
let alice: number; // dept 0, contract 10M, K/1
let bob: number; // dept 1, contract 8M then queued raise
let carol: number; // dept 1, no contract: skipped

const contract = (employeeId: number, start: string, basic: number) => addContract(tdb.db, employeeId, basic, { start });

const counts = async () => {
  const n = async (t: 'payroll_runs' | 'payslips') =>
    Number(
      (
        await tdb.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const lines = await tdb.db
    .selectFrom('payslips')
    .select(sql<string>`coalesce(sum(json_array_length(lines)), 0)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return { runs: await n('payroll_runs'), payslips: await n('payslips'), lines: Number(lines.n) };
};

beforeAll(async () => {
  const world = await payrollWorld('2026-11-20T03:00:00Z');
  ({ tdb, admin, ctx, org } = world);
  const { services } = world;
  const k1 = await tdb.db.selectFrom('ptkp_statuses').select('id').where('code', '=', 'K/1').executeTakeFirstOrThrow();
  alice = await makeEmployee(tdb.db, org, { dept: 0 }, 'Alice Payroll');
  await tdb.db
    .updateTable('employees')
    .set({ ptkp_status_id: k1.id, entry_date: '2025-01-01' })
    .where('id', '=', alice)
    .execute();
  bob = await makeEmployee(tdb.db, org, { dept: 1 }, 'Bob Payroll');
  carol = await makeEmployee(tdb.db, org, { dept: 1 }, 'Carol Payroll');
  await tdb.db.updateTable('employees').set({ entry_date: '2025-01-01' }).where('id', 'in', [bob, carol]).execute();
  await contract(alice, '2025-01-01', 10_000_000);
  await contract(bob, '2025-01-01', 8_000_000);
  // The fixture users' own employee records have no contract: they are skipped by runs.
  hrOwn = await makeDepartmentHr(services, org, 0);
  worker = { actor: await loginFor(services, alice), employeeId: alice };
});
afterAll(() => tdb.destroy());

const view = () => requirePermission(admin, 'salary.view');
const upd = () => requirePermission(admin, 'salary.update');

describe('salary data', () => {
  it('settings: defaults, update with the engine options, bad values name the field', async () => {
    expect(await getPayrollSettings(ctx, view())).toEqual({
      ...DEFAULT_ENGINE_SETTINGS,
      pph21DtpEligible: false,
      pph21DtpKlu: null,
      minimumWageRegion: null,
      // The company's legal name is empty until HR sets it (issue 19).
      companyName: '',
    });
    const setting = () => requirePermission(admin, 'salary.setting');
    const s = await updatePayrollSettings(ctx, setting(), {
      payDay: 28,
      workWeek: 6,
      absenceCutBasis: 'fixed-divisor',
      absenceCutDivisor: 25,
      absenceCutFixedAllowances: true,
      prorationBasis: 'calendar-days',
    });
    expect(s).toMatchObject({
      payDay: 28,
      workWeek: 6,
      absenceCutBasis: 'fixed-divisor',
      absenceCutDivisor: 25,
      absenceCutFixedAllowances: true,
      prorationBasis: 'calendar-days',
    });
    await updatePayrollSettings(ctx, setting(), {
      payDay: 25,
      workWeek: 5,
      absenceCutBasis: 'workdays',
      absenceCutDivisor: 21,
      absenceCutFixedAllowances: false,
      prorationBasis: 'workdays',
    });
    const bad = await updatePayrollSettings(ctx, setting(), { absenceCutDivisor: 0, prorationBasis: 'hours' as never }).then(
      () => null,
      (e: unknown) => e as { issues?: { path: PropertyKey[] }[] },
    );
    expect(bad?.issues?.map((i) => String(i.path[0])).sort()).toEqual(['absenceCutDivisor', 'prorationBasis']);
    await expect(
      updatePayrollSettings(ctx, requirePermission(admin, 'salary.setting'), { jkkRatePercent: '0.3' as never }),
    ).rejects.toThrow(/jkkRatePercent|one of/);
  });

  it('a formula that does not parse or names an unknown variable is refused on save with its position', async () => {
    const e = await failure(
      createSalaryComponent(ctx, upd(), { name: 'Meal', kind: 'non-fixed-allowance', formula: 'attendanceDays * * 25000' }),
    );
    expect(e.code).toBe('VALIDATION');
    expect(e.fields[0]).toMatchObject({ param: 'formula' });
    expect(e.fields[0]!.msg).toMatch(/at position \d+/);
    const u = await failure(
      createSalaryComponent(ctx, upd(), { name: 'Meal', kind: 'non-fixed-allowance', formula: 'basik * 0.1' }),
    );
    expect(u.message).toMatch(/basik.*at position 0/);
    const ok = await createSalaryComponent(ctx, upd(), {
      name: 'Meal',
      kind: 'non-fixed-allowance',
      formula: 'attendanceDays * 25000',
    });
    expect(ok).toMatchObject({ name: 'Meal', taxable: true, everyone: false });
    const up = await failure(updateSalaryComponent(ctx, upd(), { id: ok.id, formula: 'max(basic' }));
    expect(up.fields[0]!.msg).toMatch(/position 9/);
  });

  it('out-of-scope employees are NOT_FOUND for a user without the HR wildcard', async () => {
    const own = requirePermission(hrOwn, 'salary.view');
    expect((await failure(getSalaryEmployee(ctx, own, { id: bob }))).code).toBe('NOT_FOUND');
    expect(
      (
        await failure(
          createSalaryQueue(ctx, requirePermission(hrOwn, 'salary.update'), {
            employeeId: bob,
            effectiveDate: '2026-11-01',
            basicSalary: '1',
          }),
        )
      ).code,
    ).toBe('NOT_FOUND');
    const list = await listSalaryEmployees(ctx, own, { pageSize: 100 });
    expect(list.rows.map((r) => r.id)).toContain(alice);
    expect(list.rows.map((r) => r.id)).not.toContain(bob);
    expect(list.rows.find((r) => r.id === alice)?.basicSalary).toBe('10000000');
    // Runs cover every employee: refused without company-wide scope.
    expect((await failure(generatePayroll(ctx, requirePermission(hrOwn, 'salary.update'), { period: '2026-11' }))).code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('payroll runs', () => {
  let novRun: number;

  it('generates a period: basic + components + bonus/cut, BPJS and PPh 21 TER, lines with traces; skips employees without salary', async () => {
    await transportAllowance(ctx, admin, alice, '1000000');
    const meal = (await tdbComponent('Meal'))!;
    await createEmployeeComponent(ctx, upd(), {
      employeeId: alice,
      componentId: meal,
      startMonth: '2026-11',
      endMonth: '2026-12',
    });
    await createBonusCut(ctx, upd(), {
      employeeId: alice,
      period: '2026-11',
      kind: 'bonus',
      name: 'Project bonus',
      amount: '2000000',
    });
    await createBonusCut(ctx, upd(), { employeeId: alice, period: '2026-11', kind: 'cut', name: 'Canteen', amount: '150000' });
    await createSalaryQueue(ctx, upd(), { employeeId: bob, effectiveDate: '2026-11-15', basicSalary: '9000000', note: 'Raise' });
    await createSalaryQueue(ctx, upd(), { employeeId: bob, effectiveDate: '2027-01-01', basicSalary: '9500000' });

    const r = await generatePayroll(ctx, upd(), { period: '2026-11' });
    novRun = r.runId;
    expect(r.employees).toBe(2);
    expect(r.skipped.map((s) => s.employeeId)).toContain(carol);
    // The skipped list names the employee (number and name), not "Employee #id" (issue 19).
    const carolNumber = (
      await tdb.db.selectFrom('employees').select('employee_number').where('id', '=', carol).executeTakeFirstOrThrow()
    ).employee_number;
    const skippedCarol = { employeeId: carol, employeeNumber: carolNumber, employeeName: 'Carol Payroll' };
    expect(r.skipped).toContainEqual(expect.objectContaining(skippedCarol));

    const run = await getPayrollRun(ctx, view(), { id: r.runId });
    expect(run.skipped).toContainEqual(
      expect.objectContaining({ ...skippedCarol, reason: expect.stringMatching(/^no contract/) }),
    );
    // An HR user of department 0 does not see department 1's Carol in the run's skipped list either.
    const own = await getPayrollRun(ctx, requirePermission(hrOwn, 'salary.view'), { id: r.runId });
    expect(own.skipped.map((s) => s.employeeId)).not.toContain(carol);
    // Totals: the whole run for who sees everyone (as stored when generated), the visible payslips for the others.
    const totalOf = (rows: { gross: string }[]) => String(rows.reduce((t, p) => t + BigInt(p.gross), 0n));
    expect({ employees: run.employees, gross: run.gross }).toEqual({ employees: 2, gross: totalOf(run.payslips.rows) });
    expect({ employees: own.employees, gross: own.gross }).toEqual({
      employees: own.payslips.rows.length,
      gross: totalOf(own.payslips.rows),
    });
    expect(own.skipped.length).toBeGreaterThan(0);
    const a = run.payslips.rows.find((p) => p.employeeId === alice)!;
    // November 2026 has 21 weekdays: meal 21 × 25,000 = 525,000.
    expect(a.gross).toBe(String(10_000_000 + 1_000_000 + 525_000 + 2_000_000));
    // BPJS on basic + fixed allowances (11,000,000); taxable gross adds employer Kesehatan 4% + JKK 0.24% + JKM 0.3%.
    expect(a.taxableGross).toBe(String(13_525_000 + 440_000 + 26_400 + 33_000));
    const ter = calculatePph21({ taxYear: 2026, ptkpStatus: 'K/1', months: [{ month: 11, gross: 14_024_400 }] }).output
      .monthly[0]!;
    expect(a.pph21).toBe(String(ter.pph21));
    expect(a.net).toBe(String(13_525_000 - 110_000 - 220_000 - 110_000 - ter.pph21 - 150_000));

    const slip = await getPayslip(ctx, view(), { id: a.id });
    expect(slip.lines.map((l) => l.code)).toEqual(
      expect.arrayContaining(['basic', 'pph21', 'bpjs-jht-employee', 'bonus-1', 'cut-1']),
    );
    const mealLine = slip.lines.find((l) => l.name === 'Meal')!;
    expect(mealLine.amount).toBe('525000');
    expect(mealLine.trace).toMatchObject({ formula: 'half-up(attendanceDays * 25000)', inputs: { attendanceDays: 21 } });
    expect(slip.lines.find((l) => l.code === 'basic')!.trace).toMatchObject({ inputs: { amount: '10000000' } });

    // Bob: the queued raise effective 2026-11-15 is in force for November; the 2027 one is not.
    const b = run.payslips.rows.find((p) => p.employeeId === bob)!;
    expect(b.basicSalary).toBe('9000000');
    const queue = await listSalaryQueue(ctx, view(), { employeeId: bob });
    expect(queue.rows.map((q) => [q.basicSalary, q.status])).toEqual([
      ['9500000', 'pending'],
      ['9000000', 'applied'],
    ]);
    const applied = queue.rows.find((q) => q.status === 'applied')!;
    expect((await failure(deleteSalaryQueue(ctx, upd(), { id: applied.id }))).message).toMatch(/applied by payroll run/);

    const xlsx = await downloadPayrollRun(ctx, view(), { id: r.runId });
    expect(xlsx.fileName).toBe(`payroll_2026-11_${r.runId}.xlsx`);
    expect(Buffer.from(xlsx.base64, 'base64').subarray(0, 2).toString()).toBe('PK');
  });

  it('re-generating a draft replaces it; dry run writes nothing', async () => {
    const before = await counts();
    const again = await generatePayroll(ctx, upd(), { period: '2026-11' });
    expect(again.replacedRunId).toBe(novRun);
    expect(await counts()).toEqual(before);
    novRun = again.runId;
    const dry = await dryRunPayroll(ctx, upd(), { period: '2026-11' });
    expect(dry.rows.map((x) => x.employeeId).sort()).toEqual([alice, bob].sort());
    expect(dry.rows[0]!.previousNet).toBeNull();
    expect(await counts()).toEqual(before);
  });

  it('a run completes entirely or writes nothing: a formula failing for one employee leaves the old draft', async () => {
    const before = await counts();
    const bad = await createSalaryComponent(ctx, upd(), {
      name: 'Broken',
      kind: 'fixed-allowance',
      formula: 'basic / (attendanceDays - attendanceDays)',
    });
    await createEmployeeComponent(ctx, upd(), {
      employeeId: bob,
      componentId: bad.id,
      startMonth: '2026-11',
      endMonth: '2026-11',
    });
    const e = await failure(generatePayroll(ctx, upd(), { period: '2026-11' }));
    expect(e.code).toBe('PRECONDITION_FAILED');
    expect(e.message).toMatch(/Broken: division by zero/);
    expect(await counts()).toEqual(before);
    expect((await getPayrollRun(ctx, view(), { id: novRun })).status).toBe('draft');
    await tdb.db.deleteFrom('employee_salary_components').where('component_id', '=', bad.id).execute();
  });

  it('two concurrent finalise calls: exactly one wins; a finalised period is locked', async () => {
    const results = await Promise.allSettled([
      finalisePayroll(ctx, upd(), { id: novRun }),
      finalisePayroll(ctx, upd(), { id: novRun }),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((x) => x.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as AppError).message).toBe('Payroll for 2026-11 is finalised and locked');
    const regen = await failure(generatePayroll(ctx, upd(), { period: '2026-11' }));
    expect(regen).toMatchObject({ code: 'CONFLICT', message: 'Payroll for 2026-11 is finalised and locked' });
    expect((await failure(cancelPayroll(ctx, upd(), { id: novRun }))).message).toMatch(/finalised and locked/);
    expect(
      (
        await failure(
          createBonusCut(ctx, upd(), { employeeId: alice, period: '2026-11', kind: 'bonus', name: 'Late', amount: '1' }),
        )
      ).message,
    ).toMatch(/locked/);
    const office = await failure(generatePayroll(ctx, upd(), { period: '2026-11', companyOfficeId: org.officeId }));
    expect(office.message).toMatch(/finalised and locked/);
  });

  it('cancel a draft: payslips go, the queued change is pending again', async () => {
    const dec = await generatePayroll(ctx, upd(), {
      period: '2027-01',
      companyOfficeId: org.officeId,
      confirmFuturePeriod: true,
    });
    expect((await listSalaryQueue(ctx, view(), { employeeId: bob, status: 'applied' })).total).toBe(2);
    const c = await cancelPayroll(ctx, upd(), { id: dec.runId });
    expect(c.status).toBe('cancelled');
    expect((await getPayrollRun(ctx, view(), { id: dec.runId })).payslips.total).toBe(0);
    expect((await listSalaryQueue(ctx, view(), { employeeId: bob, status: 'applied' })).total).toBe(1);
    expect((await failure(finalisePayroll(ctx, upd(), { id: dec.runId }))).message).toMatch(/cancelled; only a draft/);
  });

  it('two concurrent generations of one period leave exactly one draft', async () => {
    const [x, y] = await Promise.all([
      generatePayroll(ctx, upd(), { period: '2027-02', confirmFuturePeriod: true }),
      generatePayroll(ctx, upd(), { period: '2027-02', confirmFuturePeriod: true }),
    ]);
    const live = await listPayrollRuns(ctx, view(), { period: '2027-02', status: 'draft' });
    expect(live.total).toBe(1);
    expect([x.runId, y.runId]).toContain(live.rows[0]!.id);
    expect([x.replacedRunId, y.replacedRunId].filter(Boolean)).toHaveLength(1);
    await cancelPayroll(ctx, upd(), { id: live.rows[0]!.id });
  });

  it('December reconciles the year against the PPh 21 withheld in earlier finalised months; dry run shows the difference', async () => {
    const dry = await dryRunPayroll(ctx, upd(), { period: '2026-12' });
    const aRow = dry.rows.find((x) => x.employeeId === alice)!;
    const nov = (await getPayrollRun(ctx, view(), { id: novRun })).payslips.rows.find((p) => p.employeeId === alice)!;
    expect(aRow.previousNet).toBe(nov.net);
    expect(aRow.difference).toBe((BigInt(aRow.net) - BigInt(nov.net)).toString());

    const d = await generatePayroll(ctx, upd(), { period: '2026-12', confirmFuturePeriod: true });
    const run = await getPayrollRun(ctx, view(), { id: d.runId });
    const a = run.payslips.rows.find((p) => p.employeeId === alice)!;
    const slip = await getPayslip(ctx, view(), { id: a.id });
    const calc = calculatePph21({
      taxYear: 2026,
      ptkpStatus: 'K/1',
      months: [
        { month: 11, gross: Number(nov.taxableGross), annualDeductions: 330_000 },
        { month: 12, gross: Number(a.taxableGross), annualDeductions: 330_000 },
      ],
    }).output.lastPeriod!;
    expect(a.pph21).toBe(String(calc.pph21));
    const line = slip.lines.find((l) => l.code === 'pph21')!;
    expect(line.trace).toMatchObject({
      rule: 'PPh 21 last tax period',
      inputs: { withheldBefore: Number(nov.pph21), earlierMonths: '11' },
    });
    expect(BigInt(a.net)).toBe(BigInt(a.gross) - BigInt(a.totalDeductions));
  });

  it('lists runs with totals; an employee sees only their own finalised payslips with traces', async () => {
    const runs = await listPayrollRuns(ctx, view(), { period: '2026-11' });
    expect(runs.rows).toHaveLength(1);
    expect(runs.rows[0]).toMatchObject({ status: 'finalised', employees: 2 });
    const own = await listPayrollRuns(ctx, requirePermission(hrOwn, 'salary.view'), { period: '2026-11' });
    expect(own.rows[0]!.employees).toBe(1);
    const mine = await myPayslips(ctx, requirePermission(worker.actor, 'personal.access'), {});
    expect(mine.rows.map((p) => p.period)).toEqual(['2026-11']);
    expect(mine.rows[0]!.employeeId).toBe(alice);
    expect(mine.rows[0]!.lines.find((l) => l.code === 'pph21')!.trace).toMatchObject({
      rule: expect.any(String),
      source: expect.any(String),
    });
    const detail = await getSalaryEmployee(ctx, view(), { id: alice });
    expect(detail).toMatchObject({ basicSalary: '10000000', totalSalary: '11000000' });
    expect(detail.history).toHaveLength(1);
    expect(detail.payslips.map((p) => p.period)).toEqual(['2026-12', '2026-11']);
  });

  it('run detail: search narrows the payslips by name or number, the totals stay the whole run’s; office filter keeps company-wide runs', async () => {
    const all = await getPayrollRun(ctx, view(), { id: novRun });
    const a = all.payslips.rows.find((p) => p.employeeId === alice)!;
    const byName = await getPayrollRun(ctx, view(), { id: novRun, search: a.employeeName.slice(1, 5).toUpperCase() });
    expect(byName.payslips.rows.map((p) => p.employeeId)).toEqual([alice]);
    expect(byName.payslips.total).toBe(1);
    expect(byName.employees).toBe(2);
    expect(byName.gross).toBe(all.gross);
    const byNumber = await getPayrollRun(ctx, view(), { id: novRun, search: a.employeeNumber });
    expect(byNumber.payslips.rows.map((p) => p.employeeId)).toEqual([alice]);
    expect((await getPayrollRun(ctx, view(), { id: novRun, search: '%' })).payslips.total).toBe(0);
    const officeRuns = await listPayrollRuns(ctx, view(), { period: '2026-11', companyOfficeId: 999_999 });
    expect(officeRuns.rows.map((r) => r.id)).toEqual([novRun]);
  });
});

async function tdbComponent(name: string): Promise<number | undefined> {
  return (await tdb.db.selectFrom('salary_components').select('id').where('name', '=', name).executeTakeFirst())?.id;
}
