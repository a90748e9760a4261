import { type RawBuilder, sql } from 'kysely';
import { audit, updateAuditedSettings } from '../audit/index';
import { ownEmployeeRecordId, refuseOwn } from '../access/index';
import type { Grant } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite, refuseIfUsed } from '../shared/db-errors';
import { AppError, invalid, notFound } from '../shared/errors';
import { defined } from '../shared/patch';
import { likePattern } from '../shared/sql';
import type { Page, In } from '../shared/zod';
import { computeTimesheets, dateIn } from './engine';
import { querySettings, scopedEmployeeCondition } from './queries';
import {
  type AttendanceSettings,
  assignScheduleInput,
  createHolidayInput,
  createShiftInput,
  type HolidayRow,
  attendanceIdInput,
  listHolidaysInput,
  listSchedulesInput,
  listShiftsInput,
  personalPeriodInput,
  type ScheduleRow,
  type ShiftRow,
  shiftLabel,
  updateHolidayInput,
  updateSettingsInput,
  updateShiftInput,
} from './schema';
import { resolvePeriod } from './period';
import { employeeName } from '../shared/employee-sql';
import { pageOf, pageOffset } from '../shared/page';

type View = Grant<'attendance.view'>;
type Manage = Grant<'attendance.manage'>;

/** Days from..to inclusive; GL0001 on `to` when reversed or longer than maxDays. */
export function checkRange(from: string, to: string, maxDays: number): number {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  if (days < 1) throw invalid([{ param: 'to', msg: 'must not be before from' }]);
  if (days > maxDays) throw invalid([{ param: 'to', msg: `must be at most ${maxDays} days after from` }]);
  return days;
}

// ---------------------------------------------------------------------------------------------
// Shifts

const shiftColumns = sql`s.id, s.name, s.company_office_id as "companyOfficeId", o.name as "companyOffice",
  to_char(s.start_time, 'HH24:MI') as "startTime", to_char(s.end_time, 'HH24:MI') as "endTime",
  s.break_minutes as "breakMinutes", s.late_grace_minutes as "lateGraceMinutes",
  s.early_grace_minutes as "earlyGraceMinutes", s.overnight`;

type ShiftBase = Omit<ShiftRow, 'label'>;
const withLabel = (r: ShiftBase): ShiftRow => ({ ...r, label: shiftLabel(r.name, r.startTime, r.endTime) });

async function shiftById(db: Db, id: number): Promise<ShiftRow | undefined> {
  const r = await sql<ShiftBase>`select ${shiftColumns} from shifts s left join company_offices o on o.id = s.company_office_id
    where s.id = ${id}`.execute(db);
  return r.rows[0] ? withLabel(r.rows[0]) : undefined;
}

/** Shifts (paginated, search by name, per office: the office's own and the company-wide ones). */
export async function listShifts(ctx: Ctx, _grant: View, raw: In<typeof listShiftsInput>): Promise<Page<ShiftRow>> {
  const input = listShiftsInput.parse(raw);
  const conds = [sql<boolean>`true`];
  if (input.search) conds.push(sql<boolean>`s.name ilike ${likePattern(input.search)}`);
  if (input.companyOfficeId)
    conds.push(sql<boolean>`(s.company_office_id is null or s.company_office_id = ${input.companyOfficeId})`);
  const r = await sql<ShiftBase & { total: number }>`
    select ${shiftColumns}, (count(*) over ())::int as total
    from shifts s left join company_offices o on o.id = s.company_office_id
    where ${sql.join(conds, sql` and `)}
    order by s.start_time, s.name, s.id
    limit ${input.pageSize} offset ${pageOffset(input)}`.execute(ctx.db);
  return pageOf(r.rows, input, withLabel);
}

/** Shifts for the selector (spec §3 lookup "shifts": id, name, startTime, endTime, label "name (start - end)"). */
export async function shiftLookup(ctx: Ctx, filter: { companyOfficeId?: number | undefined }) {
  const office = filter.companyOfficeId
    ? sql<boolean>`(s.company_office_id is null or s.company_office_id = ${filter.companyOfficeId})`
    : sql<boolean>`true`;
  const r = await sql<ShiftBase>`select ${shiftColumns} from shifts s left join company_offices o on o.id = s.company_office_id
    where ${office} order by s.start_time, s.name, s.id`.execute(ctx.db);
  return r.rows.map((s) => ({
    id: s.id,
    name: shiftLabel(s.name, s.startTime, s.endTime),
    startTime: s.startTime,
    endTime: s.endTime,
  }));
}

