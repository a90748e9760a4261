import ExcelJS from 'exceljs';
import { type RawBuilder, sql } from 'kysely';
import { audit } from '../audit/index';
import { ownEmployeeRecordId, refuseOwn } from '../access/index';
import type { Grant } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { ddmmyyyy } from '../shared/date-ranges';
import { AppError, invalid, notFound } from '../shared/errors';
import { addHeaderSheet, xlsxDownload } from '../shared/xlsx';
import type { Page, In } from '../shared/zod';
import { pageLimit, pageOf, pageTotal } from '../shared/page';
import { employeeName } from '../shared/employee-sql';
import { addDays, computeTimesheets, dateIn } from './engine';
import { employeeVisible, querySettings, scopedEmployeeCondition } from './queries';
import { resolvePeriod } from './period';
import { checkRange } from './setup';
import {
  clearManualInput,
  type DayType,
  downloadTimesheetsInput,
  FAILED_STATUSES,
  listTimesheetsInput,
  manualEditInput,
  personalPeriodInput,
  recomputeInput,
  type SummaryRow,
  shiftLabel,
  statusLabel,
  summaryInput,
  type TimesheetDownload,
  type TimesheetRow,
} from './schema';

type View = Grant<'attendance.view'>;
type Manage = Grant<'attendance.manage'>;

/** Longest period a list, summary or download covers (days). */
export const MAX_PERIOD_DAYS = 93;

/** Today in the company time zone ('yyyy-mm-dd'). */
export async function today(ctx: Ctx): Promise<string> {
  return dateIn((await querySettings(ctx.db)).timeZone, ctx.clock());
}

// ---------------------------------------------------------------------------------------------
// Override hook (approved leave, corrections, manual edits)

/**
 * One override of a computed day (see docs/attendance.md). `status` replaces the computed status
 * (null too: e.g. a leave day has no failure); the other fields replace the computed ones where
 * given. One row per (employee, day, source); the highest priority wins.
 */
export interface TimesheetOverride {
  employeeId: number;
  date: string;
  /** Who owns the row, e.g. 'manual', 'leave', 'correction'. */
  source: string;
  /** Higher wins; manual edits use 100. */
  priority?: number;
  status: number | null;
  dayType?: DayType | null;
  /** 'yyyy-mm-ddThh:mm:ss' device-local. */
  firstIn?: string | null;
  lastOut?: string | null;
  lateMinutes?: number | null;
  earlyMinutes?: number | null;
  workedMinutes?: number | null;
  /** The owning record (leave request id, correction id). */
  refId?: number | null;
  note?: string | null;
  /**
   * The engine derives the status from the overridden clock-in/out and minutes on every
   * recompute (`status` is then ignored), so later punches still move it (approved corrections).
   */
  deriveStatus?: boolean;
}

/**
 * Writes overrides (set-based upsert on employee, day, source) and recomputes exactly their days.
 * Call inside the approving transaction; the caller has checked permission and scope.
 */
