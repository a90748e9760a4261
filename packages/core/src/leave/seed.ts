import { sql } from 'kysely';
import { setTimesheetOverrides } from '../attendance/index';
import { type Ctx, inTransaction } from '../shared/context';
import { todayOf } from '../shared/date-ranges';
import { lockBalance, reserveDays, shiftDays, workingDays } from './queries';
import { entitlementDateOf } from './rules';
import { LEAVE_STATUS } from './schema';

/** Leave types of a typical Indonesian company (UU 13/2003 art. 79, 82, 93). */
const TYPES = [
  {
    code: 'AL',
    name: 'Annual Leave',
    paid: true,
    counts_annual: true,
    max_days: null,
    needs_attachment: false,
    allow_half_day: true,
  },
  {
    code: 'SL',
    name: 'Sick Leave',
    paid: true,
    counts_annual: false,
    max_days: '14',
    needs_attachment: true,
    allow_half_day: false,
  },
  {
    code: 'ML',
    name: 'Marriage Leave',
    paid: true,
    counts_annual: false,
    max_days: '3',
    needs_attachment: false,
    allow_half_day: false,
  },
  {
    code: 'MAT',
    name: 'Maternity Leave',
    paid: true,
    counts_annual: false,
    max_days: '66',
    needs_attachment: true,
    allow_half_day: false,
  },
  {
    code: 'BRV',
    name: 'Bereavement Leave',
    paid: true,
    counts_annual: false,
    max_days: '2',
    needs_attachment: false,
    allow_half_day: false,
  },
  {
    code: 'UL',
    name: 'Unpaid Leave',
    paid: false,
    counts_annual: false,
    max_days: null,
    needs_attachment: false,
    allow_half_day: true,
  },
] as const;

const addDays = (date: string, n: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/**
 * Demo leave: the leave types and a dozen requests around today in every status (approved ones
 * marked in the timesheet). Does nothing when leave types exist; returns whether it seeded. Call
 * after the employees and users exist (end of the demo seed).
 */
export async function seedLeaveDemo(ctx: Ctx): Promise<boolean> {
  return inTransaction(ctx, async (db) => {
    const any = await db.selectFrom('leave_types').select('id').limit(1).executeTakeFirst();
    if (any) return false;
    const types = await db
      .insertInto('leave_types')
      .values([...TYPES])
      .returning(['id', 'code'])
      .execute();
    const typeId = new Map(types.map((t) => [t.code, t.id]));
    const hcUser =
      (await db.selectFrom('users').select('id').where('email', '=', 'hc@demo.co.id').executeTakeFirst()) ??
      (await db.selectFrom('users').select('id').orderBy('id').executeTakeFirst());
    if (!hcUser) return true;
    const today = todayOf(ctx);
    const year = today.slice(0, 4);
    // Employees entitled to annual leave since before this year, with a login first (the demo personas).
    const employees = await db
      .selectFrom('employees as e')
      .leftJoin('users as u', 'u.employee_id', 'e.id')
      .select(['e.id', 'e.annual_leave_date', 'u.id as userId'])
      .where('e.resigned', '=', 0)
      .orderBy(sql`u.id is null`)
      .orderBy('e.id')
      .limit(40)
      .execute();
    const entitled = employees.filter((e) => {
      const d = entitlementDateOf({ annualLeaveDate: e.annual_leave_date });
      return d !== null && d < `${year}-01-01`;
    });
    // [type, offset from today (days), length (calendar days), status]
    const plan: [string, number, number, number][] = [
      ['AL', -20, 3, LEAVE_STATUS.Approved],
      ['AL', 5, 2, LEAVE_STATUS.Pending],
      ['SL', -9, 1, LEAVE_STATUS.Approved],
      ['AL', 12, 5, LEAVE_STATUS.Pending],
      ['UL', -6, 1, LEAVE_STATUS.Disapproved],
      ['ML', 18, 3, LEAVE_STATUS.Pending],
      ['AL', -3, 1, LEAVE_STATUS.Cancel],
      ['AL', 2, 1, LEAVE_STATUS.Approved],
      ['BRV', -13, 2, LEAVE_STATUS.Approved],
      ['UL', 9, 2, LEAVE_STATUS.Pending],
      ['AL', 25, 4, LEAVE_STATUS.Approved],
      ['AL', -30, 2, LEAVE_STATUS.Disapproved],
    ];
    const pdf = Buffer.from('%PDF-1.4\n% demo doctor note\n%%EOF');
    for (const [i, [code, offset, length, status]] of plan.entries()) {
      const e = entitled[i % Math.max(entitled.length, 1)];
      if (!e) break;
      const start = addDays(today, offset);
      let end = addDays(start, length - 1);
      if (end.slice(0, 4) !== start.slice(0, 4)) end = `${start.slice(0, 4)}-12-31`;
      const dates = await workingDays(db, e.id, start, end);
      if (dates.length === 0) continue;
      const clash = await db
        .selectFrom('leave_request_days as x')
        .innerJoin('leave_requests as r', 'r.id', 'x.request_id')
        .select('r.id')
        .where('r.employee_id', '=', e.id)
        .where('r.status', 'in', [1, 3])
        .where('x.work_date', 'in', dates)
        .executeTakeFirst();
      if (clash) continue;
      const y = Number(start.slice(0, 4));
      const counts = code === 'AL';
      await lockBalance(db, e.id, y);
      if (counts && (status === LEAVE_STATUS.Pending || status === LEAVE_STATUS.Approved)) {
        if (!(await reserveDays(db, e.id, y, dates.length))) continue;
        if (status === LEAVE_STATUS.Approved) await shiftDays(db, e.id, y, { reserved: -dates.length, used: dates.length });
      }
      const decided = status !== LEAVE_STATUS.Pending;
      const req = await db
        .insertInto('leave_requests')
        .values({
          employee_id: e.id,
          leave_type_id: typeId.get(code)!,
          start_date: start,
          end_date: end,
          days: dates.length,
          counts_annual: counts,
          be_paid: code !== 'UL',
          reason: ['Family trip', 'Wedding of a sibling', 'Doctor visit', 'Moving house', 'Personal matters'][i % 5]!,
          status,
          attachment_name: code === 'SL' ? 'doctor-note.pdf' : null,
          attachment_mime: code === 'SL' ? 'application/pdf' : null,
          attachment: code === 'SL' ? pdf : null,
          requested_by_user_id: e.userId ?? hcUser.id,
          decided_by_user_id: decided ? hcUser.id : null,
          decided_at: decided ? new Date(ctx.clock().getTime() - 86_400_000) : null,
          decision_note: status === LEAVE_STATUS.Disapproved ? 'Too many people away that week' : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('leave_request_days')
        .values(dates.map((d) => ({ request_id: req.id, employee_id: e.id, work_date: d, fraction: 1 })))
        .execute();
      if (status === LEAVE_STATUS.Approved)
        await setTimesheetOverrides(
          db,
          dates.map((d) => ({
            employeeId: e.id,
            date: d,
            source: 'leave',
            priority: 10,
            status: null,
            dayType: 'leave' as const,
            refId: req.id,
            note: `Leave #${req.id} (${code})`,
          })),
          hcUser.id,
        );
    }
    return true;
  });
}
