import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database';
import { isEmbeddedDatabase } from '../db/embedded-gate';
import type { Db } from '../shared/context';
import { COMPANY_TIME_ZONE, dateInZone } from '../shared/time-zone';

/**
 * The timesheet engine: one set-based statement (MERGE … USING (SELECT …): the upsert of INSERT …
 * ON CONFLICT without its per-row speculative insertion, which cost seconds on a month) turns
 * punches + roster + holidays + overrides into one `timesheets` row per employee per day.
 * No per-row work in JS; see docs/attendance.md for the rules. Summary:
 *
 * - The day's plan: the roster row (shift or day off) or, without one, the settings' default shift
 *   on the settings' workdays; a holiday of the employee's office (or company-wide) makes the day
 *   a holiday (no failure status, no late/early).
 * - A shift day's punch window runs from scheduled in − window_before_minutes to scheduled out +
 *   window_after_minutes (out is the next calendar day for an overnight shift). A day without a
 *   shift takes its own calendar day. Where neighbouring windows overlap, a shift day beats a day
 *   without shift, and two shift days split the overlap at the midpoint between the first one's
 *   scheduled out and the second one's scheduled in (the nearer day wins; exactly midway goes to
 *   the later day). So every punch belongs to at most one day.
 * - First punch = clock-in, last = clock-out. Punches closer together than duplicate_seconds are
 *   one punch. A lone punch is a clock-in if it lies in the first half of the shift, else a clock-out.
 * - Status on a workday: 2 No Clock-In (no punch, or only an out), 3 No Clock-Out, 4 Late Clock-In
 *   (in after start + late grace; takes precedence over early), 5 Early Clock-Out (out before end −
 *   early grace), else 1 Valid. Holidays and days off: 1 when both punches exist, else null.
 * - Late minutes count from the scheduled start (grace only decides whether it is late), early
 *   minutes up to the scheduled end; worked minutes = last out − first in − shift break, ≥ 0.
 * - An override (timesheet_overrides; highest priority, then newest) replaces the status (also by
 *   null; with derive_status the status follows from the overridden values by the rule above) and, where not null, the day type, clock-in/out (late, early and worked minutes then
 *   follow from the overriding times) and the minutes. Manual edits (98), approved leave and
 *   approved corrections write overrides and then recompute their days.
 */

/** Which (employee, day) pairs to compute. */
export type EngineTarget =
  | {
      kind: 'range';
      from: string;
      to: string;
      /** A condition on the employees alias `e` (scope and filters); active employees only are computed. */
      employees: RawBuilder<boolean>;
      /** Only employees with ids from … to (both included): a chunk of a range, set by the engine. */
      idRange?: readonly [number, number];
    }
  | { kind: 'pairs'; pairs: readonly { employeeId: number; date: string }[] };

/** Employees per statement of a range: each statement's sorts and hashes then fit in memory (`pnpm bench timesheet`). */
const RANGE_CHUNK_EMPLOYEES = 5_000;
/** Statements of one range that run at once on PostgreSQL when the caller holds no transaction. */
const RANGE_CONCURRENCY = 2;

/**
 * Computes the target days and merges them into `timesheets` (rows whose values did not change are
 * left alone, so their computed_at stays). Returns the number of rows inserted or changed.
 *
 * A range is computed in chunks of RANGE_CHUNK_EMPLOYEES employees (by id). Inside the caller's
 * transaction the chunks run one after another in it; without one, each chunk commits on its own and,
 * on PostgreSQL, two run at once on their own connections (a month for 100,000 employees, issue 22).
 * Timesheets are derived data: a range stopped halfway is completed by computing it again.
 */