export async function setTimesheetOverrides(db: Db, overrides: readonly TimesheetOverride[], createdBy: number | null) {
  if (overrides.length === 0) return 0;
  const rows = overrides.map((o) => ({
    employee_id: o.employeeId,
    work_date: o.date,
    source: o.source,
    priority: o.priority ?? 0,
    status: o.status,
    day_type: o.dayType ?? null,
    first_in: o.firstIn ?? null,
    last_out: o.lastOut ?? null,
    late_minutes: o.lateMinutes ?? null,
    early_minutes: o.earlyMinutes ?? null,
    worked_minutes: o.workedMinutes ?? null,
    ref_id: o.refId ?? null,
    note: o.note ?? null,
    derive_status: o.deriveStatus ?? false,
  }));
  await sql`
    insert into timesheet_overrides (employee_id, work_date, source, priority, status, day_type, first_in, last_out,
      late_minutes, early_minutes, worked_minutes, ref_id, note, derive_status, created_by)
    select x.employee_id, x.work_date, x.source, x.priority, x.status, x.day_type, x.first_in, x.last_out,
      x.late_minutes, x.early_minutes, x.worked_minutes, x.ref_id, x.note, x.derive_status, ${createdBy}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(employee_id integer, work_date date, source text,
      priority smallint, status smallint, day_type text, first_in timestamp, last_out timestamp, late_minutes integer,
      early_minutes integer, worked_minutes integer, ref_id integer, note text, derive_status boolean)
    on conflict (employee_id, work_date, source) do update set priority = excluded.priority, status = excluded.status,
      day_type = excluded.day_type, first_in = excluded.first_in, last_out = excluded.last_out,
      late_minutes = excluded.late_minutes, early_minutes = excluded.early_minutes,
      worked_minutes = excluded.worked_minutes, ref_id = excluded.ref_id, note = excluded.note,
      derive_status = excluded.derive_status, created_by = excluded.created_by, created_at = now()`.execute(db);
  return computeTimesheets(db, { kind: 'pairs', pairs: overrides.map((o) => ({ employeeId: o.employeeId, date: o.date })) });
}

/** Removes overrides of one source (a cancelled leave, a withdrawn correction) and recomputes their days. */
export async function removeTimesheetOverrides(
  db: Db,
  keys: readonly { employeeId: number; date: string; source: string }[],
): Promise<number> {
  if (keys.length === 0) return 0;
  const json = JSON.stringify(keys.map((k) => ({ employee_id: k.employeeId, work_date: k.date, source: k.source })));
  await sql`delete from timesheet_overrides o using jsonb_to_recordset(${json}::jsonb)
      as x(employee_id integer, work_date date, source text)
    where o.employee_id = x.employee_id and o.work_date = x.work_date and o.source = x.source`.execute(db);
  return computeTimesheets(db, { kind: 'pairs', pairs: keys.map((k) => ({ employeeId: k.employeeId, date: k.date })) });
}

/** Recomputes the given (employee, day) pairs (for other modules: leave, corrections). */
export async function recomputeTimesheetDays(db: Db, pairs: readonly { employeeId: number; date: string }[]): Promise<number> {
  return computeTimesheets(db, { kind: 'pairs', pairs });
}

// ---------------------------------------------------------------------------------------------
// Lists

interface RowQuery {
  cond: RawBuilder<boolean>;
  from: string;
  to: string;
  statuses?: readonly number[] | undefined;
  page: number;
  pageSize: number;
  /** Count at most this many rows (the lists: TIMESHEET_TOTAL_CAP); beyond, `totalCapped`. Default: exact. */
  totalCap?: number;
  /**
   * The condition picks a few employees (a search, chosen employees): their rows are found and sorted directly
   * instead of walking every day's employees in name order looking for them (0.2–0.3 s at 100,000 employees).
   */
  fewEmployees?: boolean;
}

/** Whether a list filter names a few employees (a search or chosen employees) rather than a part of the company. */
const namesFewEmployees = (f: {
  search?: string | undefined;
  employeeId?: number | undefined;
  employeeIds?: readonly number[] | undefined;
}) => Boolean(f.search || f.employeeId || f.employeeIds?.length);

/**
 * The timesheet lists count at most this many rows: a month of 100,000 employees is 3 million rows, and
 * "more than 10,000" is all a pager needs (issue 22).
 */
export const TIMESHEET_TOTAL_CAP = 10_000;
/** Up to this row (offset + page size), a page is found day by day in name order (timesheetPage). */
const DAY_WALK_ROWS = 10_000;

type RawRow = Omit<TimesheetRow, 'shift' | 'statusLabel' | 'manual'> & {
  sname: string | null;
  sstart: string | null;
  send: string | null;
  override_source: string | null;
};

/**
 * The keys (employee, day) of one page's rows, walking the days from the newest: each day's employees in the
 * order of the name index, its row of that day looked up by key, stopping at the rows the page needs. Days are
 * read in growing windows (1, 4, 16 … days), so a page of a large company reads one day and a page of one
 * employee a few windows.
 */
