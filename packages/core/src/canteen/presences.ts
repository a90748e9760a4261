import { employeeName, workingEmployeeOptions } from '../shared/employee-sql';
import { type SqlBool, sql } from 'kysely';
import { audit } from '../audit/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError, type ErrorCode } from '../shared/errors';
import type { In, Page } from '../shared/zod';
import { inScope, presenceInScope } from './access';
import { canteenLocalTime, ddmmyyyy, hhmm, labelled, preferenceOf } from './format';
import type { Manage, View } from './grants';
import { allOf, pageSql, pushEmployeeSearch } from './list-sql';
import { pageOf } from '../shared/page';
import {
  fingerprintPresenceInput,
  listPresencesInput,
  MEAL_KIND_LABELS,
  PRESENCE_SOURCE_LABELS,
  type PresenceRefusal,
  type PresenceResult,
  type PresenceRow,
  type PresenceSource,
  presenceIdInput,
  scanPresenceInput,
} from './schema';
import { canteenNotFound } from './settings';

// Presence

/** A refusal at the kiosk: a clear message, and the reason for machines (REST internalMsg). */
function refusal(code: ErrorCode, reason: PresenceRefusal, message: string, employee?: string): AppError {
  return new AppError(code, message, { detail: employee ? { reason, employee } : { reason } });
}

interface Eater {
  id: number;
  employeeNumber: string;
  name: string;
}

const eaterLabel = (e: Eater) => `${e.employeeNumber} ${e.name}`;

/**
 * Records one presence at a canteen at a local date/time: the meal is the canteen's active meal
 * whose serving window holds the time (to the minute, both ends included; when windows overlap,
 * the one the employee is scheduled for). Refused — with a clear message — when outside every
 * window, already taken that day (any canteen), not scheduled for it here, or the day's quota is
 * reached. The meal row is locked while checking, so concurrent scans of one meal are serialised;
 * the unique index (employee, day, kind) is the last word.
 */
