import { sql } from 'kysely';
import { type Grant, ownEmployeeId, refuseOwn, scopeSql } from '../access/index';
import { storePunches } from '../attendance/index';
import { audit, updateAuditedSettings } from '../audit/index';
import { officeTimeZone } from '../org/index';
import { localDateTimeIn } from '../shared/time-zone';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { todayWib } from '../shared/date-ranges';
import { likePattern } from '../shared/sql';
import { AppError, notFound } from '../shared/errors';
import type { In, Page } from '../shared/zod';
import { looksLikeImage, matchFence } from './rules';
import {
  allowedOfficeIdInput,
  allowedOfficeInput,
  CLOCK_AHEAD_MAX_MINUTES,
  type ClockResult,
  clockInput,
  createGeofenceInput,
  decideMobilePunchInput,
  type Geofence,
  geofenceIdInput,
  listGeofencesInput,
  listMobilePunchesInput,
  type MobilePunchKind,
  type MobilePunchRow,
  type MobilePunchStatus,
  type MobileSettings,
  mobilePunchIdInput,
  mobileSettingsInput,
  OFFLINE_MAX_HOURS,
  SELFIE_MAX_BYTES,
  updateGeofenceInput,
} from './schema';
import { employeeName } from '../shared/employee-sql';
import { pageLimit } from '../shared/page';

/*
 * Live attendance on the phone (issue 21 part 2). An employee holding `attendance.mobile` clocks in
 * with the browser's position and a selfie; the position is checked against the fences of the
 * offices they may clock in at. Inside: the punch enters `punches` (source `mobile`) like a
 * terminal's, so timesheets, corrections and payroll treat it the same. Outside: refused, or kept
 * pending until a manager approves it (then it enters `punches`). Never silently accepted.
 */

/** The pseudo-terminal serial of mobile punches in `punches` (its PIN is the employee number). */
export const MOBILE_DEVICE_SERIAL = 'MOBILE';
/** ZKTeco verify type 15 = face; the selfie is the nearest thing. State 0 = check-in, 1 = check-out. */
const MOBILE_VERIFY_TYPE = 15;
const STATE: Record<MobilePunchKind, number> = { in: 0, out: 1 };

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
const field = (param: string, msg: string, message: string) => new AppError('VALIDATION', message, { fields: [{ param, msg }] });

// ---------------------------------------------------------------------------------------------
// Settings

async function readSettings(db: Db): Promise<MobileSettings> {
  const r = await sql<MobileSettings>`
    select outside_policy as "outsidePolicy", max_accuracy_m as "maxAccuracyM", selfie_retention_days as "selfieRetentionDays"
    from mobile_attendance_settings where id = 1`.execute(db);
  return r.rows[0] ?? { outsidePolicy: 'refuse', maxAccuracyM: 150, selfieRetentionDays: 90 };
}

/** The live-attendance settings: outside-fence policy, accuracy limit, selfie retention. */
export async function getMobileSettings(ctx: Ctx, _grant: Grant<'attendance.view'>): Promise<MobileSettings> {
  return readSettings(ctx.db);
}

