import { type RawBuilder, sql } from 'kysely';
import { audit } from '../audit/index';
import { refuseOwn } from '../access/index';
import type { Grant } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError, notFound } from '../shared/errors';
import { countWhere, likePattern } from '../shared/sql';
import { type PageArgs, pageOf, pageOffset, windowedPage } from '../shared/page';
import type { Page, In } from '../shared/zod';
import { addDays, computeTimesheets, dateIn, pairsTouchedBy } from './engine';
import { employeeVisible, querySettings, scopedEmployeeCondition } from './queries';
import {
  type IngestResult,
  attendanceIdInput,
  isLocalDateTime,
  listPinsInput,
  listPunchesInput,
  type PinRow,
  type PunchItem,
  type PunchResult,
  type PunchRow,
  pinInput,
} from './schema';
import { employeeName } from '../shared/employee-sql';

export type PunchSource = 'device' | 'import' | 'manual' | 'mobile';

/** Why a punch cannot be stored (null: it can), checked before anything is written. */
export function punchProblem(p: PunchItem, latestDay: string): string | null {
  if (p.deviceSerial.trim() === '') return 'deviceSerial: is required';
  if (p.pin.trim() === '') return 'pin: is required';
  if (!isLocalDateTime(p.localTime)) return 'localTime: must be a date-time yyyy-mm-ddThh:mm:ss';
  if (p.localTime.slice(0, 10) > latestDay) return 'localTime: is in the future (check the terminal clock)';
  return null;
}

/**
 * Stores punches set-based: one `insert … select … on conflict do nothing` for the batch, so a
 * re-sent punch (same device serial, PIN and local time) is answered `duplicate` and changes
 * nothing. Each punch's employee comes from the PIN mapping (a terminal-specific mapping before
 * a company-wide one); unknown PINs are kept unmapped. Then recomputes only the (employee, day)
 * pairs the new punches touch. Results are per input index.
 */
export async function storePunches(
  ctx: Ctx,
  punches: readonly (PunchItem & { employeeId?: number })[],
  opts: { source: PunchSource; agent: string | null },
): Promise<IngestResult> {
  const settings = await querySettings(ctx.db);
  const today = dateIn(settings.timeZone, ctx.clock());
  // A terminal a day ahead is plausible (time zones, clock drift); later than that is refused.
  const latestDay = addDays(today, 1);
  const items: PunchResult[] = new Array(punches.length);
  const firstOfKey = new Map<string, number>();
  const rows: {
    i: number;
    device_serial: string;
    pin: string;
    local_time: string;
    state: number;
    verify_type: number;
    employee_id: number | null;
  }[] = [];
  punches.forEach((p, i) => {
    const problem = punchProblem(p, latestDay);
    if (problem) {
      items[i] = { index: i, status: 'rejected', message: problem };
      return;
    }
    const row = {
      i,
      device_serial: p.deviceSerial.trim(),
      pin: p.pin.trim(),
      local_time: p.localTime,
      state: p.state,
      verify_type: p.verifyType,
      // A mobile punch names its employee (the login's); a terminal's goes through the PIN mapping.
      employee_id: p.employeeId ?? null,
    };
    const key = `${row.device_serial}\u0000${row.pin}\u0000${row.local_time}`;
    if (firstOfKey.has(key)) {
      items[i] = { index: i, status: 'duplicate' };
      return;
    }
    firstOfKey.set(key, i);
    rows.push(row);
  });
  if (rows.length === 0) return { items };

  return inTransaction(ctx, async (trx) => {
    const inserted = await sql<{ device_serial: string; pin: string; local_time: string; employee_id: number | null }>`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(i integer, device_serial text, pin text, local_time timestamp, state smallint, verify_type smallint, employee_id integer)
      )
      insert into punches (device_serial, pin, local_time, state, verify_type, source, agent, employee_id)
      select x.device_serial, x.pin, x.local_time, x.state, x.verify_type, ${opts.source}, ${opts.agent},
        coalesce(x.employee_id, (select m.employee_id from attendance_pins m
          where m.pin = x.pin and (m.device_serial = x.device_serial or m.device_serial is null)
          order by m.device_serial is null limit 1))
      from input x
      order by x.i
      on conflict (device_serial, pin, local_time) do nothing
      returning device_serial, pin, to_char(local_time, 'YYYY-MM-DD"T"HH24:MI:SS') as local_time, employee_id`.execute(trx);
    const insertedKeys = new Set(inserted.rows.map((r) => `${r.device_serial}\u0000${r.pin}\u0000${r.local_time}`));
    for (const row of rows) {
      const key = `${row.device_serial}\u0000${row.pin}\u0000${row.local_time}`;
      items[row.i] = { index: row.i, status: insertedKeys.has(key) ? 'inserted' : 'duplicate' };
    }
    const pairs = pairsTouchedBy(
      inserted.rows.map((r) => ({ employeeId: r.employee_id, localTime: r.local_time })),
      today,
    );
    await computeTimesheets(trx, { kind: 'pairs', pairs });
    return { items };
  });
}

