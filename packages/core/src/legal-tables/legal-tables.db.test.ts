import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../testing/expect';
import { auditActions } from '../testing/audit';
import { payrollWorld, storedPayslip } from '../testing/payroll-fixtures';
import { ZodError } from 'zod';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { TestDb } from '../db/testing';
import { computePayrollRun, finalisePayroll, generatePayroll, updatePayrollSettings } from '../payroll/index';
import type { Ctx } from '../shared/context';
import { AppError } from '../shared/errors';
import { addContract, makeEmployee } from '../testing/fixtures';
import { BUILT_IN_LEGAL_ROWS, builtInLegalValues } from './catalogue';
import { addLegalValue, deleteLegalValue, legalValuesOn, listLegalValues } from './service';

let tdb: TestDb;
let admin: Actor;
let ctx: Ctx;
let at10m: number; // 10,000,000 a month: PPh 21 DTP when the company is eligible
let over10m: number; // 10,000,001: not

beforeAll(async () => {
  const world = await payrollWorld('2026-11-20T03:00:00Z');
  ({ tdb, admin, ctx } = world);
  const { org } = world;
  at10m = await makeEmployee(tdb.db, org, { dept: 0 }, 'Ani Sepatu');
  over10m = await makeEmployee(tdb.db, org, { dept: 1 }, 'Budi Sepatu');
  await tdb.db.updateTable('employees').set({ entry_date: '2025-01-01' }).where('id', 'in', [at10m, over10m]).execute();
  await addContract(tdb.db, at10m, 10_000_000);
  await addContract(tdb.db, over10m, 10_000_001);
});
afterAll(() => tdb.destroy());

const view = () => requirePermission(admin, 'salary.view');
const setting = () => requirePermission(admin, 'salary.setting');
const slipOf = async (period: string, employeeId: number) => {
  const run = await computePayrollRun(ctx, { period });
  return run.slips.find((s) => s.employeeId === employeeId)!;
};
const line = (slip: { lines: { code: string; amount: number }[] }, code: string) =>
  slip.lines.find((l) => l.code === code)?.amount;