async function recordPresence(
  ctx: Ctx,
  grant: Manage,
  who: Eater,
  at: { canteenId: number; date: string; time: string; takenAt: Date; source: PresenceSource; serial: string | null },
): Promise<PresenceResult> {
  const emp = eaterLabel(who);
  const presenceId = await inTransaction(ctx, async (trx) => {
    const canteen = await trx
      .selectFrom('canteens')
      .select(['id', 'name', 'active'])
      .where('id', '=', at.canteenId)
      .executeTakeFirst();
    if (!canteen) throw canteenNotFound();
    const meals = await trx
      .selectFrom('canteen_meals')
      .selectAll()
      .where('canteen_id', '=', canteen.id)
      .where('active', '=', true)
      .orderBy('start_time')
      .execute();
    const minute = `${at.time.slice(0, 5)}:00`;
    const open = canteen.active ? meals.filter((m) => m.start_time <= minute && minute <= m.end_time) : [];
    if (open.length === 0) {
      const windows = meals.map((m) => `${MEAL_KIND_LABELS[m.kind]} ${hhmm(m.start_time)}–${hhmm(m.end_time)}`).join(', ');
      throw refusal(
        'PRECONDITION_FAILED',
        'outside_window',
        !canteen.active || meals.length === 0
          ? `Outside serving window: ${canteen.name} serves no meals`
          : `Outside serving window (${hhmm(at.time)}): ${canteen.name} serves ${windows}`,
        emp,
      );
    }
    const schedules = await trx
      .selectFrom('canteen_meal_schedules as s')
      .innerJoin('canteen_meals as m', 'm.id', 's.meal_id')
      .innerJoin('canteens as c', 'c.id', 'm.canteen_id')
      .select(['s.meal_kind', 's.meal_id', 'c.name as canteen'])
      .where('s.employee_id', '=', who.id)
      .where('s.meal_date', '=', at.date)
      .execute();
    const meal = open.find((m) => schedules.some((s) => s.meal_id === m.id)) ?? open[0]!;
    const label = MEAL_KIND_LABELS[meal.kind];
    await trx.selectFrom('canteen_meals').select('id').where('id', '=', meal.id).forUpdate().execute();

    const alreadyTaken = (time?: string, where?: string) =>
      refusal(
        'CONFLICT',
        'already_taken',
        time
          ? `${who.name} already took ${label} on ${ddmmyyyy(at.date)} at ${time} (${where})`
          : `${who.name} already took ${label}`,
        emp,
      );
    const prior = await trx
      .selectFrom('canteen_presences as p')
      .innerJoin('canteens as c', 'c.id', 'p.canteen_id')
      .select(['p.taken_at', 'c.name'])
      .where('p.employee_id', '=', who.id)
      .where('p.meal_date', '=', at.date)
      .where('p.meal_kind', '=', meal.kind)
      .executeTakeFirst();
    if (prior) throw alreadyTaken(canteenLocalTime(prior.taken_at).time.slice(0, 5), prior.name);

    const mine = schedules.find((s) => s.meal_kind === meal.kind);
    if (!mine)
      throw refusal(
        'PRECONDITION_FAILED',
        'not_scheduled',
        `${who.name} is not scheduled for ${label} on ${ddmmyyyy(at.date)}`,
        emp,
      );
    if (mine.meal_id !== meal.id)
      throw refusal(
        'PRECONDITION_FAILED',
        'not_scheduled',
        `${who.name} is scheduled for ${label} at ${mine.canteen}, not at ${canteen.name}`,
        emp,
      );
    if (meal.quota !== null) {
      const n = await trx
        .selectFrom('canteen_presences')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('meal_id', '=', meal.id)
        .where('meal_date', '=', at.date)
        .executeTakeFirstOrThrow();
      if (n.n >= meal.quota)
        throw refusal('CONFLICT', 'quota_reached', `${label} quota reached: ${n.n} of ${meal.quota} meals served`, emp);
    }
    const pref = await trx
      .selectFrom('canteen_preferences')
      .select('preference')
      .where('employee_id', '=', who.id)
      .executeTakeFirst();
    const row = await dbWrite(
      () =>
        trx
          .insertInto('canteen_presences')
          .values({
            employee_id: who.id,
            meal_date: at.date,
            meal_kind: meal.kind,
            meal_id: meal.id,
            canteen_id: canteen.id,
            taken_at: at.takenAt,
            source: at.source,
            device_serial: at.serial,
            preference: preferenceOf(pref?.preference ?? null),
            employee_price: meal.employee_price,
            subsidy: meal.subsidy,
            recorded_by_user_id: grant.actor.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: { canteen_presences_once_uq: () => alreadyTaken() } },
    );
    await audit(ctx, trx, {
      action: 'canteen.presence.record',
      entity: 'canteen_presences',
      entityId: row.id,
      after: { employeeId: who.id, date: at.date, meal: meal.kind, canteenId: canteen.id, source: at.source, serial: at.serial },
    });
    return row.id;
  });
  return presenceResult(ctx.db, presenceId);
}

async function presenceResult(db: Db, id: string): Promise<PresenceResult> {
  const r = await db
    .selectFrom('canteen_presences as p')
    .innerJoin('employees as e', 'e.id', 'p.employee_id')
    .innerJoin('canteens as c', 'c.id', 'p.canteen_id')
    .select([
      'p.id',
      'p.employee_id as employeeId',
      'e.employee_number as employeeNumber',
      employeeName.as('name'),
      'p.canteen_id as canteenId',
      'c.name as canteen',
      'p.meal_kind as mealKind',
      'p.meal_date as mealDate',
      'p.taken_at as takenAt',
      'p.preference',
      'p.employee_price as employeePrice',
      'p.source',
    ])
    .where('p.id', '=', id)
    .executeTakeFirstOrThrow();
  return labelled(r);
}

/** The card / QR value: an employee number, or "EMP:<employee number>". */
export function cardEmployeeNumber(code: string): string {
  return code.trim().replace(/^emp:\s*/i, '');
}

/**
 * A card / QR scan at the kiosk of a canteen, now (ctx clock, local time). The kiosk serves every
 * working employee of the company; it shows only the name and number of the one scanned.
 */
export async function scanPresence(ctx: Ctx, grant: Manage, raw: In<typeof scanPresenceInput>): Promise<PresenceResult> {
  const input = scanPresenceInput.parse(raw);
  const number = cardEmployeeNumber(input.code);
  const e = await workingEmployeeOptions(ctx.db)
    .where(sql<SqlBool>`lower(e.employee_number) = lower(${number})`)
    .executeTakeFirst();
  if (!e) throw refusal('NOT_FOUND', 'unknown_card', `Unknown card: ${number.slice(0, 50) || input.code.slice(0, 50)}`);
  const now = ctx.clock();
  const local = canteenLocalTime(now);
  return recordPresence(ctx, grant, e, {
    canteenId: input.canteenId,
    date: local.date,
    time: local.time,
    takenAt: now,
    source: 'card',
    serial: null,
  });
}

/** The canteen a terminal belongs to, or a clear refusal. */
async function terminalCanteen(db: Db, serial: string): Promise<number> {
  const t = await db.selectFrom('canteen_terminals').select('canteen_id').where('device_serial', '=', serial).executeTakeFirst();
  if (!t) throw refusal('NOT_FOUND', 'unknown_terminal', `Terminal ${serial} is not a canteen terminal`);
  return t.canteen_id;
}

/**
 * A punch at a canteen fingerprint terminal (serial + PIN + the terminal's local time). The PIN is
 * resolved through the attendance PIN mappings (read-only): a mapping for this terminal first,
 * then a mapping for every terminal.
 */
export async function recordFingerprintPresence(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof fingerprintPresenceInput>,
): Promise<PresenceResult> {
  const input = fingerprintPresenceInput.parse(raw);
  const canteenId = await terminalCanteen(ctx.db, input.serial);
  const e = await ctx.db
    .selectFrom('attendance_pins as m')
    .innerJoin('employees as e', 'e.id', 'm.employee_id')
    .select(['e.id', 'e.employee_number as employeeNumber', employeeName.as('name')])
    .where('m.pin', '=', input.pin)
    .where((eb) => eb.or([eb('m.device_serial', '=', input.serial), eb('m.device_serial', 'is', null)]))
    .where('e.resigned', '=', 0)
    .orderBy(sql`m.device_serial is null`)
    .limit(1)
    .executeTakeFirst();
  if (!e) throw refusal('NOT_FOUND', 'unknown_card', `Unknown fingerprint: PIN ${input.pin} on terminal ${input.serial}`);
  const date = input.time.slice(0, 10);
  const time = input.time.slice(11).padEnd(8, ':00').slice(0, 8);
  return recordPresence(ctx, grant, e, {
    canteenId,
    date,
    time,
    takenAt: new Date(`${date}T${time}+07:00`),
    source: 'fingerprint',
    serial: input.serial,
  });
}
/** Spec §7 "Presence (taking-food) list": presences of employees in the caller's scope, newest first. */
export async function listPresences(ctx: Ctx, grant: View, raw: In<typeof listPresencesInput>): Promise<Page<PresenceRow>> {
  const f = listPresencesInput.parse(raw);
  const conds = inScope(grant);
  if (f.from) conds.push(sql<SqlBool>`p.meal_date >= ${f.from}::date`);
  if (f.to) conds.push(sql<SqlBool>`p.meal_date <= ${f.to}::date`);
  if (f.mealKind) conds.push(sql<SqlBool>`p.meal_kind = ${f.mealKind}`);
  if (f.canteenId) conds.push(sql<SqlBool>`p.canteen_id = ${f.canteenId}`);
  if (f.companyOfficeId) conds.push(sql<SqlBool>`c.company_office_id = ${f.companyOfficeId}`);
  if (f.departmentId) conds.push(sql<SqlBool>`e.department_id = ${f.departmentId}`);
  if (f.source) conds.push(sql<SqlBool>`p.source = ${f.source}`);
  pushEmployeeSearch(conds, f.search);
  const rows = await sql<Omit<PresenceRow, 'mealLabel' | 'preferenceLabel' | 'sourceLabel'> & { total: number }>`
    select p.id::text as id, p.taken_at as "takenAt", p.meal_date as "mealDate", p.meal_kind as "mealKind",
      p.canteen_id as "canteenId", c.name as canteen, o.name as "companyOffice", e.id as "employeeId",
      e.employee_number as "employeeNumber", ${employeeName} as name, d.name as department, p.preference,
      p.source, p.device_serial as "deviceSerial", p.employee_price::text as "employeePrice", p.subsidy::text as subsidy,
      (count(*) over ())::int as total
    from canteen_presences p
    join canteens c on c.id = p.canteen_id
    join company_offices o on o.id = c.company_office_id
    join employees e on e.id = p.employee_id
    left join departments d on d.id = e.department_id
    where ${allOf(conds)}
    order by p.taken_at desc, p.id desc
    ${pageSql(f)}`.execute(ctx.db);
  return pageOf(rows.rows, f, (r) => ({
    ...labelled(r),
    takenAt: new Date(r.takenAt),
    sourceLabel: PRESENCE_SOURCE_LABELS[r.source],
  }));
}

/** Deletes a presence recorded by mistake (in the caller's scope); the meal can then be taken again. */
export async function deletePresence(ctx: Ctx, grant: Manage, raw: In<typeof presenceIdInput>): Promise<{ id: number }> {
  const { id } = presenceIdInput.parse(raw);
  await inTransaction(ctx, async (trx) => {
    const before = await presenceInScope(trx, grant, id);
    await trx.deleteFrom('canteen_presences').where('id', '=', String(id)).execute();
    await audit(ctx, trx, {
      action: 'canteen.presence.delete',
      entity: 'canteen_presences',
      entityId: id,
      before,
    });
  });
  return { id };
}