/** Saves the live-attendance settings (audited before/after). */
export async function saveMobileSettings(
  ctx: Ctx,
  grant: Grant<'attendance.manage'>,
  raw: In<typeof mobileSettingsInput>,
): Promise<MobileSettings> {
  const input = mobileSettingsInput.parse(raw);
  return updateAuditedSettings(ctx, {
    action: 'mobileAttendance.settings',
    table: 'mobile_attendance_settings',
    read: readSettings,
    set: {
      outside_policy: input.outsidePolicy,
      max_accuracy_m: input.maxAccuracyM,
      selfie_retention_days: input.selfieRetentionDays,
      updated_by: grant.actor.userId,
      updated_at: ctx.clock(),
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Geofences (per office or per site of an office)

interface FenceSql {
  id: number;
  companyOfficeId: number;
  companyOffice: string;
  name: string;
  latitude: string;
  longitude: string;
  radiusM: number;
  active: boolean;
}
const toFence = (f: FenceSql): Geofence => ({ ...f, latitude: Number(f.latitude), longitude: Number(f.longitude) });

async function fencesWhere(db: Db, where: ReturnType<typeof sql>): Promise<Geofence[]> {
  const r = await sql<FenceSql>`
    select g.id, g.company_office_id as "companyOfficeId", o.name as "companyOffice", g.name, g.latitude::text as latitude,
      g.longitude::text as longitude, g.radius_m as "radiusM", g.active
    from mobile_geofences g join company_offices o on o.id = g.company_office_id
    where ${where}
    order by o.name, g.name, g.id`.execute(db);
  return r.rows.map(toFence);
}

/** Every geofence (optionally one office's), with its office's name. */
export async function listGeofences(
  ctx: Ctx,
  _grant: Grant<'attendance.view'>,
  raw: In<typeof listGeofencesInput>,
): Promise<Geofence[]> {
  const { companyOfficeId } = listGeofencesInput.parse(raw);
  return fencesWhere(ctx.db, companyOfficeId ? sql`g.company_office_id = ${companyOfficeId}` : sql`true`);
}

async function officeExists(db: Db, officeId: number): Promise<void> {
  const o = await db.selectFrom('company_offices').select('id').where('id', '=', officeId).executeTakeFirst();
  if (!o) throw field('companyOfficeId', 'does not exist', 'The office does not exist');
}

async function fenceById(db: Db, id: number): Promise<Geofence> {
  const [f] = await fencesWhere(db, sql`g.id = ${id}`);
  if (!f) throw notFound('Geofence');
  return f;
}

/** Draws a fence: centre (WGS84 degrees) and radius in metres, for an office or one of its sites. */
export async function createGeofence(
  ctx: Ctx,
  _grant: Grant<'attendance.manage'>,
  raw: In<typeof createGeofenceInput>,
): Promise<Geofence> {
  const input = createGeofenceInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await officeExists(trx, input.companyOfficeId);
    const r = await sql<{ id: number }>`
      insert into mobile_geofences (company_office_id, name, latitude, longitude, radius_m, active)
      values (${input.companyOfficeId}, ${input.name}, ${input.latitude}, ${input.longitude}, ${input.radiusM}, ${input.active})
      returning id`.execute(trx);
    const id = r.rows[0]!.id;
    await audit(ctx, trx, { action: 'mobileAttendance.geofence.create', entity: 'mobile_geofence', entityId: id, after: input });
    return fenceById(trx, id);
  });
}

/** Moves, resizes, renames or (de)activates a fence. */
export async function updateGeofence(
  ctx: Ctx,
  _grant: Grant<'attendance.manage'>,
  raw: In<typeof updateGeofenceInput>,
): Promise<Geofence> {
  const { id, ...input } = updateGeofenceInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await fenceById(trx, id);
    await officeExists(trx, input.companyOfficeId);
    await sql`
      update mobile_geofences set company_office_id = ${input.companyOfficeId}, name = ${input.name}, latitude = ${input.latitude},
        longitude = ${input.longitude}, radius_m = ${input.radiusM}, active = ${input.active}, updated_at = ${ctx.clock().toISOString()}::timestamptz
      where id = ${id}`.execute(trx);
    await audit(ctx, trx, {
      action: 'mobileAttendance.geofence.update',
      entity: 'mobile_geofence',
      entityId: id,
      before,
      after: input,
    });
    return fenceById(trx, id);
  });
}