export async function computeTimesheets(db: Db, target: EngineTarget, opts: { chunkEmployees?: number } = {}): Promise<number> {
  if (target.kind === 'pairs') {
    if (target.pairs.length === 0) return 0;
    return inOwnTransaction(db, (trx) => computeIn(trx, target));
  }
  const ids = (
    await sql<{ id: number }>`select e.id from employees e where e.resigned = 0 and ${target.employees} order by e.id`.execute(db)
  ).rows.map((r) => r.id);
  const chunks: EngineTarget[] = [];
  const size = opts.chunkEmployees ?? RANGE_CHUNK_EMPLOYEES;
  for (let i = 0; i < ids.length; i += size) {
    const lo = ids[i]!;
    const hi = ids[Math.min(i + size, ids.length) - 1]!;
    chunks.push({ ...target, idRange: [lo, hi] });
  }
  const parallel =
    !db.isTransaction && chunks.length > 1 && !(await isEmbeddedDatabase(db as Kysely<Database>)) ? RANGE_CONCURRENCY : 1;
  let next = 0;
  let changed = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < chunks.length) {
      const chunk = chunks[next++]!;
      try {
        const n = await inOwnTransaction(db, (trx) => computeIn(trx, chunk));
        changed += n;
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(parallel, chunks.length) }, worker));
  const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (refused) throw refused.reason;
  return changed;
}

function inOwnTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return (db as Kysely<Database>).transaction().execute(fn);
}

/**
 * Estimates over generated rows are poor: keep PostgreSQL from spending seconds on JIT
 * compilation, let sorts and hashes stay in memory, and prefer hash joins to the sort-merge plans
 * the estimates would pick. Set for this statement only: the caller's transaction gets its own
 * settings back afterwards.
 */