/** Raw punches (paginated, newest first), scoped: unmapped punches only for an all-data scope. */
export async function listPunches(
  ctx: Ctx,
  grant: Grant<'attendance.view'>,
  raw: In<typeof listPunchesInput>,
): Promise<Page<PunchRow>> {
  const input = listPunchesInput.parse(raw);
  const filtered =
    input.companyOfficeId ||
    input.departmentId ||
    input.divisionId ||
    input.employeeId ||
    input.search ||
    grant.scope.kind !== 'all';
  const conds = [sql<boolean>`true`];
  if (filtered) {
    const cond = await scopedEmployeeCondition(ctx.db, grant.scope, input);
    conds.push(sql<boolean>`exists (select 1 from employees e where e.id = p.employee_id and ${cond})`);
  }
  if (input.unmapped) conds.push(sql<boolean>`p.employee_id is null`);
  if (input.from) conds.push(sql<boolean>`p.local_time >= ${input.from}::date`);
  if (input.to) conds.push(sql<boolean>`p.local_time < ${input.to}::date + 1`);
  if (input.deviceSerial) conds.push(sql<boolean>`p.device_serial = ${input.deviceSerial}`);
  if (input.pin) conds.push(sql<boolean>`p.pin = ${input.pin}`);
  return punchPage<PunchRow>(
    ctx.db,
    sql`p.id::text as "id", p.device_serial as "deviceSerial", p.pin,
      to_char(p.local_time, 'YYYY-MM-DD"T"HH24:MI:SS') as "localTime", p.state, p.verify_type as "verifyType",
      p.source, to_char(p.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "receivedAt",
      p.employee_id as "employeeId", ${employeeName} as "employeeName"`,
    sql.join(conds, sql` and `),
    input,
  );
}

/**
 * One page of the punches matching `where`, newest first, with the list's total. `columns` and `where` may read
 * `p` (the punch) and `e` (the employee its PIN maps to, left joined). The punch list and a terminal's scan log
 * (devices) both page through it.
 */
export async function punchPage<R>(
  db: Db,
  columns: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  f: PageArgs,
): Promise<Page<R>> {
  const r = await sql<R & { total: number }>`
    select ${columns}, (count(*) over ())::int as total
    from punches p left join employees e on e.id = p.employee_id
    where ${where}
    order by p.local_time desc, p.id desc
    limit ${f.pageSize} offset ${pageOffset(f)}`.execute(db);
  return windowedPage(
    r.rows,
    f,
    () => countWhere(db, sql`punches p`, where),
    (row) => row as R,
  );
}

// ---------------------------------------------------------------------------------------------
// PIN mapping