/** Removes a fence; punches made in it keep their distance and office. */
export async function deleteGeofence(
  ctx: Ctx,
  _grant: Grant<'attendance.manage'>,
  raw: In<typeof geofenceIdInput>,
): Promise<{ ok: true }> {
  const { id } = geofenceIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await fenceById(trx, id);
    await sql`delete from mobile_geofences where id = ${id}`.execute(trx);
    await audit(ctx, trx, { action: 'mobileAttendance.geofence.delete', entity: 'mobile_geofence', entityId: id, before });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Who may clock in where

/** The offices granted per employee or per job position (who holds `attendance.mobile` is the permission grants' business). */
export async function listAllowedOffices(ctx: Ctx, _grant: Grant<'attendance.view'>) {
  const r = await sql<{
    id: number;
    subjectType: 'employee' | 'job_position';
    subjectId: number;
    subject: string;
    companyOfficeId: number;
    companyOffice: string;
  }>`
    select a.id, a.subject_type as "subjectType", a.subject_id as "subjectId",
      coalesce(case when a.subject_type = 'employee' then (select ${employeeName} || ' (' || e.employee_number || ')'
        from employees e where e.id = a.subject_id)
        else (select j.name from job_positions j where j.id = a.subject_id) end, '#' || a.subject_id) as subject,
      a.company_office_id as "companyOfficeId", o.name as "companyOffice"
    from mobile_allowed_offices a join company_offices o on o.id = a.company_office_id
    order by a.subject_type, subject, o.name limit 2000`.execute(ctx.db);
  return r.rows;
}

/** Lets an employee, or everyone in a job position, clock in at an office (besides their own). */
export async function addAllowedOffice(
  ctx: Ctx,
  grant: Grant<'attendance.manage'>,
  raw: In<typeof allowedOfficeInput>,
): Promise<{ id: number }> {
  const input = allowedOfficeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await officeExists(trx, input.companyOfficeId);
    const table = input.subjectType === 'employee' ? 'employees' : 'job_positions';
    const s = await trx.selectFrom(table).select('id').where('id', '=', input.subjectId).executeTakeFirst();
    if (!s)
      throw field(
        'subjectId',
        'does not exist',
        `The ${input.subjectType === 'employee' ? 'employee' : 'job position'} does not exist`,
      );
    const r = await sql<{ id: number }>`
      insert into mobile_allowed_offices (subject_type, subject_id, company_office_id, created_by)
      values (${input.subjectType}, ${input.subjectId}, ${input.companyOfficeId}, ${grant.actor.userId})
      on conflict (subject_type, subject_id, company_office_id) do update set subject_id = excluded.subject_id
      returning id`.execute(trx);
    const id = r.rows[0]!.id;
    await audit(ctx, trx, {
      action: 'mobileAttendance.allowedOffice.add',
      entity: 'mobile_allowed_office',
      entityId: id,
      after: input,
    });
    return { id };
  });
}

export async function removeAllowedOffice(
  ctx: Ctx,
  _grant: Grant<'attendance.manage'>,
  raw: In<typeof allowedOfficeIdInput>,
): Promise<{ ok: true }> {
  const { id } = allowedOfficeIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const r = await sql`delete from mobile_allowed_offices where id = ${id} returning id`.execute(trx);
    if (r.rows.length === 0) throw notFound('Allowed office');
    await audit(ctx, trx, { action: 'mobileAttendance.allowedOffice.remove', entity: 'mobile_allowed_office', entityId: id });
    return { ok: true as const };
  });
}

/**
 * The active fences an employee may clock in at: their own office's and those of the offices granted to
 * them or to their job position.
 */
async function fencesFor(db: Db, employeeId: number): Promise<Geofence[]> {
  return fencesWhere(
    db,
    sql`g.active and g.company_office_id in (
      with e as (select id, job_position_id, company_office_id from employees where id = ${employeeId}),
      granted as (
        select a.company_office_id from mobile_allowed_offices a, e
        where (a.subject_type = 'employee' and a.subject_id = e.id) or (a.subject_type = 'job_position' and a.subject_id = e.job_position_id)
      )
      select company_office_id from granted
      union all
      select e.company_office_id from e)`,
  );
}

// ---------------------------------------------------------------------------------------------
// The employee's side

