import { sql } from 'kysely';
import { audit } from '../audit/index';
import type { Grant } from '../access/index';
import { type Ctx, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError, invalid, notFound } from '../shared/errors';
import type { In } from '../shared/zod';
import {
  type AgentCommand,
  agentCommandResultInput,
  agentCommandsInput,
  commandIdInput,
  type DeviceCommandRow,
  type DeviceUser,
  deviceIdInput,
  queueCommandInput,
  type ScanLogExcel,
} from './schema';
import { employeeName } from '../shared/employee-sql';
import { fileDownload } from '../shared/file-download';

/*
 * Commands for a terminal (issue 6): the server cannot reach terminals on the office LAN, so a
 * developer queues a command here and the terminal's agent fetches it on its next poll, carries it
 * out through its driver and reports the result. Delivery is at least once: a command fetched but
 * never answered (the agent died) is handed out again; both kinds are idempotent on the terminal.
 */

type Dev = Grant<'developer.access'>;
type Ingest = Grant<'device.ingest'>;

/** ZK terminals keep a 24-character user id; longer PINs are left out of an upload. */
const MAX_TERMINAL_PIN = 24;

/** The users of a terminal as HR knows them: each PIN mapped to an employee (terminal mapping first). */
async function usersForTerminal(ctx: Ctx, serial: string): Promise<DeviceUser[]> {
  const r = await sql<{ pin: string; name: string }>`
    select distinct on (m.pin) m.pin, left(${employeeName}, 24) as name
    from attendance_pins m join employees e on e.id = m.employee_id
    where (m.device_serial = ${serial} or m.device_serial is null) and length(m.pin) <= ${MAX_TERMINAL_PIN}
    order by m.pin, m.device_serial is null`.execute(ctx.db);
  return r.rows.map((u) => ({ pin: u.pin, name: u.name, privilege: 0, password: '', card: 0 }));
}

const commandSelect = sql`
  c.id, c.kind, c.status, c.error,
  coalesce(jsonb_array_length(c.result->'users'), (c.result->>'written')::int, jsonb_array_length(c.payload->'users')) as users,
  to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
  to_char(c.fetched_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "fetchedAt",
  to_char(c.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "finishedAt",
  (c.kind = 'backup-users' and c.status = 'done') as "hasBackup"`;

/**
 * Queues "upload users" (the PINs mapped to employees for this terminal, with their names) or
 * "back up users" for a terminal. One pending command of a kind per terminal (409 otherwise).
 */
export async function queueDeviceCommand(ctx: Ctx, grant: Dev, raw: In<typeof queueCommandInput>): Promise<DeviceCommandRow> {
  const input = queueCommandInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const d = await trx.selectFrom('fingerspot_devices').select(['id', 'serial']).where('id', '=', input.id).executeTakeFirst();
    if (!d) throw notFound('Fingerprint device');
    let payload: { users?: DeviceUser[] } = {};
    if (input.kind === 'upload-users') {
      const users = await usersForTerminal({ ...ctx, db: trx }, d.serial);
      if (users.length === 0) {
        throw new AppError('VALIDATION', 'No PIN is mapped to an employee for this terminal', {
          fields: [{ param: 'kind', msg: 'no PIN is mapped to an employee for this terminal' }],
        });
      }
      payload = { users };
    }
    const row = await dbWrite(
      () =>
        trx
          .insertInto('device_commands')
          .values({ device_id: d.id, kind: input.kind, payload: JSON.stringify(payload), created_by: grant.actor.userId })
          .returning('id')
          .executeTakeFirstOrThrow(),
      {
        unique: {
          device_commands_pending_uq: () =>
            new AppError('CONFLICT', 'This command is already waiting for the agent', {
              fields: [{ param: 'kind', msg: 'is already waiting for the agent' }],
            }),
        },
      },
    );
    await audit(ctx, trx, {
      action: `device.command.${input.kind}`,
      entity: 'fingerspot_device',
      entityId: d.id,
      after: { commandId: row.id, users: payload.users?.length ?? null },
    });
    const out = await sql<DeviceCommandRow>`select ${commandSelect} from device_commands c where c.id = ${row.id}`.execute(trx);
    return out.rows[0]!;
  });
}