export async function getShift(ctx: Ctx, _grant: View, raw: In<typeof attendanceIdInput>): Promise<ShiftRow> {
  const { id } = attendanceIdInput.parse(raw);
  const s = await shiftById(ctx.db, id);
  if (!s) throw notFound('Shift');
  return s;
}

const shiftNameTaken = (name: string) => () =>
  new AppError('CONFLICT', `A shift named ${name} already exists`, { fields: [{ param: 'name', msg: 'is already used' }] });
/** 'hh:mm[:ss]' → seconds since midnight. */
const secondsOf = (t: string) => {
  const [h = 0, m = 0, sec = 0] = t.split(':').map(Number);
  return h * 3600 + m * 60 + sec;
};
const sameTimes = () => invalid([{ param: 'endTime', msg: 'must differ from the start time' }]);
const unknownOffice = () => invalid([{ param: 'companyOfficeId', msg: 'is not a known company office' }]);

export async function createShift(ctx: Ctx, _grant: Manage, raw: In<typeof createShiftInput>): Promise<ShiftRow> {
  const input = createShiftInput.parse(raw);
  if (secondsOf(input.startTime) === secondsOf(input.endTime)) throw sameTimes();
  return inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () =>
        trx
          .insertInto('shifts')
          .values({
            name: input.name,
            company_office_id: input.companyOfficeId ?? null,
            start_time: input.startTime,
            end_time: input.endTime,
            break_minutes: input.breakMinutes,
            late_grace_minutes: input.lateGraceMinutes,
            early_grace_minutes: input.earlyGraceMinutes,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: { shifts_name_uq: shiftNameTaken(input.name) }, onForeignKey: unknownOffice },
    );
    const shift = (await shiftById(trx, row.id))!;
    await audit(ctx, trx, { action: 'create', entity: 'shift', entityId: row.id, after: shift });
    return shift;
  });
}

/** Changes a shift. Timesheets already computed keep their values until recomputed (attendance.timesheet.recompute). */
export async function updateShift(ctx: Ctx, _grant: Manage, raw: In<typeof updateShiftInput>): Promise<ShiftRow> {
  const input = updateShiftInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await shiftById(trx, input.id);
    if (!before) throw notFound('Shift');
    const start = input.startTime ?? before.startTime;
    const end = input.endTime ?? before.endTime;
    if (secondsOf(start) === secondsOf(end)) throw sameTimes();
    await dbWrite(
      () =>
        trx
          .updateTable('shifts')
          .set({
            ...defined({
              name: input.name,
              company_office_id: input.companyOfficeId,
              start_time: input.startTime,
              end_time: input.endTime,
              break_minutes: input.breakMinutes,
              late_grace_minutes: input.lateGraceMinutes,
              early_grace_minutes: input.earlyGraceMinutes,
            }),
            updated_at: sql`now()`,
          })
          .where('id', '=', input.id)
          .execute(),
      { unique: { shifts_name_uq: shiftNameTaken(input.name ?? before.name) }, onForeignKey: unknownOffice },
    );
    const after = (await shiftById(trx, input.id))!;
    await audit(ctx, trx, { action: 'update', entity: 'shift', entityId: input.id, before, after });
    return after;
  });
}