async function walkedKeys(db: Db, q: RowQuery, statuses: RawBuilder<boolean>, offset: number) {
  const need = offset + q.pageSize;
  const keys: { employee_id: number; work_date: string }[] = [];
  let last = q.to;
  // Days counted as whole numbers back from the window's last day: the planner knows how many an integer series
  // gives (a date series is guessed at 1,000, which made the plan look costly enough to be JIT-compiled: 0.25 s).
  for (let span = 1; keys.length < need && last >= q.from; span *= 4) {
    const first = [addDays(last, 1 - span), q.from].sort().at(-1)!;
    const more = need - keys.length;
    const r = await sql<{ employee_id: number; work_date: string }>`
      select x.employee_id, x.work_date from generate_series(0, ${span - 1}::int) as i
      cross join lateral (select ${last}::date - i as d) days
      cross join lateral (
        select t.employee_id, to_char(t.work_date, 'YYYY-MM-DD') as work_date, e.given_name || ' ' || e.surname as sort_name
        from employees e
        join timesheets t on t.work_date = days.d and t.employee_id = e.id
        where ${q.cond} and ${statuses} and days.d >= ${first}::date
        order by e.given_name || ' ' || e.surname, e.id
        limit ${more}
      ) x
      order by x.work_date desc, x.sort_name, x.employee_id
      limit ${more}`.execute(db);
    keys.push(...r.rows);
    last = addDays(first, -1);
  }
  return keys.slice(offset, need);
}

const timesheetSelect = sql`e.id as "employeeId", e.employee_number as "employeeNumber",
  ${employeeName} as "employeeName", d.name as department,
  to_char(t.work_date, 'YYYY-MM-DD') as date, t.day_type as "dayType", t.shift_id as "shiftId",
  s.name as sname, to_char(s.start_time, 'HH24:MI') as sstart, to_char(s.end_time, 'HH24:MI') as send,
  t.status, to_char(t.first_in, 'YYYY-MM-DD HH24:MI') as "firstIn", to_char(t.last_out, 'YYYY-MM-DD HH24:MI') as "lastOut",
  t.late_minutes as "lateMinutes", t.early_minutes as "earlyMinutes", t.worked_minutes as "workedMinutes",
  t.override_source`;

