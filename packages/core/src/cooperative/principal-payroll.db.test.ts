import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access/index';
import { requirePermission } from '../access/index';
import type { TestDb } from '../db/testing';
import { finalisePayroll, generatePayroll } from '../payroll/index';
import type { Ctx } from '../shared/context';
import { payrollWorld, storedPayslip } from '../testing/payroll-fixtures';
import { addContract, makeEmployee, type Org } from '../testing/fixtures';

/*
 * Issue 19 item 16: the principal saving (simpanan pokok) of the cooperative settings is deducted by payroll once
 * per member, in the first run finalised after joining, beside the month's mandatory saving.
 */
let tdb: TestDb;
let org: Org;
let admin: Actor;
let ctx: Ctx;

async function member(name: string, joined: string): Promise<{ employeeId: number; memberId: number }> {
  const employeeId = await makeEmployee(tdb.db, org, { dept: 0 }, name);
  await tdb.db.updateTable('employees').set({ entry_date: '2026-01-01' }).where('id', '=', employeeId).execute();
  await addContract(tdb.db, employeeId, 6_000_000, { start: '2026-01-01' });
  const m = await tdb.db
    .insertInto('cooperative_members')
    .values({ employee_id: employeeId, join_date: joined })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { employeeId, memberId: m.id };
}

const coopLines = async (runId: number, employeeId: number) =>
  ((await storedPayslip(tdb.db, runId, employeeId)).lines as { code: string; amount: string | number }[])
    .filter((l) => l.code.startsWith('cooperative'))
    .map((l) => [l.code, String(l.amount)]);

const principalRows = (memberId: number) =>
  tdb.db
    .selectFrom('cooperative_ledger')
    .select(['kind', 'amount', 'period'])
    .where('member_id', '=', memberId)
    .where('product', '=', 'principal')
    .execute();

beforeAll(async () => {
  ({ tdb, admin, ctx, org } = await payrollWorld('2026-11-20T03:00:00Z'));
  await tdb.db.updateTable('cooperative_settings').set({ principal_amount: '100000', mandatory_amount: '50000' }).execute();
});
afterAll(() => tdb.destroy());

describe('the cooperative principal saving in payroll', () => {
  it('is deducted and booked in the first finalised run after joining, and never again', async () => {
    const upd = requirePermission(admin, 'salary.update');
    const ani = await member('Ani Principal', '2026-08-10');
    const aug = await generatePayroll(ctx, upd, { period: '2026-08' });
    expect(await coopLines(aug.runId, ani.employeeId)).toEqual([
      ['cooperative-principal', '100000'],
      ['cooperative-mandatory', '50000'],
    ]);
    expect(await principalRows(ani.memberId)).toEqual([]);
    await finalisePayroll(ctx, upd, { id: aug.runId });
    expect(await principalRows(ani.memberId)).toEqual([{ kind: 'payroll', amount: '100000', period: '2026-08' }]);

    const sep = await generatePayroll(ctx, upd, { period: '2026-09' });
    expect(await coopLines(sep.runId, ani.employeeId)).toEqual([['cooperative-mandatory', '50000']]);
    await finalisePayroll(ctx, upd, { id: sep.runId });
    expect(await principalRows(ani.memberId)).toHaveLength(1);
  });

  it('is not deducted from a member who paid it by deposit', async () => {
    const upd = requirePermission(admin, 'salary.update');
    const dedi = await member('Dedi Deposit', '2026-09-01');
    await tdb.db
      .insertInto('cooperative_ledger')
      .values({ member_id: dedi.memberId, product: 'principal', kind: 'deposit', amount: '100000', entry_date: '2026-09-01' })
      .execute();
    const oct = await generatePayroll(ctx, upd, { period: '2026-10' });
    expect(await coopLines(oct.runId, dedi.employeeId)).toEqual([['cooperative-mandatory', '50000']]);
    await tdb.db.updateTable('payroll_runs').set({ status: 'cancelled' }).where('id', '=', oct.runId).execute();
  });

  it('is booked once when two runs that both deduct it are finalised at the same time', async () => {
    const upd = requirePermission(admin, 'salary.update');
    const eka = await member('Eka Twice', '2026-06-01');
    // Two office-less drafts of different months both carry the principal (neither has booked it yet).
    const jun = await generatePayroll(ctx, upd, { period: '2026-06' });
    const jul = await generatePayroll(ctx, upd, { period: '2026-07' });
    expect(await coopLines(jun.runId, eka.employeeId)).toContainEqual(['cooperative-principal', '100000']);
    expect(await coopLines(jul.runId, eka.employeeId)).toContainEqual(['cooperative-principal', '100000']);
    const done = await Promise.allSettled([
      finalisePayroll(ctx, upd, { id: jun.runId }),
      finalisePayroll(ctx, upd, { id: jul.runId }),
    ]);
    expect(done.map((d) => d.status)).toEqual(['fulfilled', 'fulfilled']);
    const rows = await principalRows(eka.memberId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount).toBe('100000');
  });
});