describe('legal tables (issue 18 §4)', () => {
  it('the migration seeds the built-in rows, each citing its source; the database resolves like the fallback', async () => {
    const { rows } = await listLegalValues(ctx, view(), {});
    expect(rows).toHaveLength(BUILT_IN_LEGAL_ROWS.length);
    expect(rows.every((r) => r.source.length > 3)).toBe(true);
    const mw = await listLegalValues(ctx, view(), { key: 'minimum-wage' });
    expect(mw.rows.map((r) => [r.region, r.value])).toEqual([
      ['dki-jakarta', '5729876'],
      ['kota-batam', '5357982'],
      ['kota-surabaya', '5288796'],
    ]);
    for (const date of ['2025-06-25', '2026-02-25', '2026-03-25'])
      expect(await legalValuesOn(tdb.db, date)).toEqual(builtInLegalValues(date));
    expect((await legalValuesOn(tdb.db, '2026-02-28')).jpWageCap.value).toBe('10547400');
    expect((await legalValuesOn(tdb.db, '2026-03-01')).jpWageCap.value).toBe('11086300');
    expect((await legalValuesOn(tdb.db, '2026-01-25')).jkkReliefFactor?.value).toBe('0.5');
    expect((await legalValuesOn(tdb.db, '2026-02-25')).jkkReliefFactor).toBeNull();
    expect((await legalValuesOn(tdb.db, '2026-04-25', 'kota-surabaya')).minimumWage?.value).toBe('5288796');
  });

  it("adds next year's JP cap, which applies from its date only; refuses bad rows by field", async () => {
    const row = await addLegalValue(ctx, setting(), {
      key: 'bpjs.jp.wage-cap',
      value: '11650000',
      validFrom: '2027-03-01',
      source: 'BPJS TK letter B/xxx/022027 (test)',
    });
    expect(row).toMatchObject({ key: 'bpjs.jp.wage-cap', region: null, value: '11650000', validFrom: '2027-03-01' });
    expect((await legalValuesOn(tdb.db, '2027-02-25')).jpWageCap.value).toBe('11086300');
    expect((await legalValuesOn(tdb.db, '2027-03-25')).jpWageCap.value).toBe('11650000');
    expect(await auditActions(tdb.db, 'legal_values', row.id)).toEqual(['create']);

    // Schema refusals are ZodErrors (the server answers GL0001 naming the fields); the history check is an AppError.
    const fields = async (input: Parameters<typeof addLegalValue>[2]) => {
      const e = await addLegalValue(ctx, setting(), input).then(
        () => null,
        (err: unknown) => err,
      );
      if (e instanceof ZodError) return e.issues.map((i) => i.path.join('.'));
      expect(e).toBeInstanceOf(AppError);
      return (e as AppError).fields.map((f) => f.param);
    };
    const base = { key: 'bpjs.jp.wage-cap' as const, value: '12000000', validFrom: '2028-03-01', source: 'BPJS TK letter' };
    expect(await fields({ ...base, value: '500' })).toEqual(['value']);
    expect(await fields({ ...base, source: '' })).toEqual(['source']);
    expect(await fields({ ...base, validFrom: '2026-06-01' })).toEqual(['validFrom']);
    expect(await fields({ ...base, key: 'minimum-wage' })).toEqual(['region']);
    expect(await fields({ ...base, key: 'bpjs.jkk.group-1', value: '10.5' })).toEqual(['value']);
    expect((await failure(addLegalValue(ctx, setting(), { ...base, validFrom: '2027-03-01' }))).code).toBe('CONFLICT');
    // A correction of history is allowed when said so.
    const fix = await addLegalValue(ctx, setting(), {
      key: 'minimum-wage',
      region: 'kota-batam',
      value: '5424743',
      validFrom: '2026-01-02',
      source: 'UMK Kota Batam 2026 (test correction)',
      correcting: true,
    });
    expect((await legalValuesOn(tdb.db, '2026-04-25', 'kota-batam')).minimumWage?.value).toBe('5424743');
    await deleteLegalValue(ctx, setting(), { id: fix.id });
  });

  it('the run reads the table for its pay date: a changed Kesehatan cap applies to the next run', async () => {
    const april = await slipOf('2026-04', at10m);
    expect(line(april, 'bpjs-kes-employer')).toBe(400_000); // 4% × 10,000,000 (cap 12,000,000)
    await addLegalValue(ctx, setting(), {
      key: 'bpjs.kesehatan.wage-cap',
      value: '8000000',
      validFrom: '2026-05-01',
      source: 'Perpres (test)',
    });
    expect(line(await slipOf('2026-05', at10m), 'bpjs-kes-employer')).toBe(320_000);
    expect(line(await slipOf('2026-04', at10m), 'bpjs-kes-employer')).toBe(400_000);
  });

  it('PPh 21 DTP from the company setting: 10,000,000 yes, 10,000,001 no; net pay is untouched by the tax', async () => {
    expect(line(await slipOf('2026-04', at10m), 'pph21-dtp')).toBeUndefined();
    await updatePayrollSettings(ctx, setting(), { pph21DtpEligible: true, pph21DtpKlu: '15201 footwear' });
    const yes = await slipOf('2026-04', at10m);
    const no = await slipOf('2026-04', over10m);
    expect(line(yes, 'pph21')).toBeGreaterThan(0);
    expect(line(yes, 'pph21-dtp')).toBe(line(yes, 'pph21'));
    const cashOtherThanDtp = yes.lines
      .filter((l) => l.kind === 'earning' && l.code !== 'pph21-dtp')
      .reduce((s, l) => s + l.amount, 0);
    const deductionsOtherThanTax = yes.lines
      .filter((l) => l.kind === 'deduction' && l.code !== 'pph21')
      .reduce((s, l) => s + l.amount, 0);
    expect(yes.net).toBe(cashOtherThanDtp - deductionsOtherThanTax);
    expect(line(no, 'pph21-dtp')).toBeUndefined();
    expect(line(await slipOf('2027-04', at10m), 'pph21-dtp')).toBeUndefined(); // no DTP row for 2027
  });

  it('a row a finalised run used cannot be deleted; an unused one can (audited)', async () => {
    const upd = requirePermission(admin, 'salary.update');
    const run = await generatePayroll(ctx, upd, { period: '2026-04' });
    await finalisePayroll(ctx, upd, { id: run.runId });
    const { rows } = await listLegalValues(ctx, view(), { key: 'bpjs.jp.wage-cap' });
    const used = rows.find((r) => r.validFrom === '2026-03-01')!;
    expect(used.usedBy).toMatch(/payroll run #\d+ \(2026-04\)/);
    const e = await failure(deleteLegalValue(ctx, setting(), { id: used.id }));
    expect(e.code).toBe('CONFLICT');
    const next = rows.find((r) => r.validFrom === '2027-03-01')!;
    expect(next.usedAt).toBeNull();
    expect(await deleteLegalValue(ctx, setting(), { id: next.id })).toEqual({ id: next.id, deleted: true });
    expect((await failure(deleteLegalValue(ctx, setting(), { id: next.id }))).code).toBe('NOT_FOUND');
    const slip = await storedPayslip(tdb.db, run.runId, at10m);
    expect((slip.lines as { code: string }[]).some((l) => l.code === 'pph21-dtp')).toBe(true);
  });
});