function timesheetWhere(q: Omit<RowQuery, 'page' | 'pageSize'>): RawBuilder<boolean> {
  const parts = [sql<boolean>`t.work_date between ${q.from}::date and ${q.to}::date`, q.cond];
  if (q.statuses) parts.push(sql<boolean>`t.status in (${sql.join(q.statuses.map((s) => sql`${s}`))})`);
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

const toRow = ({ sname, sstart, send, override_source, ...r }: RawRow): TimesheetRow => ({
  ...r,
  shift: sname && sstart && send ? shiftLabel(sname, sstart, send) : null,
  statusLabel: statusLabel(r.status),
  manual: override_source === 'manual',
});

/**
 * One page of timesheet rows (newest first) for a raw employee condition on alias `e`. The page and the total are
 * two statements (issue 22): a window count made the database build every matching row in full (names, shift
 * labels, formatted times) and sort them all before handing out 25 of them; alone, the page keeps only the
 * top rows while sorting and the count reads no more than it needs. A first page that is not full is its own total.
 */
export async function timesheetPage(db: Db, q: RowQuery): Promise<Page<TimesheetRow> & { totalCapped: boolean }> {
  const where = timesheetWhere(q);
  const offset = (q.page - 1) * q.pageSize;
  // Newest day first, then the employees in name order. Up to DAY_WALK_ROWS, each day of the period reads its
  // employees in the order of the name index and looks their row of that day up by key, stopping at the rows the
  // page needs: the first page of a month of 100,000 employees reads a few hundred rows instead of sorting
  // 3 million. Deeper, the matching rows are sorted.
  const statuses = q.statuses ? sql<boolean>`t.status in (${sql.join(q.statuses.map((st) => sql`${st}`))})` : sql<boolean>`true`;
  const r =
    !q.fewEmployees && offset + q.pageSize <= DAY_WALK_ROWS
      ? await sql<RawRow>`
    select ${timesheetSelect}
    from jsonb_to_recordset(${JSON.stringify(await walkedKeys(db, q, statuses, offset))}::jsonb) as k(employee_id integer, work_date date)
    join timesheets t on t.work_date = k.work_date and t.employee_id = k.employee_id
    join employees e on e.id = t.employee_id
    left join departments d on d.id = e.department_id
    left join shifts s on s.id = t.shift_id
    order by t.work_date desc, e.given_name || ' ' || e.surname, e.id`.execute(db)
      : await sql<RawRow>`
    select ${timesheetSelect}
    from timesheets t
    join employees e on e.id = t.employee_id
    left join departments d on d.id = e.department_id
    left join shifts s on s.id = t.shift_id
    where ${where}
    order by t.work_date desc, e.given_name || ' ' || e.surname, e.id
    limit ${q.pageSize} offset ${offset}`.execute(db);
  let capped = false;
  const total = await pageTotal(r.rows.length, q, async () => {
    const matching = sql`select 1 from timesheets t join employees e on e.id = t.employee_id where ${where}`;
    const c = await sql<{ n: number }>`select count(*)::int as n from (${
      q.totalCap === undefined ? matching : sql`${matching} limit ${q.totalCap + 1}`
    }) m`.execute(db);
    const n = c.rows[0]?.n ?? 0;
    capped = q.totalCap !== undefined && n > q.totalCap;
    return capped ? q.totalCap! : n;
  });
  return {
    rows: r.rows.map(toRow),
    total,
    totalCapped: capped,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Timesheets (spec /attendance/timesheet): one row per employee per day, scoped, filtered, paginated. */
export async function listTimesheets(
  ctx: Ctx,
  grant: View,
  raw: In<typeof listTimesheetsInput>,
): Promise<Page<TimesheetRow> & { totalCapped: boolean }> {
  return scopedTimesheetList(ctx, grant, raw, (status) => (status ? [status] : undefined));
}

/** Failed timesheets (spec /attendance/timesheet/failed): statuses 2 to 5. */
export async function listFailedTimesheets(
  ctx: Ctx,
  grant: View,
  raw: In<typeof listTimesheetsInput>,
): Promise<Page<TimesheetRow> & { totalCapped: boolean }> {
  return scopedTimesheetList(ctx, grant, raw, (status) =>
    status && (FAILED_STATUSES as readonly number[]).includes(status) ? [status] : status ? [] : FAILED_STATUSES,
  );
}

/**
 * A page of the timesheets in the caller's scope for the list's period and filters, of the statuses `statusesOf`
 * picks for the filter (undefined: any; none: an empty page).
 */
async function scopedTimesheetList(
  ctx: Ctx,
  grant: View,
  raw: In<typeof listTimesheetsInput>,
  statusesOf: (status: number | undefined) => readonly number[] | undefined,
): Promise<Page<TimesheetRow> & { totalCapped: boolean }> {
  const input = listTimesheetsInput.parse(raw);
  const { from, to } = resolvePeriod(input, await today(ctx), MAX_PERIOD_DAYS);
  const statuses = statusesOf(input.status);
  const cond = await scopedEmployeeCondition(ctx.db, grant.scope, input);
  if (statuses?.length === 0) return { rows: [], total: 0, totalCapped: false, page: input.page, pageSize: input.pageSize };
  return timesheetPage(ctx.db, {
    cond,
    from,
    to,
    statuses,
    page: input.page,
    pageSize: input.pageSize,
    totalCap: TIMESHEET_TOTAL_CAP,
    fewEmployees: namesFewEmployees(input),
  });
}

type RawSummary = Omit<SummaryRow, never> & { total: number };

async function summaryPage(db: Db, cond: RawBuilder<boolean>, from: string, to: string, page: number, pageSize: number) {
  const r = await sql<RawSummary>`
    select e.id as "employeeId", e.employee_number as "employeeNumber", ${employeeName} as "employeeName",
      d.name as department,
      count(*)::int as days,
      (count(*) filter (where t.day_type = 'workday'))::int as workdays,
      (count(*) filter (where t.status = 1))::int as valid,
      (count(*) filter (where t.status = 2))::int as "noClockIn",
      (count(*) filter (where t.status = 3))::int as "noClockOut",
      (count(*) filter (where t.status = 4))::int as late,
      (count(*) filter (where t.status = 5))::int as early,
      (count(*) filter (where t.status = 98))::int as manual,
      coalesce(sum(t.late_minutes), 0)::int as "lateMinutes",
      coalesce(sum(t.early_minutes), 0)::int as "earlyMinutes",
      coalesce(sum(t.worked_minutes), 0)::int as "workedMinutes",
      to_char(round(coalesce(sum(t.worked_minutes), 0)::numeric / 60, 2), 'FM9999999990.00') as "workedHours",
      (count(*) over ())::int as total
    from timesheets t
    join employees e on e.id = t.employee_id
    left join departments d on d.id = e.department_id
    where t.work_date between ${from}::date and ${to}::date and ${cond}
    group by e.id, d.name
    order by e.given_name, e.surname, e.id
    ${pageLimit({ page, pageSize })}`.execute(db);
  return pageOf(r.rows, { page, pageSize }, (row) => row);
}

/** Summary per employee over a period (spec /attendance/timesheet/summary): counts per status, minutes, hours. */
export async function timesheetSummary(ctx: Ctx, grant: View, raw: In<typeof summaryInput>): Promise<Page<SummaryRow>> {
  const input = summaryInput.parse(raw);
  const { from, to } = resolvePeriod(input, await today(ctx), 366);
  return summaryPage(ctx.db, await scopedEmployeeCondition(ctx.db, grant.scope, input), from, to, input.page, input.pageSize);
}

// ---------------------------------------------------------------------------------------------
// Writes

/** 'hh:mm' on the day (or a full date-time) → 'yyyy-mm-ddThh:mm:ss'. */
const atDay = (date: string, t: string) => (t.includes('T') ? t : `${date}T${t.length === 5 ? `${t}:00` : t}`);

async function timesheetOf(db: Db, employeeId: number, date: string): Promise<TimesheetRow | null> {
  const r = await sql<RawRow>`
    select ${timesheetSelect}, 1 as total
    from timesheets t join employees e on e.id = t.employee_id
    left join departments d on d.id = e.department_id left join shifts s on s.id = t.shift_id
    where t.employee_id = ${employeeId} and t.work_date = ${date}::date`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/**
 * Manual edit of one day: status 98 Manual Input with the given clock-in / clock-out (late, early
 * and worked minutes follow from them), audited with before and after. It stays over any
 * recompute until cleared.
 */
export async function editTimesheet(ctx: Ctx, grant: Manage, raw: In<typeof manualEditInput>): Promise<TimesheetRow> {
  const input = manualEditInput.parse(raw);
  if (!(await employeeVisible(ctx.db, grant.scope, input.employeeId))) throw notFound('Employee');
  refuseOwn(grant.actor, input.employeeId, 'timesheet');
  if (input.date > (await today(ctx))) {
    throw invalid([{ param: 'date', msg: 'must not be in the future' }]);
  }
  const firstIn = input.firstIn ? atDay(input.date, input.firstIn) : null;
  let lastOut = input.lastOut ? atDay(input.date, input.lastOut) : null;
  // An out earlier than the in on the same day is the next morning (overnight shift).
  if (firstIn && lastOut && lastOut <= firstIn && input.lastOut && !input.lastOut.includes('T')) {
    const d = new Date(`${input.date}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1);
    lastOut = `${d.toISOString().slice(0, 10)}${lastOut.slice(10)}`;
  }
  if (firstIn && lastOut && lastOut <= firstIn) {
    throw invalid([{ param: 'lastOut', msg: 'must be after firstIn' }]);
  }
  return inTransaction(ctx, async (trx) => {
    const before = await timesheetOf(trx, input.employeeId, input.date);
    await setTimesheetOverrides(
      trx,
      [
        {
          employeeId: input.employeeId,
          date: input.date,
          source: 'manual',
          priority: 100,
          status: 98,
          firstIn,
          lastOut,
          note: input.note,
        },
      ],
      ctx.actor?.userId ?? null,
    );
    const after = (await timesheetOf(trx, input.employeeId, input.date))!;
    await audit(ctx, trx, {
      action: 'manual_edit',
      entity: 'timesheet',
      entityId: `${input.employeeId}:${input.date}`,
      before,
      after: { ...after, note: input.note },
    });
    return after;
  });
}

/** Removes a manual edit; the day is computed from punches again. Audited. */
export async function clearTimesheetEdit(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof clearManualInput>,
): Promise<TimesheetRow | null> {
  const input = clearManualInput.parse(raw);
  if (!(await employeeVisible(ctx.db, grant.scope, input.employeeId))) throw notFound('Employee');
  refuseOwn(grant.actor, input.employeeId, 'timesheet');
  return inTransaction(ctx, async (trx) => {
    const before = await timesheetOf(trx, input.employeeId, input.date);
    if (!before?.manual) throw notFound('Manual edit');
    await removeTimesheetOverrides(trx, [{ employeeId: input.employeeId, date: input.date, source: 'manual' }]);
    const after = await timesheetOf(trx, input.employeeId, input.date);
    await audit(ctx, trx, {
      action: 'clear_manual_edit',
      entity: 'timesheet',
      entityId: `${input.employeeId}:${input.date}`,
      before,
      after,
    });
    return after;
  });
}

/** Recomputes a period (at most 93 days, not past today) for the employees of the scope and filter. */
export async function recomputeTimesheets(ctx: Ctx, grant: Manage, raw: In<typeof recomputeInput>) {
  const input = recomputeInput.parse(raw);
  checkRange(input.from, input.to, MAX_PERIOD_DAYS);
  const now = await today(ctx);
  if (input.from > now) throw invalid([{ param: 'from', msg: 'must not be in the future' }]);
  // The earlier of the two dates ('yyyy-mm-dd' sorts as text).
  const to = [input.to, now].sort()[0]!;
  const employees = await scopedEmployeeCondition(ctx.db, grant.scope, input);
  // Not one transaction: the engine commits a range in chunks of employees, two at once on PostgreSQL.
  const changed = await computeTimesheets(ctx.db, { kind: 'range', from: input.from, to, employees });
  return { from: input.from, to, changed };
}

// ---------------------------------------------------------------------------------------------
// Download

const DOWNLOAD_LIMIT = 100_000;

/** Timesheets of a period as an XLSX workbook (sheet "Timesheet": one row per employee-day; sheet "Summary"). */
export async function downloadTimesheets(
  ctx: Ctx,
  grant: View,
  raw: In<typeof downloadTimesheetsInput>,
): Promise<TimesheetDownload> {
  const input = downloadTimesheetsInput.parse(raw);
  const { from, to } = resolvePeriod(input, await today(ctx), MAX_PERIOD_DAYS);
  const cond = await scopedEmployeeCondition(ctx.db, grant.scope, input);
  const page = await timesheetPage(ctx.db, { cond, from, to, page: 1, pageSize: DOWNLOAD_LIMIT });
  if (page.total > DOWNLOAD_LIMIT) {
    throw new AppError('VALIDATION', `The download is limited to ${DOWNLOAD_LIMIT} rows; narrow the filter`, {
      fields: [{ param: 'to', msg: 'choose a shorter period or fewer employees' }],
    });
  }
  const summary = await summaryPage(ctx.db, cond, from, to, 1, DOWNLOAD_LIMIT);
  const wb = new ExcelJS.Workbook();
  wb.created = ctx.clock();
  const ts = addHeaderSheet(wb, 'Timesheet', [
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Employee No.', key: 'no', width: 16 },
    { header: 'Name', key: 'name', width: 28 },
    { header: 'Department', key: 'dept', width: 20 },
    { header: 'Shift', key: 'shift', width: 24 },
    { header: 'Day', key: 'day', width: 10 },
    { header: 'Clock-In', key: 'in', width: 18 },
    { header: 'Clock-Out', key: 'out', width: 18 },
    { header: 'Status', key: 'status', width: 16 },
    { header: 'Late (min)', key: 'late', width: 10 },
    { header: 'Early (min)', key: 'early', width: 10 },
    { header: 'Worked (min)', key: 'worked', width: 12 },
  ]);
  const hhmmOf = (v: string | null) => (v ? `${ddmmyyyy(v.slice(0, 10))} ${v.slice(11)}` : '');
  for (const r of [...page.rows].reverse()) {
    ts.addRow({
      date: ddmmyyyy(r.date),
      no: r.employeeNumber,
      name: r.employeeName,
      dept: r.department ?? '',
      shift: r.shift ?? '',
      day: r.dayType,
      in: hhmmOf(r.firstIn),
      out: hhmmOf(r.lastOut),
      status: r.statusLabel ?? '',
      late: r.lateMinutes,
      early: r.earlyMinutes,
      worked: r.workedMinutes,
    });
  }
  const sm = addHeaderSheet(wb, 'Summary', [
    { header: 'Employee No.', key: 'employeeNumber', width: 16 },
    { header: 'Name', key: 'employeeName', width: 28 },
    { header: 'Department', key: 'department', width: 20 },
    { header: 'Days', key: 'days', width: 8 },
    { header: 'Valid', key: 'valid', width: 8 },
    { header: 'No Clock-In', key: 'noClockIn', width: 12 },
    { header: 'No Clock-Out', key: 'noClockOut', width: 12 },
    { header: 'Late Clock-In', key: 'late', width: 12 },
    { header: 'Early Clock-Out', key: 'early', width: 14 },
    { header: 'Manual Input', key: 'manual', width: 12 },
    { header: 'Late (min)', key: 'lateMinutes', width: 10 },
    { header: 'Worked (hours)', key: 'workedHours', width: 14 },
  ]);
  for (const r of summary.rows) sm.addRow({ ...r, department: r.department ?? '', workedHours: Number(r.workedHours) });
  return xlsxDownload(wb, `timesheet_${from}_${to}.xlsx`);
}

// ---------------------------------------------------------------------------------------------
// Personal (the caller's own days; spec /personal/attendance)

/** The caller's own timesheet (optionally failed days only). */
export async function myTimesheet(
  ctx: Ctx,
  grant: Grant<'personal.access'>,
  raw: In<typeof personalPeriodInput>,
  opts: { failedOnly?: boolean } = {},
): Promise<Page<TimesheetRow>> {
  const input = personalPeriodInput.parse(raw);
  const employeeId = ownEmployeeRecordId(grant.actor);
  const { from, to } = resolvePeriod(input, await today(ctx), MAX_PERIOD_DAYS);
  return timesheetPage(ctx.db, {
    cond: sql<boolean>`e.id = ${employeeId}`,
    from,
    to,
    statuses: opts.failedOnly ? FAILED_STATUSES : undefined,
    page: input.page,
    pageSize: input.pageSize,
    fewEmployees: true,
  });
}

/** The caller's own summary for a period (one row, or none without timesheets). */
export async function mySummary(ctx: Ctx, grant: Grant<'personal.access'>, raw: In<typeof personalPeriodInput>) {
  const input = personalPeriodInput.parse(raw);
  const employeeId = ownEmployeeRecordId(grant.actor);
  const { from, to } = resolvePeriod(input, await today(ctx), 366);
  const page = await summaryPage(ctx.db, sql<boolean>`e.id = ${employeeId}`, from, to, 1, 1);
  return { from, to, summary: page.rows[0] ?? null };
}
