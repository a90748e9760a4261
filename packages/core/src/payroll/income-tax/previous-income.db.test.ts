import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payrollWorld } from '../../testing/payroll-fixtures';
import type { TestDb } from '../../db/testing';
import type { Actor } from '../../access/actor';
import { requirePermission } from '../../access/grant';
import type { Ctx } from '../../shared/context';
import { failure } from '../../testing/expect';
import { addContract, makeEmployee } from '../../testing/fixtures';
import { calculatePph21 } from '../formulas/pph21';
import { finalisePayroll, generatePayroll, getPayslip, getSalaryEmployee, updatePayrollSettings } from '../runs/index';
import { deletePreviousIncome, getIncomeTax, listPreviousIncome, savePreviousIncome, setTaxBorneBy } from './index';

/*
 * Issue 5 leftovers: employer-borne PPh 21 in runs (tax allowance by gross-up) and a previous employer's slip
 * (1721-A1 lines 13 and 18) used by the December reconciliation. Dina joins on 1 July 2026 with a previous
 * employer's slip and has her tax borne by the employer (own option); Eko is a full-year employee following the
 * company setting, switched to employer-borne from October.
 */

let tdb: TestDb;
let admin: Actor;
let ctx: Ctx;
let dina: number;
let eko: number;
const view = () => requirePermission(admin, 'salary.view');
const upd = () => requirePermission(admin, 'salary.update');
const PREVIOUS = { netIncome: '60000000', taxWithheld: '2100000' };

const lineOf = (lines: { code: string; amount: string | number }[], code: string) =>
  lines.find((l) => l.code === code) ? Number(lines.find((l) => l.code === code)!.amount) : undefined;

async function slipOf(runId: number, employeeId: number) {
  const s = await tdb.db
    .selectFrom('payslips')
    .select('id')
    .where('run_id', '=', runId)
    .where('employee_id', '=', employeeId)
    .executeTakeFirstOrThrow();
  return getPayslip(ctx, view(), { id: s.id });
}

const runs = new Map<string, number>();

beforeAll(async () => {
  const world = await payrollWorld('2027-02-10T03:00:00Z');
  ({ tdb, admin, ctx } = world);
  const { org } = world;
  dina = await makeEmployee(tdb.db, org, { dept: 0 }, 'Dina Joiner');
  eko = await makeEmployee(tdb.db, org, { dept: 0 }, 'Eko Fullyear');
  const tk0 = (await tdb.db.selectFrom('ptkp_statuses').select('id').where('code', '=', 'TK/0').executeTakeFirstOrThrow()).id;
  await tdb.db.updateTable('employees').set({ ptkp_status_id: tk0, entry_date: '2026-07-01' }).where('id', '=', dina).execute();
  await tdb.db.updateTable('employees').set({ ptkp_status_id: tk0, entry_date: '2025-01-01' }).where('id', '=', eko).execute();
  for (const [id, start, basic] of [
    [dina, '2026-07-01', 18_000_000],
    [eko, '2025-01-01', 12_000_000],
  ] as const)
    await addContract(tdb.db, id, basic, { start });
  await setTaxBorneBy(ctx, upd(), { id: dina, taxBorneBy: 'employer' });
  await savePreviousIncome(ctx, upd(), { id: dina, year: 2026, employerName: 'PT Sebelumnya', ...PREVIOUS });
  for (let m = 1; m <= 12; m++) {
    const period = `2026-${String(m).padStart(2, '0')}`;
    if (m === 10) await updatePayrollSettings(ctx, requirePermission(admin, 'salary.setting'), { taxBorneBy: 'employer' });
    const g = await generatePayroll(ctx, upd(), { period });
    await finalisePayroll(ctx, upd(), { id: g.runId });
    runs.set(period, g.runId);
  }
});
afterAll(async () => {
  await tdb?.destroy();
});

describe('employer-borne PPh 21 (tax allowance) in runs', () => {
  it('each month the tax allowance equals the PPh 21 it causes, with a trace; net = gross − deductions', async () => {
    for (const period of ['2026-07', '2026-09', '2026-12']) {
      const p = await slipOf(runs.get(period)!, dina);
      const allowance = lineOf(p.lines, 'tax-allowance')!;
      expect(allowance).toBeGreaterThan(0);
      expect(lineOf(p.lines, 'pph21')).toBe(allowance);
      expect(Number(p.net)).toBe(Number(p.gross) - Number(p.totalDeductions));
      const line = p.lines.find((l) => l.code === 'tax-allowance')!;
      expect(line.name).toBe('Tunjangan PPh 21 (tax allowance)');
      expect(JSON.stringify(line.trace)).toContain('employee payroll option taxBorneBy');
    }
    // The monthly allowance is the gross-up of `hr calc pph21 --grossUp` on the taxable gross without it.
    const jul = await slipOf(runs.get('2026-07')!, dina);
    const t = lineOf(jul.lines, 'tax-allowance')!;
    const calc = calculatePph21({
      taxYear: 2026,
      ptkpStatus: 'TK/0',
      grossUp: true,
      months: [{ month: 7, gross: Number(jul.taxableGross) - t }],
    });
    expect(calc.output.monthly[0]).toMatchObject({ gross: Number(jul.taxableGross), pph21: t });
  });

  it('the company setting applies from when it is switched on; an own option overrides it', async () => {
    expect(lineOf((await slipOf(runs.get('2026-09')!, eko)).lines, 'tax-allowance')).toBeUndefined();
    const oct = await slipOf(runs.get('2026-10')!, eko);
    expect(lineOf(oct.lines, 'tax-allowance')).toBe(lineOf(oct.lines, 'pph21'));
    expect(JSON.stringify(oct.lines.find((l) => l.code === 'tax-allowance')!.trace)).toContain('company setting taxBorneBy');
    expect((await getSalaryEmployee(ctx, view(), { id: dina })).taxBorneBy).toBe('employer');
    expect((await getSalaryEmployee(ctx, view(), { id: eko })).taxBorneBy).toBeNull();
  });
});