/** Deletes a shift nobody is rostered on and that is not the default shift. */
export async function deleteShift(ctx: Ctx, _grant: Manage, raw: In<typeof attendanceIdInput>) {
  const { id } = attendanceIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await shiftById(trx, id);
    if (!before) throw notFound('Shift');
    const uses = await sql<{ days: number; def: number }>`select
      (select count(*)::int from schedules where shift_id = ${id}) as days,
      (select count(*)::int from attendance_settings where default_shift_id = ${id}) as def`.execute(trx);
    const u = uses.rows[0]!;
    refuseIfUsed(`Shift ${before.label}`, [
      [u.days, 'roster day', 'roster days'],
      [u.def, 'the attendance settings (default shift)', 'the attendance settings (default shift)'],
    ]);
    await dbWrite(() => trx.deleteFrom('shifts').where('id', '=', id).execute(), {
      onForeignKey: () => new AppError('CONFLICT', `Shift ${before.label} is still in use`),
    });
    await audit(ctx, trx, { action: 'delete', entity: 'shift', entityId: id, before });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Schedules (roster)

/**
 * The roster for a period (paginated over employee-days, employees of the scope only): the roster
 * row, or else what the settings give (default shift on workdays), with the holiday if any.
 */
export async function listSchedules(ctx: Ctx, grant: View, raw: In<typeof listSchedulesInput>): Promise<Page<ScheduleRow>> {
  const input = listSchedulesInput.parse(raw);
  const settings = await querySettings(ctx.db);
  const { from, to } = resolvePeriod(input, dateIn(settings.timeZone, ctx.clock()), 93);
  return schedulePage(ctx.db, await scopedEmployeeCondition(ctx.db, grant.scope, input), from, to, input);
}

/** The caller's own roster (spec /personal/shift). */
export async function myShifts(
  ctx: Ctx,
  grant: Grant<'personal.access'>,
  raw: In<typeof personalPeriodInput>,
): Promise<Page<ScheduleRow>> {
  const input = personalPeriodInput.parse(raw);
  const employeeId = ownEmployeeRecordId(grant.actor);
  const settings = await querySettings(ctx.db);
  const { from, to } = resolvePeriod(input, dateIn(settings.timeZone, ctx.clock()), 93);
  return schedulePage(ctx.db, sql<boolean>`e.id = ${employeeId}`, from, to, input);
}

async function schedulePage(
  db: Db,
  cond: RawBuilder<boolean>,
  from: string,
  to: string,
  input: { page: number; pageSize: number },
): Promise<Page<ScheduleRow>> {
  const r = await sql<ScheduleRow & { total: number; start: string | null; end: string | null; sname: string | null }>`
    with st as (select * from attendance_settings where id = 1)
    select e.id as "employeeId", ${employeeName} as "employeeName",
      e.employee_number as "employeeNumber", to_char(d, 'YYYY-MM-DD') as date,
      case when sc.employee_id is not null then sc.shift_id
           when (st.workday_mask >> extract(isodow from d)::int) & 1 = 1 then st.default_shift_id end as "shiftId",
      s.name as sname, to_char(s.start_time, 'HH24:MI') as start, to_char(s.end_time, 'HH24:MI') as "end",
      sc.employee_id is not null as rostered,
      (select h.name from holidays h where h.holiday_date = d::date
        and (h.company_office_id is null or h.company_office_id = e.company_office_id)
        order by h.company_office_id nulls last limit 1) as holiday,
      (count(*) over ())::int as total
    from employees e
    cross join generate_series(${from}::date, ${to}::date, interval '1 day') d
    cross join st
    left join schedules sc on sc.employee_id = e.id and sc.work_date = d::date
    left join shifts s on s.id = case when sc.employee_id is not null then sc.shift_id
           when (st.workday_mask >> extract(isodow from d)::int) & 1 = 1 then st.default_shift_id end
    where e.resigned = 0 and ${cond}
    order by e.given_name, e.surname, e.id, d
    limit ${input.pageSize} offset ${pageOffset(input)}`.execute(db);
  return pageOf(r.rows, input, ({ start, end, sname, ...row }) => ({
    ...row,
    shift: sname && start && end ? shiftLabel(sname, start, end) : null,
  }));
}

/** A rotation pattern spelled out day by day: [{A,5},{off,2}] → [A,A,A,A,A,null,null]. */
export function expandPattern(pattern: readonly { shiftId: number | null; days?: number | undefined }[]): (number | null)[] {
  return pattern.flatMap((p) => Array.from({ length: p.days ?? 1 }, () => p.shiftId));
}

/**
 * Bulk roster assignment (one statement): every employee of the scope matching the office /
 * department / division / id list gets, for each day, the pattern step of (day − from) modulo the
 * pattern length. Existing roster days in the range are replaced. Past days are recomputed.
 */
export async function assignSchedule(ctx: Ctx, grant: Manage, raw: In<typeof assignScheduleInput>) {
  const input = assignScheduleInput.parse(raw);
  const days = checkRange(input.from, input.to, 366);
  const flat = expandPattern(input.pattern);
  const shiftIds = [...new Set(flat.filter((s): s is number => s !== null))];
  if (shiftIds.length) {
    const known = new Set(
      (await ctx.db.selectFrom('shifts').select('id').where('id', 'in', shiftIds).execute()).map((s) => s.id),
    );
    const bad = input.pattern.map((p, i) => [p, i] as const).filter(([p]) => p.shiftId !== null && !known.has(p.shiftId));
    if (bad.length) throw invalid(bad.map(([, i]) => ({ param: `pattern.${i}.shiftId`, msg: 'is not a known shift' })));
  }
  // Segregation of duties (docs/security.md): a roster decides late, early and overtime day types,
  // so nobody assigns their own. Named: refused; matched by office/department/division: left out.
  for (const employeeId of input.employeeIds ?? []) refuseOwn(grant.actor, employeeId, 'schedule');
  const me = grant.actor.employeeId;
  const scoped = await scopedEmployeeCondition(ctx.db, grant.scope, input);
  const cond = me === null ? scoped : sql<boolean>`(${scoped} and e.id <> ${me})`;
  const settings = await querySettings(ctx.db);
  const today = dateIn(settings.timeZone, ctx.clock());
  return inTransaction(ctx, async (trx) => {
    const steps = JSON.stringify(flat.map((shift_id, pos) => ({ pos, shift_id })));
    const r = await sql<{ n: number; employees: number }>`
      with up as (
        insert into schedules (employee_id, work_date, shift_id, updated_at)
        select e.id, d::date, p.shift_id, now()
        from employees e
        cross join generate_series(${input.from}::date, ${input.to}::date, interval '1 day') d
        join jsonb_to_recordset(${steps}::jsonb) as p(pos integer, shift_id integer)
          on p.pos = (d::date - ${input.from}::date) % ${flat.length}
        where e.resigned = 0 and ${cond}
        on conflict (employee_id, work_date) do update set shift_id = excluded.shift_id, updated_at = now()
        returning employee_id
      )
      select count(*)::int as n, count(distinct employee_id)::int as employees from up`.execute(trx);
    const { n, employees } = r.rows[0]!;
    if (input.from <= today) {
      await computeTimesheets(trx, { kind: 'range', from: input.from, to: [input.to, today].sort()[0]!, employees: cond });
    }
    await audit(ctx, trx, {
      action: 'assign',
      entity: 'schedule',
      after: { ...input, rosterDays: n, employees },
    });
    return { employees, days, rosterDays: n };
  });
}

// ---------------------------------------------------------------------------------------------
// Holidays

const holidayColumns = sql`h.id, to_char(h.holiday_date, 'YYYY-MM-DD') as date, h.name, h.kind,
  h.religious_holiday as "religiousHoliday", h.company_office_id as "companyOfficeId", o.name as "companyOffice"`;

async function holidayById(db: Db, id: number): Promise<HolidayRow | undefined> {
  const r = await sql<HolidayRow>`select ${holidayColumns} from holidays h
    left join company_offices o on o.id = h.company_office_id where h.id = ${id}`.execute(db);
  return r.rows[0];
}

export async function listHolidays(ctx: Ctx, _grant: View, raw: In<typeof listHolidaysInput>): Promise<Page<HolidayRow>> {
  const input = listHolidaysInput.parse(raw);
  const conds = [sql<boolean>`true`];
  if (input.from) conds.push(sql<boolean>`h.holiday_date >= ${input.from}::date`);
  if (input.to) conds.push(sql<boolean>`h.holiday_date <= ${input.to}::date`);
  if (input.companyOfficeId)
    conds.push(sql<boolean>`(h.company_office_id is null or h.company_office_id = ${input.companyOfficeId})`);
  if (input.search) conds.push(sql<boolean>`h.name ilike ${likePattern(input.search)}`);
  const r = await sql<HolidayRow & { total: number }>`
    select ${holidayColumns}, (count(*) over ())::int as total
    from holidays h left join company_offices o on o.id = h.company_office_id
    where ${sql.join(conds, sql` and `)}
    order by h.holiday_date, h.id
    limit ${input.pageSize} offset ${pageOffset(input)}`.execute(ctx.db);
  return pageOf(r.rows, input, (row) => row);
}

const holidayTaken = (date: string) => () =>
  new AppError('CONFLICT', `There is already a holiday on ${date} for this office`, {
    fields: [{ param: 'date', msg: 'is already used' }],
  });

/** Recomputes a holiday's past day for the employees it applies to. */
async function recomputeHolidayDay(ctx: Ctx, trx: Db, date: string, officeId: number | null) {
  const settings = await querySettings(trx);
  if (date > dateIn(settings.timeZone, ctx.clock())) return;
  const employees = officeId === null ? sql<boolean>`true` : sql<boolean>`e.company_office_id = ${officeId}`;
  await computeTimesheets(trx, { kind: 'range', from: date, to: date, employees });
}

export async function createHoliday(ctx: Ctx, _grant: Manage, raw: In<typeof createHolidayInput>): Promise<HolidayRow> {
  const input = createHolidayInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () =>
        trx
          .insertInto('holidays')
          .values({
            holiday_date: input.date,
            name: input.name,
            kind: input.kind,
            religious_holiday: input.religiousHoliday ?? null,
            company_office_id: input.companyOfficeId ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: { holidays_date_office_uq: holidayTaken(input.date) }, onForeignKey: unknownOffice },
    );
    await recomputeHolidayDay(ctx, trx, input.date, input.companyOfficeId ?? null);
    const after = (await holidayById(trx, row.id))!;
    await audit(ctx, trx, { action: 'create', entity: 'holiday', entityId: row.id, after });
    return after;
  });
}