/** PIN mappings (paginated), employees of the scope only. */
export async function listPins(ctx: Ctx, grant: Grant<'attendance.view'>, raw: In<typeof listPinsInput>): Promise<Page<PinRow>> {
  const input = listPinsInput.parse(raw);
  const conds = [await scopedEmployeeCondition(ctx.db, grant.scope, { employeeId: input.employeeId })];
  if (input.search) {
    const like = likePattern(input.search);
    conds.push(
      sql<boolean>`(m.pin ilike ${like} or e.given_name || ' ' || e.surname ilike ${like} or e.employee_number ilike ${like})`,
    );
  }
  const where = sql.join(conds, sql` and `);
  const r = await sql<PinRow & { total: number }>`
    select m.id, m.pin, m.device_serial as "deviceSerial", m.employee_id as "employeeId",
      ${employeeName} as "employeeName", e.employee_number as "employeeNumber",
      (count(*) over ())::int as total
    from attendance_pins m join employees e on e.id = m.employee_id
    where ${where}
    order by m.pin, m.device_serial nulls first
    limit ${input.pageSize} offset ${pageOffset(input)}`.execute(ctx.db);
  return pageOf(r.rows, input, (row) => row);
}

/**
 * Maps a terminal PIN to an employee and resolves the punches already stored under that PIN
 * without an employee (unknown PINs are kept for this), recomputing the days they touch.
 */
export async function assignPin(ctx: Ctx, grant: Grant<'attendance.manage'>, raw: In<typeof pinInput>) {
  const input = pinInput.parse(raw);
  if (!(await employeeVisible(ctx.db, grant.scope, input.employeeId))) throw notFound('Employee');
  // A PIN mapped to oneself would give one's own record the punches of that terminal user.
  refuseOwn(grant.actor, input.employeeId, 'terminal PIN');
  const serial = input.deviceSerial ?? null;
  const settings = await querySettings(ctx.db);
  const today = dateIn(settings.timeZone, ctx.clock());
  return inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () =>
        trx
          .insertInto('attendance_pins')
          .values({ pin: input.pin, device_serial: serial, employee_id: input.employeeId })
          .returning(['id', 'pin', 'device_serial as deviceSerial', 'employee_id as employeeId'])
          .executeTakeFirstOrThrow(),
      {
        unique: {
          attendance_pins_pin_uq: () =>
            new AppError('CONFLICT', `PIN ${input.pin} is already mapped${serial ? ` on terminal ${serial}` : ''}`, {
              fields: [{ param: 'pin', msg: 'is already used' }],
            }),
        },
        onForeignKey: () => notFound('Employee'),
      },
    );
    const resolved = await resolvePunches(trx, input.pin, serial, input.employeeId);
    await computeTimesheets(trx, { kind: 'pairs', pairs: pairsTouchedBy(resolved, today) });
    await audit(ctx, trx, { action: 'create', entity: 'attendance_pin', entityId: row.id, after: row });
    return { ...row, resolvedPunches: resolved.length };
  });
}

/** Gives the unmapped punches of a PIN (on one terminal, or any) to the employee. */
async function resolvePunches(db: Db, pin: string, serial: string | null, employeeId: number) {
  const r = await sql<{ local_time: string }>`
    update punches set employee_id = ${employeeId}
    where employee_id is null and pin = ${pin} and (${serial}::text is null or device_serial = ${serial})
    returning to_char(local_time, 'YYYY-MM-DD"T"HH24:MI:SS') as local_time`.execute(db);
  return r.rows.map((x) => ({ employeeId, localTime: x.local_time }));
}

/** Removes a PIN mapping; punches already given to the employee stay theirs. */
export async function removePin(ctx: Ctx, grant: Grant<'attendance.manage'>, raw: In<typeof attendanceIdInput>) {
  const { id } = attendanceIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('attendance_pins').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before || !(await employeeVisible(trx, grant.scope, before.employee_id))) throw notFound('PIN mapping');
    refuseOwn(grant.actor, before.employee_id, 'terminal PIN');
    await trx.deleteFrom('attendance_pins').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'delete', entity: 'attendance_pin', entityId: id, before });
    return { ok: true as const };
  });
}