async function computeIn(db: Db, target: EngineTarget): Promise<number> {
  const saved = (
    await sql<{ jit: string; wm: string; mj: string }>`select current_setting('jit') as jit,
      current_setting('work_mem') as wm, current_setting('enable_mergejoin') as mj`.execute(db)
  ).rows[0]!;
  await sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true),
    set_config('enable_mergejoin', 'off', true)`.execute(db);
  try {
    return await computeStatement(db, target);
  } finally {
    await sql`select set_config('jit', ${saved.jit}, true), set_config('work_mem', ${saved.wm}, true),
      set_config('enable_mergejoin', ${saved.mj}, true)`.execute(db);
  }
}

async function computeStatement(db: Db, target: EngineTarget): Promise<number> {
  // emps: the employees computed; cday: their days of interest with the day before and after (a
  // punch near midnight may belong to a neighbour), is_target marking the days written.
  let emps: RawBuilder<unknown>;
  let cday: RawBuilder<unknown>;
  let lo: string;
  let hi: string;
  // A chunk's employees as an id range: the roster is then read through its primary key for them alone.
  let idRange = sql<boolean>`true`;
  let targetRows: RawBuilder<boolean>;
  if (target.kind === 'range') {
    lo = target.from;
    hi = target.to;
    const inRange = (column: string) =>
      target.idRange
        ? sql<boolean>`${sql.ref(column)} between ${target.idRange[0]} and ${target.idRange[1]}`
        : sql<boolean>`true`;
    idRange = inRange('employee_id');
    // A range chunk's rows: one index range per day over the chunk's ids (the key is work_date, employee_id).
    targetRows = sql<boolean>`t.work_date = any(array(select generate_series(${lo}::date, ${hi}::date, interval '1 day')::date))
      and ${inRange('t.employee_id')}`;
    emps = sql`select e.id as employee_id, e.company_office_id from employees e
      where e.resigned = 0 and ${target.employees} and ${inRange('e.id')}`;
    // Days as whole numbers from `lo`: the planner knows how many rows an integer series gives.
    const days = Math.round((Date.parse(`${hi}T00:00:00Z`) - Date.parse(`${lo}T00:00:00Z`)) / 86_400_000);
    cday = sql`select m.employee_id, ${lo}::date + i as work_date, i between 0 and ${days}::int as is_target
      from emps m cross join generate_series(-1, ${days + 1}::int) i`;
  } else {
    const dates = target.pairs.map((p) => p.date).sort();
    lo = dates[0]!;
    hi = dates.at(-1)!;
    const json = JSON.stringify(target.pairs.map((p) => ({ employee_id: p.employeeId, work_date: p.date })));
    const pairs = sql`select x.employee_id, x.work_date, e.company_office_id
      from jsonb_to_recordset(${json}::jsonb) as x(employee_id integer, work_date date)
      join employees e on e.id = x.employee_id and e.resigned = 0`;
    emps = sql`select distinct employee_id, company_office_id from (${pairs}) x`;
    // The pairs' days, one index range each (measured: bounding by the pairs' employees too made a late batch of
    // 1,000 punches at 100,000 employees twice as slow).
    targetRows = sql<boolean>`t.work_date = any(array(select generate_series(${lo}::date, ${hi}::date, interval '1 day')::date))`;
    cday = sql`select x.employee_id, x.work_date + k.k as work_date, bool_or(k.k = 0) as is_target
      from (${pairs}) x cross join (values (-1), (0), (1)) as k(k)
      group by 1, 2`;
  }

  // Each day's neighbours: the previous day's scheduled end and window end, the next day's scheduled start and
  // window start. A range's days are one unbroken series per employee, so the rows before and after are the
  // neighbouring days; a set of pairs may skip days, so a row counts as a neighbour only one day away.
  const neighbours =
    target.kind === 'range'
      ? sql`lag(w.sched_out) over e as p_out, lag(w.win_to) over e as p_to,
        lead(w.sched_in) over e as n_in, lead(w.win_from) over e as n_from`
      : sql`case when lag(w.work_date) over e = w.work_date - 1 then lag(w.sched_out) over e end as p_out,
        case when lag(w.work_date) over e = w.work_date - 1 then lag(w.win_to) over e end as p_to,
        case when lead(w.work_date) over e = w.work_date + 1 then lead(w.sched_in) over e end as n_in,
        case when lead(w.work_date) over e = w.work_date + 1 then lead(w.win_from) over e end as n_from`;

  // This run's computed_at, unique to the microsecond: counts the rows written where the driver
  // does not report MERGE's row count (PGlite).
  const stamp = (await sql<{ t: string }>`select clock_timestamp()::text as t`.execute(db)).rows[0]!.t;
  const r = await sql`
    with st as (select * from attendance_settings where id = 1),
    emps as (${emps}),
    cday as (${cday}),
    sch as (
      select employee_id, work_date, shift_id from schedules
      where work_date between ${lo}::date - 1 and ${hi}::date + 1 and ${idRange}
    ),
    hol as (
      select holiday_date, company_office_id from holidays
      where holiday_date between ${lo}::date - 1 and ${hi}::date + 1
    ),
    plan as (
      select c.employee_id, c.work_date, c.is_target,
        (ho.holiday_date is not null or hc.holiday_date is not null) as is_holiday,
        case
          when sc.employee_id is not null then sc.shift_id
          when (st.workday_mask >> extract(isodow from c.work_date)::int) & 1 = 1 then st.default_shift_id
        end as shift_id
      from cday c
      join emps e on e.employee_id = c.employee_id
      cross join st
      left join sch sc on sc.employee_id = c.employee_id and sc.work_date = c.work_date
      left join hol ho on ho.holiday_date = c.work_date and ho.company_office_id = e.company_office_id
      left join hol hc on hc.holiday_date = c.work_date and hc.company_office_id is null
    ),
    win as (
      select p.*, s.break_minutes, s.late_grace_minutes, s.early_grace_minutes,
        p.work_date + s.start_time as sched_in,
        p.work_date + s.end_time + case when s.overnight then interval '1 day' else interval '0' end as sched_out,
        coalesce(
          p.work_date + s.start_time - make_interval(mins => st.window_before_minutes),
          p.work_date::timestamp
        ) as win_from,
        coalesce(
          p.work_date + s.end_time + case when s.overnight then interval '1 day' else interval '0' end
            + make_interval(mins => st.window_after_minutes),
          p.work_date + interval '1 day'
        ) as win_to
      from plan p
      cross join st
      left join shifts s on s.id = p.shift_id
    ),
    nb as (
      select w.*, ${neighbours}
      from win w
      window e as (partition by w.employee_id order by w.work_date)
    ),
    -- Each day's own part of its window: where two neighbouring windows overlap, a shift day
    -- beats a day without shift, and between two shift days the midpoint of the gap between their
    -- scheduled hours divides them (the nearer day wins). So every punch has at most one day.
    bounds as (
      select nb.*,
        case
          when nb.sched_in is not null and nb.p_out is not null
            then greatest(nb.win_from, least(nb.p_to, nb.p_out + (nb.sched_in - nb.p_out) / 2))
          when nb.sched_in is null and nb.p_out is not null then greatest(nb.win_from, nb.p_to)
          else nb.win_from
        end as eff_from,
        case
          when nb.sched_in is not null and nb.n_in is not null
            then least(nb.win_to, greatest(nb.n_from, nb.sched_out + (nb.n_in - nb.sched_out) / 2))
          when nb.sched_in is null and nb.n_in is not null then least(nb.win_to, nb.n_from)
          else nb.win_to
        end as eff_to
      from nb
    ),
    -- Each day's punches: those inside its own part of the window, read from the punch index by employee and
    -- time (one short index range per day; the parts never overlap, so a punch counts for one day at most).
    -- A punch at a canteen terminal is a meal, not attendance (canteen module).
    day as (
      select b.employee_id, b.work_date, b.shift_id, b.sched_in, b.sched_out, b.break_minutes,
        b.late_grace_minutes, b.early_grace_minutes,
        case when b.is_holiday then 'holiday' when b.shift_id is null then 'dayoff' else 'workday' end as day_type,
        a.first_t, a.last_t, a.n,
        coalesce(a.last_t - a.first_t >= make_interval(secs => st.duplicate_seconds), false) as both_punches,
        -- a lone punch: clock-in when in the first half of the shift (always, without a shift)
        (a.first_t is not null and (b.sched_in is null or a.first_t < b.sched_in + (b.sched_out - b.sched_in) / 2)) as lone_in
      from bounds b
      cross join st
      cross join lateral (
        select min(p.local_time) as first_t, max(p.local_time) as last_t, count(*)::int as n
        from punches p
        where p.employee_id = b.employee_id and p.local_time >= b.eff_from and p.local_time < b.eff_to
          and p.device_serial not in (select device_serial from canteen_terminals)
      ) a
      where b.is_target
    ),
    ov as (
      select distinct on (o.employee_id, o.work_date) o.*
      from timesheet_overrides o
      where o.work_date between ${lo}::date and ${hi}::date
        and o.employee_id in (select employee_id from emps)
      order by o.employee_id, o.work_date, o.priority desc, o.created_at desc
    ),
    io as (
      select d.*, o.employee_id is not null and not o.derive_status as ov_fixed_status, o.status as ov_status, o.day_type as ov_day_type,
        o.late_minutes as ov_late, o.early_minutes as ov_early, o.worked_minutes as ov_worked, o.source as ov_source,
        coalesce(o.first_in, case when d.both_punches or d.lone_in then d.first_t end) as in_t,
        coalesce(o.last_out, case when d.both_punches then d.last_t when d.n > 0 and not d.lone_in then d.last_t end) as out_t
      from day d
      left join ov o on o.employee_id = d.employee_id and o.work_date = d.work_date
    ),
    calc as (
      select io.*,
        case when io.day_type = 'workday' and io.in_t > io.sched_in + make_interval(mins => io.late_grace_minutes)
          then floor(extract(epoch from io.in_t - io.sched_in) / 60)::int else 0 end as late_m,
        case when io.day_type = 'workday' and io.out_t < io.sched_out - make_interval(mins => io.early_grace_minutes)
          then floor(extract(epoch from io.sched_out - io.out_t) / 60)::int else 0 end as early_m,
        case when io.in_t is not null and io.out_t is not null
          then greatest(0, floor(extract(epoch from io.out_t - io.in_t) / 60)::int - coalesce(io.break_minutes, 0))
          else 0 end as worked_m
      from io
    ),
    fin as (
      select c.employee_id, c.work_date,
        coalesce(c.ov_day_type, c.day_type) as day_type,
        c.shift_id, c.sched_in, c.sched_out,
        case when c.ov_fixed_status then c.ov_status
          when coalesce(c.ov_day_type, c.day_type) = 'workday' then
            case when c.in_t is null then 2 when c.out_t is null then 3
                 when coalesce(c.ov_late, c.late_m) > 0 then 4 when coalesce(c.ov_early, c.early_m) > 0 then 5 else 1 end
          when c.in_t is not null and c.out_t is not null then 1
        end::smallint as status,
        c.in_t as first_in,
        c.out_t as last_out,
        c.n as punch_count,
        coalesce(c.ov_late, c.late_m) as late_minutes,
        coalesce(c.ov_early, c.early_m) as early_minutes,
        coalesce(c.ov_worked, c.worked_m) as worked_minutes,
        c.ov_source as override_source
      from calc c
    ),
    src as (
      select employee_id, work_date, day_type, shift_id, sched_in, sched_out, status,
        first_in, last_out, punch_count, late_minutes, early_minutes, worked_minutes, override_source
      from fin
    )
    merge into timesheets t
    -- The target is read within the computed days and employees (targetRows): without these bounds every chunk read
    -- and hashed the whole table (3 million rows at 100,000 employees). Every source row lies within them, so they
    -- can never hide a match.
    using src on t.employee_id = src.employee_id and t.work_date = src.work_date
      and ${targetRows}
    when matched and (t.day_type, t.shift_id, t.scheduled_in, t.scheduled_out, t.status, t.first_in, t.last_out,
        t.punch_count, t.late_minutes, t.early_minutes, t.worked_minutes, t.override_source)
      is distinct from
        (src.day_type, src.shift_id, src.sched_in, src.sched_out, src.status, src.first_in, src.last_out,
         src.punch_count, src.late_minutes, src.early_minutes, src.worked_minutes, src.override_source)
      then update set day_type = src.day_type, shift_id = src.shift_id, scheduled_in = src.sched_in,
        scheduled_out = src.sched_out, status = src.status, first_in = src.first_in, last_out = src.last_out,
        punch_count = src.punch_count, late_minutes = src.late_minutes, early_minutes = src.early_minutes,
        worked_minutes = src.worked_minutes, override_source = src.override_source, computed_at = ${stamp}::timestamptz
    when not matched then insert (employee_id, work_date, day_type, shift_id, scheduled_in, scheduled_out, status,
        first_in, last_out, punch_count, late_minutes, early_minutes, worked_minutes, override_source, computed_at)
      values (src.employee_id, src.work_date, src.day_type, src.shift_id, src.sched_in, src.sched_out, src.status,
        src.first_in, src.last_out, src.punch_count, src.late_minutes, src.early_minutes, src.worked_minutes,
        src.override_source, ${stamp}::timestamptz)`.execute(db);
  if (r.numAffectedRows !== undefined) return Number(r.numAffectedRows);
  const c = await sql<{ n: number }>`select count(*)::int as n from timesheets
    where work_date between ${lo}::date and ${hi}::date and computed_at = ${stamp}::timestamptz`.execute(db);
  return c.rows[0]?.n ?? 0;
}

/**
 * The (employee, day) pairs a set of punches can change: the punch's calendar day, the day
 * before (an overnight shift's morning-after punches) and the day after (a shift starting soon
 * after midnight opens its window the evening before); never after `today`.
 */
export function pairsTouchedBy(
  punches: readonly { employeeId: number | null; localTime: string }[],
  today: string,
): { employeeId: number; date: string }[] {
  const seen = new Set<string>();
  const out: { employeeId: number; date: string }[] = [];
  for (const p of punches) {
    if (p.employeeId === null) continue;
    const day = p.localTime.slice(0, 10);
    for (const k of [-1, 0, 1]) {
      const d = addDays(day, k);
      if (d > today) continue;
      const key = `${p.employeeId}|${d}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ employeeId: p.employeeId, date: d });
    }
  }
  return out;
}

/** 'yyyy-mm-dd' plus n days. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Today's calendar date in a time zone ('yyyy-mm-dd'); the company's zone when `timeZone` is not one the runtime knows. */
export function dateIn(timeZone: string, at: Date): string {
  try {
    return dateInZone(at, timeZone);
  } catch {
    return dateInZone(at, COMPANY_TIME_ZONE);
  }
}
