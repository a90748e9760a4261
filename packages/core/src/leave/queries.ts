import { sql } from 'kysely';
import { userName } from '../shared/employee-sql';
import type { Db } from '../shared/context';
import { annualEntitlement, carryOver, entitlementDateOf } from './rules';
import type { LeaveAdjustment, LeaveBalance, LeaveSettings } from './schema';

/** SQL only (Kysely); the rules live in rules.ts and the operations in service.ts. */

export async function readLeaveSettings(db: Db): Promise<LeaveSettings> {
  const s = await db.selectFrom('leave_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    annualDays: Number(s.annual_days),
    carryOverMaxDays: Number(s.carry_over_max_days),
    prorateFirstYear: s.prorate_first_year,
    updatedAt: s.updated_at,
  };
}

/**
 * The working days of an employee between two dates ('yyyy-mm-dd', ascending), read from the
 * attendance module's tables (read only): the roster row of the day decides (a shift = working,
 * no shift = day off); without a roster row, the attendance settings' workdays. A holiday of the
 * employee's office or a company-wide one is never a working day.
 */
export async function workingDays(db: Db, employeeId: number, from: string, to: string): Promise<string[]> {
  const r = await sql<{ d: string }>`
    select to_char(g.d, 'YYYY-MM-DD') as d
    from generate_series(${from}::date, ${to}::date, interval '1 day') as g(d)
    cross join attendance_settings st
    join employees e on e.id = ${employeeId}
    left join schedules sc on sc.employee_id = e.id and sc.work_date = g.d::date
    where st.id = 1
      and case when sc.employee_id is not null then sc.shift_id is not null
               else (st.workday_mask >> extract(isodow from g.d)::int) & 1 = 1 end
      and not exists (
        select 1 from holidays h
        where h.holiday_date = g.d::date and (h.company_office_id is null or h.company_office_id = e.company_office_id)
      )
    order by g.d`.execute(db);
  return r.rows.map((x) => x.d);
}

interface EmployeeDates {
  annual_leave_date: string | null;
}

async function employeeDates(db: Db, employeeId: number): Promise<EmployeeDates | undefined> {
  return db.selectFrom('employees').select(['annual_leave_date']).where('id', '=', employeeId).executeTakeFirst();
}

const entitlementOf = (e: EmployeeDates) => entitlementDateOf({ annualLeaveDate: e.annual_leave_date });

interface BalanceRow {
  employee_id: number;
  year: number;
  entitlement_date: string | null;
  entitled: string;
  carried: string;
  adjustment: string;
  used: string;
  reserved: string;
}

type BalanceFigures = Omit<LeaveBalance, 'adjustments'>;

const toBalance = (r: BalanceRow): BalanceFigures => {
  const n = (v: string) => Number(v);
  const remaining = n(r.entitled) + n(r.carried) + n(r.adjustment) - n(r.used) - n(r.reserved);
  return {
    employeeId: r.employee_id,
    year: r.year,
    entitlementDate: r.entitlement_date,
    entitled: n(r.entitled),
    carried: n(r.carried),
    adjustment: n(r.adjustment),
    used: n(r.used),
    reserved: n(r.reserved),
    remaining: Math.round(remaining * 2) / 2,
  };
};

async function storedBalance(db: Db, employeeId: number, year: number, lock = false): Promise<BalanceRow | undefined> {
  let q = db.selectFrom('leave_balances').selectAll().where('employee_id', '=', employeeId).where('year', '=', year);
  if (lock) q = q.forUpdate();
  return (await q.executeTakeFirst()) as BalanceRow | undefined;
}

/** What a year's row would hold if created now: entitlement and carry-over from the previous year. */
async function freshBalance(db: Db, employeeId: number, year: number): Promise<BalanceRow | null> {
  const e = await employeeDates(db, employeeId);
  if (!e) return null;
  const settings = await readLeaveSettings(db);
  const ent = entitlementOf(e);
  const prev = await storedBalance(db, employeeId, year - 1);
  // A previous year without a row had nothing taken: its entitlement is left whole.
  const prevRemaining = prev ? toBalance(prev).remaining : annualEntitlement(year - 1, ent, settings);
  return {
    employee_id: employeeId,
    year,
    entitlement_date: ent,
    entitled: String(annualEntitlement(year, ent, settings)),
    carried: String(carryOver(prevRemaining, settings.carryOverMaxDays)),
    adjustment: '0',
    used: '0',
    reserved: '0',
  };
}

/** A year's balance: the stored row, or what it would be (nothing taken yet). Null for an unknown employee. */
export async function balanceOf(db: Db, employeeId: number, year: number): Promise<LeaveBalance | null> {
  const row = (await storedBalance(db, employeeId, year)) ?? (await freshBalance(db, employeeId, year));
  if (!row) return null;
  const adjustments = await sql<LeaveAdjustment>`
    select a.id, a.days::float8 as days, a.reason, a.created_at as "createdAt",
      ${userName('u', 'ce')} as "createdBy"
    from leave_balance_adjustments a
    join users u on u.id = a.created_by_user_id
    left join employees ce on ce.id = u.employee_id
    where a.employee_id = ${employeeId} and a.year = ${year}
    order by a.id`.execute(db);
  return { ...toBalance(row), adjustments: adjustments.rows };
}

/**
 * Creates the year's balance row when missing and locks it (`for update`) for the rest of the
 * transaction: every request, edit and decision of that employee and year queues behind it.
 */
export async function lockBalance(db: Db, employeeId: number, year: number): Promise<BalanceFigures> {
  const existing = await storedBalance(db, employeeId, year, true);
  if (existing) return toBalance(existing);
  const fresh = await freshBalance(db, employeeId, year);
  if (!fresh) throw new Error(`employee ${employeeId} not found`);
  await db
    .insertInto('leave_balances')
    .values(fresh)
    .onConflict((oc) => oc.columns(['employee_id', 'year']).doNothing())
    .execute();
  return toBalance((await storedBalance(db, employeeId, year, true))!);
}

/**
 * Holds `days` of the year's balance for a pending request: one guarded update that only
 * succeeds while the remaining days cover it (the table's check refuses a negative balance too).
 * Returns false when they do not.
 */
export async function reserveDays(db: Db, employeeId: number, year: number, days: number): Promise<boolean> {
  const r = await sql<{ ok: number }>`
    update leave_balances set reserved = reserved + ${days}::numeric, updated_at = now()
    where employee_id = ${employeeId} and year = ${year}
      and entitled + carried + adjustment - used - reserved >= ${days}::numeric
    returning 1 as ok`.execute(db);
  return r.rows.length === 1;
}

/** Moves days between the reserved and used columns (decisions); amounts are signed. */
export async function shiftDays(
  db: Db,
  employeeId: number,
  year: number,
  change: { reserved?: number; used?: number },
): Promise<void> {
  await sql`
    update leave_balances set reserved = reserved + ${change.reserved ?? 0}::numeric,
      used = used + ${change.used ?? 0}::numeric, updated_at = now()
    where employee_id = ${employeeId} and year = ${year}`.execute(db);
}