interface OwnPunchSql {
  clientId: string;
  kind: MobilePunchKind;
  localTime: string;
  status: MobilePunchStatus;
  inside: boolean;
  distanceM: number | null;
  offline: boolean;
  fence: string | null;
  companyOffice: string | null;
}
const ownPunchColumns = sql`p.client_id::text as "clientId", p.kind, to_char(p.local_time, 'YYYY-MM-DD"T"HH24:MI:SS') as "localTime",
  p.status, p.inside, p.distance_m as "distanceM", p.offline, g.name as fence, o.name as "companyOffice"`;

async function employeeOf(db: Db, employeeId: number) {
  const e = await db
    .selectFrom('employees')
    .select(['id', 'employee_number', sql<string>`trim(given_name || ' ' || surname)`.as('name')])
    .where('id', '=', employeeId)
    .executeTakeFirst();
  if (!e) throw notFound('Employee');
  return e;
}

/** What the clock page shows: the fences the caller may clock in at, the rules, and today's own mobile punches. */
export async function myMobileStatus(ctx: Ctx, grant: Grant<'attendance.mobile'>) {
  const employeeId = ownEmployeeId(grant.actor);
  const [e, settings, fences] = await Promise.all([
    employeeOf(ctx.db, employeeId),
    readSettings(ctx.db),
    fencesFor(ctx.db, employeeId),
  ]);
  const today = todayWib(ctx.clock());
  const r = await sql<OwnPunchSql>`
    select ${ownPunchColumns}
    from mobile_punches p left join mobile_geofences g on g.id = p.geofence_id left join company_offices o on o.id = p.company_office_id
    where p.employee_id = ${employeeId} and p.local_time >= ${today}::date and p.local_time < ${today}::date + 1
    order by p.local_time, p.id`.execute(ctx.db);
  return {
    employeeName: e.name,
    outsidePolicy: settings.outsidePolicy,
    maxAccuracyM: settings.maxAccuracyM,
    fences,
    today: r.rows.map(({ fence: _f, companyOffice: _o, ...p }) => p),
  };
}

async function existingClock(db: Db, employeeId: number, clientId: string): Promise<ClockResult | null> {
  const r = await sql<OwnPunchSql>`
    select ${ownPunchColumns}
    from mobile_punches p left join mobile_geofences g on g.id = p.geofence_id left join company_offices o on o.id = p.company_office_id
    where p.employee_id = ${employeeId} and p.client_id = ${clientId}::uuid`.execute(db);
  const p = r.rows[0];
  return p ? { ...p, duplicate: true } : null;
}

/** Puts an accepted (or approved) mobile punch into the attendance pipeline. */
async function feedPunch(
  ctx: Ctx,
  trx: Db,
  p: { employeeId: number; employeeNumber: string; localTime: string; kind: MobilePunchKind },
) {
  await storePunches(
    { ...ctx, db: trx },
    [
      {
        deviceSerial: MOBILE_DEVICE_SERIAL,
        pin: p.employeeNumber,
        localTime: p.localTime,
        state: STATE[p.kind],
        verifyType: MOBILE_VERIFY_TYPE,
        employeeId: p.employeeId,
      },
    ],
    { source: 'mobile', agent: 'web app' },
  );
}

/**
 * Clock in or out from the phone. Checks, in order: a retry of a stored client id answers the stored
 * punch (nothing stored twice); the time (online: the server's clock; offline: the phone's, within
 * OFFLINE_MAX_HOURS and not ahead); the selfie (type, size, real image); the accuracy limit; the fences.
 * Outside every fence: refused, or stored `pending` for a manager (setting `outsidePolicy`).
 */
