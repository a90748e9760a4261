import { actorForUser } from '../auth/index';
import type { Actor } from '../access/index';
import { requirePermission } from '../access/index';
import { type Ctx, inTransaction } from '../shared/context';
import { approveCorrection, cancelMyCorrection, disapproveCorrection, requestCorrection } from './corrections';
import { approveOvertime, disapproveOvertime, requestOvertime } from './overtime';
import { todayOf } from './shared';

const plus = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dow = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The nth weekday (Mon–Fri) before `date`. */
function weekdayBefore(date: string, n: number): string {
  let d = date;
  let left = n;
  while (left > 0) {
    d = plus(d, -1);
    if (dow(d) !== 0 && dow(d) !== 6) left--;
  }
  return d;
}

/**
 * Demo corrections and overtime in every status, made through the services themselves (so an
 * approved correction has its timesheet override): requests by the demo employee, supervisor
 * and inventory staff; decisions by the Human Capital manager. Does nothing when requests exist
 * or the demo users are missing; returns whether it seeded. Call after the demo users exist.
 */
export async function seedAttendanceRequestsDemo(ctx: Ctx): Promise<boolean> {
  return inTransaction(ctx, async (db) => {
    const any = await db.selectFrom('attendance_corrections').select('id').limit(1).executeTakeFirst();
    if (any) return false;
    const users = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'in', ['hc@demo.co.id', 'employee@demo.co.id', 'supervisor@demo.co.id', 'inventory@demo.co.id'])
      .execute();
    const actors = new Map<string, Actor>();
    for (const u of users) {
      const a = await actorForUser(db, u.id, 'user');
      if (a?.employeeId) actors.set(u.email, a);
    }
    const hc = actors.get('hc@demo.co.id');
    const emp = actors.get('employee@demo.co.id');
    const sup = actors.get('supervisor@demo.co.id');
    const inv = actors.get('inventory@demo.co.id');
    if (!hc || !emp || !sup || !inv) return false;
    const c = (a: Actor): Ctx => ({ ...ctx, db, actor: a });
    const personal = (a: Actor) => requirePermission(a, 'personal.access');
    const approve = requirePermission(hc, 'attendance.approve');
    const today = todayOf(ctx);

    // Corrections: pending, approved (the timesheet changes), disapproved and cancelled.
    await requestCorrection(c(emp), personal(emp), {
      date: weekdayBefore(today, 1),
      type: 1,
      startTime: '09:15',
      reason: 'Took my child to the doctor in the morning',
    });
    const shift = await requestCorrection(c(emp), personal(emp), {
      date: weekdayBefore(today, 3),
      type: 4,
      startTime: '08:00',
      endTime: '17:00',
      reason: 'The fingerprint terminal was offline all day',
    });
    await approveCorrection(c(hc), approve, { id: shift.id, note: 'Terminal outage confirmed by IT' });
    await requestCorrection(c(sup), personal(sup), {
      date: weekdayBefore(today, 2),
      type: 2,
      endTime: '15:30',
      reason: 'Visited a supplier at the port',
    });
    const short = await requestCorrection(c(inv), personal(inv), {
      date: weekdayBefore(today, 4),
      type: 3,
      startTime: '10:00',
      endTime: '11:30',
      reason: 'Renewed my driving licence',
    });
    await disapproveCorrection(c(hc), approve, { id: short.id, note: 'Please take annual leave for this' });
    const early = await requestCorrection(c(emp), personal(emp), {
      date: weekdayBefore(today, 5),
      type: 2,
      endTime: '16:00',
      reason: 'Family event',
    });
    await cancelMyCorrection(c(emp), personal(emp), { id: early.id });

    // Overtime: pending, approved and disapproved.
    await requestOvertime(c(emp), personal(emp), {
      date: weekdayBefore(today, 2),
      startTime: '17:00',
      endTime: '19:00',
      reason: 'Month-end sales report',
    });
    const stock = await requestOvertime(c(sup), personal(sup), {
      date: weekdayBefore(today, 3),
      hours: 3,
      reason: 'Production line changeover',
    });
    await approveOvertime(c(hc), approve, { id: stock.id, note: 'Ordered by the operations manager' });
    await requestOvertime(c(inv), personal(inv), {
      date: plus(today, 1),
      startTime: '17:00',
      endTime: '20:00',
      reason: 'Stock opname',
    });
    const weekend = await requestOvertime(c(emp), personal(emp), {
      date: weekdayBefore(today, 6),
      hours: 2.5,
      reason: 'Customer visit preparation',
    });
    await disapproveOvertime(c(hc), approve, { id: weekend.id, note: 'Not ordered in advance' });
    return true;
  });
}