export async function updateHoliday(ctx: Ctx, _grant: Manage, raw: In<typeof updateHolidayInput>): Promise<HolidayRow> {
  const input = updateHolidayInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await holidayById(trx, input.id);
    if (!before) throw notFound('Holiday');
    const changes = defined({
      holiday_date: input.date,
      name: input.name,
      kind: input.kind,
      religious_holiday: input.religiousHoliday,
      company_office_id: input.companyOfficeId,
    });
    if (Object.keys(changes).length === 0) return before;
    await dbWrite(() => trx.updateTable('holidays').set(changes).where('id', '=', input.id).execute(), {
      unique: { holidays_date_office_uq: holidayTaken(input.date ?? before.date) },
      onForeignKey: unknownOffice,
    });
    const after = (await holidayById(trx, input.id))!;
    await recomputeHolidayDay(ctx, trx, before.date, before.companyOfficeId);
    if (after.date !== before.date || after.companyOfficeId !== before.companyOfficeId)
      await recomputeHolidayDay(ctx, trx, after.date, after.companyOfficeId);
    await audit(ctx, trx, { action: 'update', entity: 'holiday', entityId: input.id, before, after });
    return after;
  });
}

export async function deleteHoliday(ctx: Ctx, _grant: Manage, raw: In<typeof attendanceIdInput>) {
  const { id } = attendanceIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await holidayById(trx, id);
    if (!before) throw notFound('Holiday');
    await trx.deleteFrom('holidays').where('id', '=', id).execute();
    await recomputeHolidayDay(ctx, trx, before.date, before.companyOfficeId);
    await audit(ctx, trx, { action: 'delete', entity: 'holiday', entityId: id, before });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Settings

export async function getAttendanceSettings(ctx: Ctx, _grant: View): Promise<AttendanceSettings> {
  return querySettings(ctx.db);
}

/** Changes the attendance settings. Computed timesheets change when recomputed. */
export async function updateAttendanceSettings(
  ctx: Ctx,
  _grant: Manage,
  raw: In<typeof updateSettingsInput>,
): Promise<AttendanceSettings> {
  const input = updateSettingsInput.parse(raw);
  if (input.timeZone !== undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: input.timeZone });
    } catch {
      throw invalid([{ param: 'timeZone', msg: 'is not a known time zone (e.g. Asia/Jakarta)' }]);
    }
  }
  const mask = input.workdays ? [...new Set(input.workdays)].reduce((m, d) => m | (1 << d), 0) : undefined;
  return updateAuditedSettings(ctx, {
    action: 'update',
    table: 'attendance_settings',
    read: querySettings,
    set: {
      ...defined({
        default_shift_id: input.defaultShiftId,
        workday_mask: mask,
        window_before_minutes: input.windowBeforeMinutes,
        window_after_minutes: input.windowAfterMinutes,
        duplicate_seconds: input.duplicateSeconds,
        time_zone: input.timeZone,
      }),
      updated_at: sql<Date>`now()`,
    },
    onForeignKey: () => invalid([{ param: 'defaultShiftId', msg: 'is not a known shift' }]),
  });
}