/** The commands of a terminal, newest first (the last 50). */
export async function listDeviceCommands(ctx: Ctx, _grant: Dev, raw: In<typeof deviceIdInput>): Promise<DeviceCommandRow[]> {
  const { id } = deviceIdInput.parse(raw);
  const d = await ctx.db.selectFrom('fingerspot_devices').select('id').where('id', '=', id).executeTakeFirst();
  if (!d) throw notFound('Fingerprint device');
  const r = await sql<DeviceCommandRow>`
    select ${commandSelect} from device_commands c where c.device_id = ${id} order by c.id desc limit 50`.execute(ctx.db);
  return r.rows;
}

/**
 * A finished backup as a JSON file: `{ device, serial, takenAt, users: [...] }`, each user with the
 * fingerprint `templates` its driver read (EasyLink `{pin, idx, alg_ver, template}`, zk
 * `{pin, fingerIndex, valid, template}`), stored as the agent sent them in `result` (jsonb).
 */
export async function downloadDeviceBackup(ctx: Ctx, _grant: Dev, raw: In<typeof commandIdInput>): Promise<ScanLogExcel> {
  const { id } = commandIdInput.parse(raw);
  const r = await sql<{ name: string; serial: string; finishedAt: string; result: { users?: unknown[] } }>`
    select d.name, d.serial, to_char(c.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "finishedAt", c.result
    from device_commands c join fingerspot_devices d on d.id = c.device_id
    where c.id = ${id} and c.kind = 'backup-users' and c.status = 'done'`.execute(ctx.db);
  const b = r.rows[0];
  if (!b) throw notFound('Backup');
  const users = b.result?.users ?? [];
  const body = JSON.stringify({ device: b.name, serial: b.serial, takenAt: b.finishedAt, users }, null, 2);
  return {
    ...fileDownload(
      `users-${b.serial.replace(/[^A-Za-z0-9_-]/g, '_')}-${b.finishedAt.slice(0, 10)}.json`,
      'application/json',
      Buffer.from(body, 'utf8'),
    ),
    rows: users.length,
  };
}

/** Serials the caller may act for: the terminal a bound client is bound to, else the ones asked. */
function allowedSerials(grant: Ingest, asked: readonly string[]): string[] {
  const bound = grant.actor.client?.deviceSerial ?? null;
  return bound === null ? [...asked] : asked.filter((s) => s === bound);
}

/**
 * `GET /v2/h/agent/commands`: the pending commands for the agent's terminals (oldest first),
 * marked as fetched. A client bound to a terminal only gets that terminal's.
 */
export async function agentPendingCommands(ctx: Ctx, grant: Ingest, raw: In<typeof agentCommandsInput>): Promise<AgentCommand[]> {
  const input = agentCommandsInput.parse(raw);
  const serials = allowedSerials(
    grant,
    [...new Set(input.serials.split(',').map((s) => s.trim()))].filter((s) => s.length > 0 && s.length <= 64).slice(0, 200),
  );
  if (serials.length === 0) return [];
  const r = await sql<AgentCommand>`
    update device_commands c set fetched_at = ${ctx.clock().toISOString()}::timestamptz
    from fingerspot_devices d
    where d.id = c.device_id and c.status = 'pending'
      and d.serial in (${sql.join(serials.map((s) => sql`${s}`))})
    returning c.id, d.serial, c.kind, c.payload`.execute(ctx.db);
  return r.rows.sort((a, b) => a.id - b.id);
}

/** `POST /v2/h/agent/commands/{id}/result`: done (with the users of a backup) or failed. Once only. */
export async function agentCommandResult(
  ctx: Ctx,
  grant: Ingest,
  raw: In<typeof agentCommandResultInput>,
): Promise<{ ok: true }> {
  const input = agentCommandResultInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const c = await trx
      .selectFrom('device_commands as c')
      .innerJoin('fingerspot_devices as d', 'd.id', 'c.device_id')
      .select(['c.id', 'c.kind', 'c.status', 'd.serial'])
      .where('c.id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    // Another terminal's command is not the bound client's business: not found.
    if (!c || allowedSerials(grant, [c.serial]).length === 0) throw notFound('Command');
    if (c.kind === 'backup-users' && input.ok && !input.users) {
      throw invalid([{ param: 'users', msg: 'is required for a backup' }]);
    }
    const result = input.ok ? (c.kind === 'backup-users' ? { users: input.users } : { written: input.written ?? 0 }) : null;
    const done = await trx
      .updateTable('device_commands')
      .set({
        status: input.ok ? 'done' : 'failed',
        result: result === null ? null : JSON.stringify(result),
        error: input.ok ? null : (input.error ?? 'failed'),
        finished_at: ctx.clock(),
      })
      .where('id', '=', input.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new AppError('CONFLICT', 'This command has already been answered');
    return { ok: true as const };
  });
}
