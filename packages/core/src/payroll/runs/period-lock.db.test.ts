import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../access/actor';
import { actorForUser } from '../../auth/service';
import { requirePermission } from '../../access/grant';
import { approveCorrection, approveOvertime } from '../../attendance-requests/index';
import type { TestDb } from '../../db/testing';
import { createServices, type Services } from '../../services';
import type { Ctx } from '../../shared/context';
import { failure } from '../../testing/expect';
import { addContract, makeDepartmentHr, makeEmployee, makeUser, type Org } from '../../testing/fixtures';
import { payrollWorld } from '../../testing/payroll-fixtures';
import { finalisePayroll, generatePayroll, reopenPayroll } from './index';

/*
 * Issue 19 item 17: a month that has not started is generated only on confirmation, a run is finalised no earlier
 * than a week before its pay date, a finalised month refuses decisions that would change its pay, and HR may reopen
 * it through an audited, guarded action.
 */
let tdb: TestDb;
let org: Org;
let admin: Actor;
let ctx: Ctx;
let alice: number;
let requester: Actor;
let services: Services;
const upd = () => requirePermission(admin, 'salary.update');

/** A pending 2-hour workday overtime of Alice on `date`, filed by `requester`. */
async function pendingOvertime(date: string): Promise<number> {
  const r = await tdb.db
    .insertInto('attendance_overtimes')
    .values({
      employee_id: alice,
      work_date: date,
      start_time: '17:00',
      end_time: '19:00',
      minutes: 120,
      day_type: 'workday',
      reason: 'Stock count',
      status: 3,
      approved_minutes: null,
      requester_user_id: requester.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

beforeAll(async () => {
  const world = await payrollWorld('2026-11-20T03:00:00Z');
  ({ tdb, admin, ctx, org } = world);
  services = world.services;
  alice = await makeEmployee(tdb.db, org, { dept: 0 }, 'Alice Locked');
  await tdb.db.updateTable('employees').set({ entry_date: '2026-01-01' }).where('id', '=', alice).execute();
  await addContract(tdb.db, alice, 8_000_000);
  requester = (await actorForUser(tdb.db, (await makeUser(world.services, org, ['superadmin'])).userId, 'user'))!;
});
afterAll(() => tdb.destroy());

describe('a payroll month in the future', () => {
  it('is generated only when confirmed: the refusal names the month and today', async () => {
    const e = await failure(generatePayroll(ctx, upd(), { period: '2026-12' }));
    expect(e.code).toBe('VALIDATION');
    expect(e.fields).toEqual([
      {
        param: 'confirmFuturePeriod',
        msg: '12/2026 has not started yet (today is 20/11/2026): confirm to generate a future month',
      },
    ]);
    const dec = await generatePayroll(ctx, upd(), { period: '2026-12', confirmFuturePeriod: true });
    expect(dec.employees).toBeGreaterThan(0);
    // Finalising it in November is refused, with the first day it may be finalised (pay day 25: a week before).
    const f = await failure(finalisePayroll(ctx, upd(), { id: dec.runId }));
    expect(f.code).toBe('CONFLICT');
    expect(f.message).toBe(
      'Payroll for 12/2026 cannot be finalised before 18/12/2026, a week before its pay date 25/12/2026 (today is 20/11/2026)',
    );
    // On 18 December it may.
    const later = createServices(tdb.db, { clock: () => new Date('2026-12-18T03:00:00Z') }).ctx(admin);
    expect((await finalisePayroll(later, upd(), { id: dec.runId })).status).toBe('finalised');
  });
});

describe('a finalised month', () => {
  let novRun: number;

  it('refuses approving overtime of its days; after HR reopens it (audited), the approval goes through', async () => {
    const overtime = await pendingOvertime('2026-11-10');
    novRun = (await generatePayroll(ctx, upd(), { period: '2026-11' })).runId;
    await finalisePayroll(ctx, upd(), { id: novRun });
    const approve = requirePermission(admin, 'attendance.approve');
    const refused = await failure(approveOvertime(ctx, approve, { id: overtime }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe(
      "The payroll of 11/2026 is finalised and locked: this overtime request would change that month's pay. HR can reopen that month's payroll run first",
    );
    expect(
      (await tdb.db.selectFrom('attendance_overtimes').select('status').where('id', '=', overtime).executeTakeFirstOrThrow())
        .status,
    ).toBe(3);
    // An attendance correction of a day in that month (late clock-in permit, type 1) is refused the same way.
    const correction = await tdb.db
      .insertInto('attendance_corrections')
      .values({
        employee_id: alice,
        work_date: '2026-11-11',
        start_time: '09:30',
        end_time: null,
        type: 1,
        reason: 'Traffic',
        requester_user_id: requester.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await failure(approveCorrection(ctx, approve, { id: correction.id }))).message).toMatch(
      /^The payroll of 11\/2026 is finalised and locked: this correction would change that month's pay/,
    );

    // Reopening needs a reason and the whole company's scope.
    await expect(reopenPayroll(ctx, upd(), { id: novRun, reason: ' ' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['reason'], message: 'is required' })],
    });
    const deptHr = await makeDepartmentHr(services, org, 0);
    expect(
      (await failure(reopenPayroll(ctx, requirePermission(deptHr, 'salary.update'), { id: novRun, reason: 'x' }))).code,
    ).toBe('FORBIDDEN');
    const reopened = await reopenPayroll(ctx, upd(), { id: novRun, reason: 'Late overtime of 10/11' });
    expect(reopened).toMatchObject({ id: novRun, status: 'draft', finalisedAt: null });
    const log = await tdb.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'payroll_run')
      .where('entity_id', '=', String(novRun))
      .where('action', '=', 'reopen')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.after).toMatchObject({ status: 'draft', reason: 'Late overtime of 10/11' });

    const approved = await approveOvertime(ctx, approve, { id: overtime });
    expect(approved.status).toBe(1);
  });

  it('two concurrent reopens: exactly one succeeds, the other is told it was reopened meanwhile', async () => {
    await finalisePayroll(ctx, upd(), { id: novRun });
    const both = await Promise.allSettled([
      reopenPayroll(ctx, upd(), { id: novRun, reason: 'A' }),
      reopenPayroll(ctx, upd(), { id: novRun, reason: 'B' }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as Error).message).toBe('Payroll for 11/2026 was reopened meanwhile');
  });
});