export async function clockMobile(ctx: Ctx, grant: Grant<'attendance.mobile'>, raw: In<typeof clockInput>): Promise<ClockResult> {
  const input = clockInput.parse(raw);
  const employeeId = ownEmployeeId(grant.actor);
  const again = await existingClock(ctx.db, employeeId, input.clientId);
  if (again) return again;

  const now = ctx.clock();
  const takenAt = new Date(input.takenAt);
  if (takenAt.getTime() > now.getTime() + CLOCK_AHEAD_MAX_MINUTES * 60_000)
    throw field('takenAt', 'is in the future', 'The phone clock is ahead of the server: set the phone to automatic time');
  if (input.offline && takenAt.getTime() < now.getTime() - OFFLINE_MAX_HOURS * 3600_000)
    throw field(
      'takenAt',
      `is more than ${OFFLINE_MAX_HOURS} hours ago`,
      `This clock-in was taken more than ${OFFLINE_MAX_HOURS} hours ago and can no longer be sent; ask HR for a correction`,
    );
  // Online, the server's clock is the time: a phone's clock can be set by hand.
  const at = input.offline ? takenAt : now;

  const selfie = Buffer.from(input.selfie.contentBase64, 'base64');
  if (selfie.length === 0) throw field('selfie', 'is required', 'Take a selfie first');
  if (selfie.length > SELFIE_MAX_BYTES)
    throw field(
      'selfie',
      `must be at most ${SELFIE_MAX_BYTES / 1024} KB`,
      `The selfie may be at most ${SELFIE_MAX_BYTES / 1024} KB`,
    );
  if (!looksLikeImage(input.selfie.contentType, selfie))
    throw field('selfie', 'is not a real image of its type', 'The selfie is not a real image');

  const settings = await readSettings(ctx.db);
  const accuracyM = Math.ceil(input.accuracyM);
  if (accuracyM > settings.maxAccuracyM)
    throw field(
      'accuracyM',
      `must be at most ${settings.maxAccuracyM} m`,
      `Your location is too imprecise (±${accuracyM} m; at most ±${settings.maxAccuracyM} m). Turn on precise location or step outside, then try again`,
    );

  const fences = await fencesFor(ctx.db, employeeId);
  const match = matchFence(input, fences);
  if (!match) throw new AppError('PRECONDITION_FAILED', 'No attendance area is set for your office yet; ask HR to draw one');
  if (!match.inside && settings.outsidePolicy === 'refuse')
    throw field(
      'latitude',
      'is outside every allowed attendance area',
      `You are outside the attendance area: ${match.distanceM} m from ${match.fence.name} (${match.fence.companyOffice}), which allows ${match.fence.radiusM} m`,
    );
  const status: MobilePunchStatus = match.inside ? 'accepted' : 'pending';
  const e = await employeeOf(ctx.db, employeeId);
  // The wall time of the office whose area it is (WITA in Makassar, WIT in Jayapura), as its terminals record.
  const localTime = localDateTimeIn(at, await officeTimeZone(ctx.db, match.fence.companyOfficeId));

  return inTransaction(ctx, async (trx) => {
    const ins = await sql<{ id: string }>`
      insert into mobile_punches (employee_id, client_id, kind, taken_at, local_time, received_at, offline, latitude, longitude,
        accuracy_m, company_office_id, geofence_id, distance_m, inside, status, selfie_bytes)
      values (${employeeId}, ${input.clientId}::uuid, ${input.kind}, ${at.toISOString()}::timestamptz, ${localTime}::timestamp,
        ${now.toISOString()}::timestamptz, ${input.offline}, ${input.latitude}, ${input.longitude}, ${accuracyM},
        ${match.fence.companyOfficeId}, ${match.fence.id}, ${match.distanceM}, ${match.inside}, ${status}, ${selfie.length})
      on conflict (employee_id, client_id) do nothing
      returning id::text`.execute(trx);
    const punchId = ins.rows[0]?.id;
    if (!punchId) {
      // The same clock-in arrived twice at once (the phone retried while the first was in flight).
      const stored = await existingClock(trx, employeeId, input.clientId);
      if (stored) return stored;
      throw new AppError('CONFLICT', 'This clock-in is being stored; try again');
    }
    await sql`insert into mobile_selfies (punch_id, content_type, content) values (${punchId}::bigint, ${input.selfie.contentType}, ${selfie})`.execute(
      trx,
    );
    if (status === 'accepted')
      await feedPunch(ctx, trx, { employeeId, employeeNumber: e.employee_number, localTime, kind: input.kind });
    await audit(ctx, trx, {
      action: 'mobileAttendance.clock',
      entity: 'mobile_punch',
      entityId: punchId,
      after: { kind: input.kind, localTime, status, distanceM: match.distanceM, fenceId: match.fence.id, offline: input.offline },
    });
    return {
      clientId: input.clientId,
      kind: input.kind,
      localTime,
      status,
      inside: match.inside,
      distanceM: match.distanceM,
      offline: input.offline,
      duplicate: false,
      fence: match.fence.name,
      companyOffice: match.fence.companyOffice,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The manager's side

const rowColumns = sql`p.id::int as id, e.id as "employeeId", e.employee_number as "employeeNumber",
  ${employeeName} as "employeeName", p.kind, to_char(p.local_time, 'YYYY-MM-DD"T"HH24:MI:SS') as "localTime",
  ${iso('p.received_at')} as "receivedAt", p.offline, p.latitude::text as latitude, p.longitude::text as longitude, p.accuracy_m as "accuracyM",
  p.company_office_id as "companyOfficeId", o.name as "companyOffice", p.geofence_id as "fenceId", g.name as fence,
  p.distance_m as "distanceM", p.inside, p.status, ${iso('p.decided_at')} as "decidedAt", p.decision_note as "decisionNote",
  exists (select 1 from mobile_selfies s where s.punch_id = p.id) as "hasSelfie"`;
const rowFrom = sql`mobile_punches p join employees e on e.id = p.employee_id
  left join company_offices o on o.id = p.company_office_id left join mobile_geofences g on g.id = p.geofence_id`;
type RowSql = Omit<MobilePunchRow, 'latitude' | 'longitude'> & { latitude: string; longitude: string };
const toRow = (r: RowSql): MobilePunchRow => ({ ...r, latitude: Number(r.latitude), longitude: Number(r.longitude) });

/**
 * A day's mobile punches (default today, WIB) of the employees in the caller's data scope, with
 * distance, accuracy and whether a selfie is kept; and the fences to draw them against.
 */
export async function listMobilePunches(
  ctx: Ctx,
  grant: Grant<'attendance.view'>,
  raw: In<typeof listMobilePunchesInput>,
): Promise<Page<MobilePunchRow> & { date: string; fences: Geofence[] }> {
  const f = listMobilePunchesInput.parse(raw);
  const date = f.date ?? todayWib(ctx.clock());
  const like = f.search ? likePattern(f.search) : null;
  const r = await sql<RowSql & { total: string }>`
    select ${rowColumns}, count(*) over () as total
    from ${rowFrom}
    where ${scopeSql(grant.scope, 'e')}
      and p.local_time >= ${date}::date and p.local_time < ${date}::date + 1
      and (${f.status ?? null}::text is null or p.status = ${f.status ?? null})
      and (${f.companyOfficeId ?? null}::int is null or p.company_office_id = ${f.companyOfficeId ?? null})
      and (${like}::text is null or ${employeeName} ilike ${like} or e.employee_number ilike ${like})
    order by p.local_time desc, p.id desc
    ${pageLimit(f)}`.execute(ctx.db);
  const fences = await fencesWhere(ctx.db, f.companyOfficeId ? sql`g.company_office_id = ${f.companyOfficeId}` : sql`g.active`);
  return {
    rows: r.rows.map(({ total: _t, ...row }) => toRow(row)),
    total: Number(r.rows[0]?.total ?? 0),
    page: f.page,
    pageSize: f.pageSize,
    date,
    fences,
  };
}

async function scopedPunch(db: Db, grant: Grant, id: number): Promise<RowSql> {
  const r = await sql<RowSql>`select ${rowColumns} from ${rowFrom} where p.id = ${id} and ${scopeSql(grant.scope, 'e')}`.execute(
    db,
  );
  const p = r.rows[0];
  if (!p) throw notFound('Mobile punch');
  return p;
}

/** A punch's selfie, to those who may see the employee's attendance (NOT_FOUND outside the scope or once purged). */
export async function mobileSelfie(ctx: Ctx, grant: Grant<'attendance.view'>, raw: In<typeof mobilePunchIdInput>) {
  const { id } = mobilePunchIdInput.parse(raw);
  await scopedPunch(ctx.db, grant, id);
  const r = await sql<{ contentType: string; content: Uint8Array }>`
    select content_type as "contentType", content from mobile_selfies where punch_id = ${id}`.execute(ctx.db);
  const s = r.rows[0];
  if (!s) throw notFound('Selfie (removed after the retention period)');
  return { contentType: s.contentType, contentBase64: Buffer.from(s.content).toString('base64') };
}

/**
 * Approves or rejects a punch made outside the fences. One guarded UPDATE … WHERE status = 'pending':
 * of two managers deciding at once, one succeeds and the other is told it was already decided.
 * Approving puts the punch into the attendance pipeline. Nobody decides their own punch.
 */
export async function decideMobilePunch(
  ctx: Ctx,
  grant: Grant<'attendance.approve'>,
  raw: In<typeof decideMobilePunchInput>,
): Promise<{ id: number; status: MobilePunchStatus }> {
  const input = decideMobilePunchInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const p = await scopedPunch(trx, grant, input.id);
    refuseOwn(grant.actor, p.employeeId, 'mobile punch', 'decide');
    const status: MobilePunchStatus = input.decision === 'approve' ? 'approved' : 'rejected';
    const done = await sql<{ id: number }>`
      update mobile_punches set status = ${status}, decided_by = ${grant.actor.userId},
        decided_at = ${ctx.clock().toISOString()}::timestamptz, decision_note = ${input.note ?? null}
      where id = ${input.id} and status = 'pending'
      returning id::int`.execute(trx);
    if (done.rows.length === 0)
      throw new AppError(
        'CONFLICT',
        p.status === 'pending' ? 'This punch was just decided by someone else' : `This punch is already ${p.status}`,
      );
    if (status === 'approved')
      await feedPunch(ctx, trx, {
        employeeId: p.employeeId,
        employeeNumber: p.employeeNumber,
        localTime: p.localTime,
        kind: p.kind,
      });
    await audit(ctx, trx, {
      action: `mobileAttendance.${input.decision}`,
      entity: 'mobile_punch',
      entityId: input.id,
      before: { status: p.status },
      after: { status, note: input.note ?? null },
    });
    return { id: input.id, status };
  });
}

/**
 * The retention purge (a background sweep, no actor): drops the selfies of punches taken more than
 * `selfieRetentionDays` ago; the punches stay. Returns how many were dropped.
 */
export async function purgeExpiredSelfies(ctx: Ctx): Promise<number> {
  return inTransaction(ctx, async (trx) => {
    const { selfieRetentionDays } = await readSettings(trx);
    const cutoff = new Date(ctx.clock().getTime() - selfieRetentionDays * 86_400_000).toISOString();
    const r = await sql<{ punch_id: string }>`
      delete from mobile_selfies s using mobile_punches p
      where p.id = s.punch_id and p.taken_at < ${cutoff}::timestamptz
      returning s.punch_id::text`.execute(trx);
    if (r.rows.length > 0) {
      await sql`update mobile_punches set selfie_purged_at = ${ctx.clock().toISOString()}::timestamptz
        where id = any(${r.rows.map((x) => x.punch_id)}::bigint[])`.execute(trx);
      await audit(ctx, trx, {
        action: 'mobileAttendance.selfie.purge',
        entity: 'mobile_selfie',
        after: { count: r.rows.length, olderThan: cutoff, retentionDays: selfieRetentionDays },
      });
    }
    return r.rows.length;
  });
}
