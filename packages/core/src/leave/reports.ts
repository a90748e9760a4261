import { employeeName, employeeSearch } from '../shared/employee-sql';
import { type SqlBool, sql } from 'kysely';
import { mayDecideSql } from '../access/index';
import type { Ctx, Db } from '../shared/context';
import { pageOf, pageOffset } from '../shared/page';
import type { In, Page } from '../shared/zod';
import { employeesOf, visible } from './access';
import { qualifiesForCurrentStep } from './approvals';
import type { Approve, View } from './grants';
import { type RawRow, requestBase, requestColumns, toRow } from './request-rows';
import {
  awaitingMeInput,
  LEAVE_STATUS,
  type LeaveReport,
  type LeaveRow,
  type LeaveScheduleRow,
  leaveReportInput,
  leaveScheduleInput,
} from './schema';

// Schedule, report, dashboard, payroll

const lastDayOfMonth = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * /attendance/leave/schedule: who is away when. One row per employee in scope with leave in the
 * month (approved; pending too on request), with the days, ordered by department and name.
 */
export async function leaveSchedule(ctx: Ctx, grant: View, raw: In<typeof leaveScheduleInput>): Promise<Page<LeaveScheduleRow>> {
  const f = leaveScheduleInput.parse(raw);
  const from = `${f.month}-01`;
  const to = lastDayOfMonth(f.month);
  const statuses = f.includePending ? [LEAVE_STATUS.Approved, LEAVE_STATUS.Pending] : [LEAVE_STATUS.Approved];
  const conds = employeesOf(grant, f);
  if (f.search) conds.push(employeeSearch(f.search));
  const r = await sql<Omit<LeaveScheduleRow, 'days'> & { days: string; total: number }>`
    with x as (
      select x.employee_id, x.work_date, x.fraction, r.id as request_id, t.code, r.status
      from leave_request_days x
      join leave_requests r on r.id = x.request_id
      join leave_types t on t.id = r.leave_type_id
      where x.work_date between ${from}::date and ${to}::date
        and r.status in (${sql.join(statuses.map((s) => sql`${s}`))})
    )
    select e.id as "employeeId", e.employee_number as "employeeNumber", ${employeeName} as "employeeName",
      d.name as department, sum(x.fraction)::float8 as "totalDays",
      json_agg(json_build_object('date', to_char(x.work_date, 'YYYY-MM-DD'), 'fraction', x.fraction::float8,
        'requestId', x.request_id, 'leaveTypeCode', x.code, 'status', x.status) order by x.work_date)::text as days,
      (count(*) over ())::int as total
    from x
    join employees e on e.id = x.employee_id
    left join departments d on d.id = e.department_id
    where ${sql.join(conds, sql` and `)}
    group by e.id, d.name
    order by d.name nulls last, ${employeeName}, e.id
    limit ${f.pageSize} offset ${pageOffset(f)}`.execute(ctx.db);
  return pageOf(r.rows, f, ({ days, ...row }) => ({ ...row, days: JSON.parse(days) as LeaveScheduleRow['days'] }));
}

/**
 * Approved leave of a year per type and month (requests touching the month, working days in it),
 * for employees in scope: the dashboard's leave report.
 */
export async function leaveReport(ctx: Ctx, grant: View, raw: In<typeof leaveReportInput>): Promise<LeaveReport> {
  const f = leaveReportInput.parse(raw);
  const conds = employeesOf(grant, f);
  // The approved leave days of the year of employees in scope (both queries read the same rows).
  const approvedDays = sql`from leave_request_days x
    join leave_requests r on r.id = x.request_id
    join leave_types t on t.id = r.leave_type_id
    join employees e on e.id = r.employee_id
    where r.status = ${LEAVE_STATUS.Approved}
      and x.work_date between ${`${f.year}-01-01`}::date and ${`${f.year}-12-31`}::date
      and ${sql.join(conds, sql` and `)}`;
  const r = await sql<{ leaveTypeId: number; leaveType: string; month: number; requests: number; days: number }>`
    select t.id as "leaveTypeId", t.name as "leaveType", date_part('month', x.work_date)::int as month,
      count(distinct r.id)::int as requests, sum(x.fraction)::float8 as days
    ${approvedDays}
    group by t.id, t.name, 3
    order by t.name, t.id, 3`.execute(ctx.db);
  const totals = await sql<{ leaveTypeId: number; leaveType: string; requests: number; days: number }>`
    select t.id as "leaveTypeId", t.name as "leaveType", count(distinct r.id)::int as requests, sum(x.fraction)::float8 as days
    ${approvedDays}
    group by t.id, t.name
    order by t.name, t.id`.execute(ctx.db);
  return { year: f.year, rows: r.rows, totals: totals.rows };
}

/**
 * Pending requests the caller may decide (employees in scope, not their own), newest first: the
 * dashboard's "leave requests" widget.
 */
export async function leaveAwaitingMe(ctx: Ctx, grant: Approve, raw?: In<typeof awaitingMeInput>): Promise<LeaveRow[]> {
  const f = awaitingMeInput.parse(raw);
  const actor = grant.actor;
  const q = requestBase(ctx.db)
    .where(visible(actor, 'scope'))
    .where('r.status', '=', LEAVE_STATUS.Pending)
    .where(sql<SqlBool>`(r.approval_steps = 0 or ${qualifiesForCurrentStep(actor)})`)
    // Only what the duty rules let the caller decide (docs/security.md §1.3).
    .where(
      mayDecideSql(actor, {
        requestedBy: sql.ref('r.requested_by_user_id'),
        subjectEmployeeId: sql.ref('r.employee_id'),
        filedAt: sql.ref('r.created_at'),
        decidedEarlierStep: sql<SqlBool>`exists (select 1 from leave_request_approvals da
          where da.request_id = r.id and da.decided_by_user_id = ${actor.userId})`,
      }),
    );
  const rows = await q
    .select(requestColumns)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(f?.limit ?? 10)
    .execute();
  return rows.map((r) => toRow(r as RawRow));
}

/**
 * For payroll: approved leave marked not paid (be-paid false), in working days per employee
 * between two dates (inclusive). Employees without such leave are left out.
 */
export async function approvedUnpaidLeaveDays(
  db: Db,
  opts: { employeeIds: readonly number[]; from: string; to: string },
): Promise<{ employeeId: number; days: number }[]> {
  if (opts.employeeIds.length === 0) return [];
  const r = await sql<{ employeeId: number; days: number }>`
    select r.employee_id as "employeeId", sum(x.fraction)::float8 as days
    from leave_request_days x
    join leave_requests r on r.id = x.request_id
    where r.status = ${LEAVE_STATUS.Approved} and not r.be_paid
      and x.work_date between ${opts.from}::date and ${opts.to}::date
      and r.employee_id in (select (jsonb_array_elements_text(${JSON.stringify(opts.employeeIds)}::jsonb))::int)
    group by r.employee_id
    order by r.employee_id`.execute(db);
  return r.rows;
}