describe("previous employer's slip (1721-A1 lines 13 and 18)", () => {
  it('December reconciles the combined year: Article 17 − previous employer tax − withheld before', async () => {
    const dec = await slipOf(runs.get('2026-12')!, dina);
    const earlier = await tdb.db
      .selectFrom('payslips')
      .select(['period', 'taxable_gross', 'annual_deductions', 'pph21'])
      .where('employee_id', '=', dina)
      .orderBy('period')
      .execute();
    const last = earlier.pop()!;
    expect(earlier.map((e) => e.period)).toEqual(['2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    const r = calculatePph21({
      taxYear: 2026,
      ptkpStatus: 'TK/0',
      lastTaxPeriod: 12,
      months: [
        ...earlier.map((e) => ({
          month: Number(e.period.slice(5)),
          gross: Number(e.taxable_gross),
          annualDeductions: Number(e.annual_deductions),
        })),
        { month: 12, gross: Number(last.taxable_gross), annualDeductions: Number(last.annual_deductions) },
      ],
      previousEmployer: { netIncome: 60_000_000, taxWithheld: 2_100_000 },
    });
    const withheldBefore = earlier.reduce((s, e) => s + Number(e.pph21), 0);
    expect(lineOf(dec.lines, 'pph21')).toBe(r.output.lastPeriod!.pph21Year - 2_100_000 - withheldBefore);
    const trace = JSON.stringify(dec.lines.find((l) => l.code === 'pph21')!.trace);
    expect(trace).toContain('previousEmployerNetIncome');
  });

  it('the 1721-A1 shows lines 2, 13 and 18; 14 = 12 + 13, 19 = 17 − 18 = 20, debt 0', async () => {
    const d = await getIncomeTax(ctx, view(), { id: dina, year: 2026 });
    const line = (n: number) => Number(d.a1.find((l) => l.no === n)!.amount);
    const allowances = (
      await Promise.all(['07', '08', '09', '10', '11', '12'].map((m) => slipOf(runs.get(`2026-${m}`)!, dina)))
    ).reduce((s, p) => s + lineOf(p.lines, 'tax-allowance')!, 0);
    expect(line(2)).toBe(allowances);
    expect(line(8)).toBe(Number(d.taxableGross));
    expect(line(13)).toBe(60_000_000);
    expect(line(14)).toBe(line(12) + line(13));
    expect(line(18)).toBe(2_100_000);
    expect(line(19)).toBe(line(17) - line(18));
    expect(line(20)).toBe(line(19));
    expect(d.debt).toBe('0');
    expect(Number(d.annualTaxDue)).toBe(line(19));
  });

  it('is listed, validated, and locked once December is finalised', async () => {
    expect(await listPreviousIncome(ctx, view(), { id: dina })).toMatchObject([
      { year: 2026, employerName: 'PT Sebelumnya', netIncome: '60000000', taxWithheld: '2100000' },
    ]);
    expect(
      await failure(
        savePreviousIncome(ctx, upd(), { id: dina, year: 2026, employerName: 'X', netIncome: '1', taxWithheld: '0' }),
      ),
    ).toMatchObject({ code: 'CONFLICT', message: 'Payroll for 2026-12 is finalised and locked' });
    expect(await failure(deletePreviousIncome(ctx, upd(), { id: dina, year: 2026 }))).toMatchObject({ code: 'CONFLICT' });
    const bad = (await savePreviousIncome(ctx, upd(), {
      id: dina,
      year: 2027,
      employerName: '',
      netIncome: '-5',
      taxWithheld: '1.5',
    }).catch((e: unknown) => e)) as {
      issues: { path: string[] }[];
    };
    expect(bad.issues.map((i) => i.path.join('.')).sort()).toEqual(['employerName', 'netIncome', 'taxWithheld']);
    const saved = await savePreviousIncome(ctx, upd(), {
      id: eko,
      year: 2027,
      employerName: 'PT Lain',
      netIncome: 1_000_000,
      taxWithheld: 0,
    });
    expect(saved).toMatchObject({ year: 2027, netIncome: '1000000' });
    await savePreviousIncome(ctx, upd(), {
      id: eko,
      year: 2027,
      employerName: 'PT Lain',
      netIncome: '2000000',
      taxWithheld: '0',
    });
    expect((await listPreviousIncome(ctx, view(), { id: eko })).map((r) => r.netIncome)).toEqual(['2000000']);
    await deletePreviousIncome(ctx, upd(), { id: eko, year: 2027 });
    expect(await listPreviousIncome(ctx, view(), { id: eko })).toEqual([]);
    expect(await failure(listPreviousIncome(ctx, view(), { id: 999_999 }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
