import { sql } from 'kysely';
import type { Grant } from '../access/index';
import { type PunchItem, storePunches } from '../attendance/index';
import { audit } from '../audit/index';
import { flagOutside, matchHotspot, outsideOfficeNetworks, recordAgentReport } from '../devices/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError, notFound } from '../shared/errors';
import type { In } from '../shared/zod';
import {
  COMMAND_REDELIVERY_MS,
  COMMANDS_PER_REQUEST,
  decodeBody,
  formatOptions,
  MAX_PUSH_ROWS,
  type OperTemplate,
  type OperUser,
  parseAttlog,
  parseDeviceCmd,
  parseOperlog,
  parseSerial,
  parseToken,
  queryAttlogCommand,
  skewFromDateHeader,
  userInfoCommand,
  utcOffsetHours,
} from './protocol';
import {
  type PushCommandRow,
  type PushSettingsView,
  type PushUserRow,
  pushDeviceIdInput,
  pushSettingsInput,
  queuePushCommandInput,
  type UnregisteredPushTerminal,
} from './schema';

/*
 * ZKTeco ADMS push (issue 21 part 1): terminals registered with driver `adms` call the server's
 * /iclock/* themselves. There is no login (terminals cannot hold credentials): a request is
 * accepted by its registered serial, optionally only from an office network. Punches go through
 * the attendance ingest (`storePunches`: unique on serial, PIN and local time), so a batch re-sent
 * after a lost `OK` stores nothing twice and timesheets treat pushed punches like polled ones.
 */

/** What every /iclock request tells about itself. */
export interface PushRequest {
  /** The raw `SN` query parameter. */
  sn: unknown;
  /** The peer's address (behind a proxy: as trustProxy resolves it). */
  ip: string | null;
  /** The request's `Date` header, for the terminal's clock skew. */
  date?: string | undefined;
  /** The raw `pushver` query parameter. */
  pushVersion?: unknown;
}

/** Why a request was refused; the server maps each to an HTTP status. */
export type PushRefusal = 'bad-request' | 'unregistered' | 'inactive' | 'outside-network' | 'too-large';

export type PushAnswer =
  | { ok: true; text: string; stored?: number; duplicates?: number; rejected?: number }
  | { ok: false; refusal: PushRefusal; message: string; retryAfterSeconds?: number };

/** Seconds an unregistered or inactive terminal is told to wait before it tries again. */
export const RETRY_LATER_SECONDS = 300;
/** getrequest heartbeat and error back-off given to terminals in the options block (seconds). */
const DELAY_SECONDS = 10;
const ERROR_DELAY_SECONDS = 30;

interface Terminal {
  id: number;
  serial: string;
  timeZone: string;
  attlogStamp: string | null;
  operlogStamp: string | null;
}

const refuse = (refusal: PushRefusal, message: string, retryAfterSeconds?: number): PushAnswer => ({
  ok: false,
  refusal,
  message,
  ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
});

const cleanIp = (ip: string | null): string | null => {
  if (!ip) return null;
  const a = ip.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  return /^[0-9A-Fa-f:.]{2,45}$/.test(a) ? a : null;
};

/** Records a serial that knocked without being a registered push terminal (nothing it sent is kept). */
async function recordUnregistered(db: Db, serial: string, req: PushRequest, rows: number, at: Date): Promise<void> {
  const ip = cleanIp(req.ip);
  const ver = parseToken(req.pushVersion);
  await sql`
    insert into device_push_unregistered (serial, first_seen_at, last_seen_at, last_ip, push_version, requests, rows_refused)
    values (${serial}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, ${ip}::inet, ${ver}, 1, ${rows})
    on conflict (serial) do update set
      last_seen_at = greatest(device_push_unregistered.last_seen_at, excluded.last_seen_at),
      last_ip = coalesce(excluded.last_ip, device_push_unregistered.last_ip),
      push_version = coalesce(excluded.push_version, device_push_unregistered.push_version),
      requests = device_push_unregistered.requests + 1,
      rows_refused = device_push_unregistered.rows_refused + excluded.rows_refused`.execute(db);
}

async function recordRefusal(db: Db, deviceId: number, message: string, at: Date): Promise<void> {
  await sql`
    insert into device_push_settings (device_id, last_refusal, last_refusal_at) values (${deviceId}, ${message.slice(0, 300)}, ${at.toISOString()}::timestamptz)
    on conflict (device_id) do update set last_refusal = excluded.last_refusal, last_refusal_at = excluded.last_refusal_at`.execute(
    db,
  );
}

/**
 * Who is calling: a registered, active `adms` terminal (from an office network when it is
 * restricted to them), or a refusal. `rowsOffered` is counted against an unregistered serial.
 */
async function admit(ctx: Ctx, req: PushRequest, rowsOffered = 0): Promise<{ terminal: Terminal } | { refused: PushAnswer }> {
  const serial = parseSerial(req.sn);
  if (!serial) return { refused: refuse('bad-request', 'SN is missing or is not a terminal serial') };
  const at = ctx.clock();
  const r = await sql<Terminal & { active: boolean; driver: string; officeNetworksOnly: boolean | null }>`
    select d.id, d.serial, d.time_zone as "timeZone", d.active, d.driver,
      s.office_networks_only as "officeNetworksOnly", s.attlog_stamp as "attlogStamp", s.operlog_stamp as "operlogStamp"
    from fingerspot_devices d left join device_push_settings s on s.device_id = d.id
    where d.serial = ${serial}`.execute(ctx.db);
  const d = r.rows[0];
  if (d?.driver !== 'adms') {
    await recordUnregistered(ctx.db, serial, req, rowsOffered, at);
    return {
      refused: refuse('unregistered', `${serial} is not registered as a push terminal (driver adms)`, RETRY_LATER_SECONDS),
    };
  }
  if (!d.active) {
    await recordRefusal(ctx.db, d.id, 'terminal is inactive', at);
    return { refused: refuse('inactive', `${serial} is registered but inactive`, RETRY_LATER_SECONDS) };
  }
  if (d.officeNetworksOnly) {
    const ip = cleanIp(req.ip);
    if (!ip || (await matchHotspot(ctx.db, ip)) === null) {
      await recordRefusal(ctx.db, d.id, `push from ${ip ?? 'an unknown address'}, outside every office network`, at);
      return { refused: refuse('outside-network', `${serial} may push only from an office network`) };
    }
  }
  return {
    terminal: { id: d.id, serial: d.serial, timeZone: d.timeZone, attlogStamp: d.attlogStamp, operlogStamp: d.operlogStamp },
  };
}

/** Admits a push of `rows` records (ATTLOG, OPERLOG): the caller as `admit` checks it, then at most MAX_PUSH_ROWS rows. */
async function admitRows(ctx: Ctx, req: PushRequest, rows: number): ReturnType<typeof admit> {
  const a = await admit(ctx, req, rows);
  if ('terminal' in a && rows > MAX_PUSH_ROWS) {
    return { refused: refuse('too-large', `at most ${MAX_PUSH_ROWS} rows per request; this one has ${rows}`) };
  }
  return a;
}

/** Last seen, clock skew (from the Date header) and counts in `device_status`, as agents' reports. */
async function seen(ctx: Ctx, t: Terminal, req: PushRequest, punches = 0): Promise<void> {
  const ip = cleanIp(req.ip);
  await recordAgentReport(ctx.db, {
    agent: `adms push${ip ? ` from ${ip}` : ''}`,
    serial: t.serial,
    skewMs: skewFromDateHeader(req.date, ctx.clock()),
    at: ctx.clock(),
    punches,
  });
}

/** `GET /iclock/cdata?SN=&options=all`: the options block (stamps, delays, time zone). */
export async function pushOptions(ctx: Ctx, req: PushRequest): Promise<PushAnswer> {
  const a = await admit(ctx, req);
  if ('refused' in a) return a.refused;
  const t = a.terminal;
  const ver = parseToken(req.pushVersion);
  if (ver) {
    await sql`
      insert into device_push_settings (device_id, push_version) values (${t.id}, ${ver})
      on conflict (device_id) do update set push_version = excluded.push_version`.execute(ctx.db);
  }
  await seen(ctx, t, req);
  return {
    ok: true,
    text: formatOptions({
      serial: t.serial,
      attlogStamp: t.attlogStamp ?? 'None',
      operlogStamp: t.operlogStamp ?? 'None',
      timeZoneHours: utcOffsetHours(t.timeZone, ctx.clock()),
      delay: DELAY_SECONDS,
      errorDelay: ERROR_DELAY_SECONDS,
    }),
  };
}

/** Keeps the highest numeric stamp a terminal sent (a stale re-send never moves it back). */
async function saveStamp(db: Db, deviceId: number, column: 'attlog_stamp' | 'operlog_stamp', stamp: unknown): Promise<void> {
  const s = parseToken(stamp, 18);
  if (!s || !/^\d+$/.test(s)) return;
  const col = sql.ref(column);
  await sql`
    insert into device_push_settings (device_id, ${col}) values (${deviceId}, ${s})
    on conflict (device_id) do update set ${col} = excluded.${col}
    where device_push_settings.${col} is null or device_push_settings.${col} !~ '^[0-9]+$'
      or excluded.${col}::numeric > device_push_settings.${col}::numeric`.execute(db);
}

export interface CdataPost {
  table: unknown;
  stamp: unknown;
  body: Uint8Array;
  contentType?: string | undefined;
}

/** `POST /iclock/cdata?SN=&table=…&Stamp=`: ATTLOG punches, OPERLOG users and templates; other tables are acknowledged. */
export async function pushCdata(ctx: Ctx, req: PushRequest, post: CdataPost): Promise<PushAnswer> {
  const table = typeof post.table === 'string' ? post.table.trim().toUpperCase() : '';
  const text = decodeBody(post.body, post.contentType);
  if (table === 'ATTLOG') return pushAttlog(ctx, req, text, post.stamp);
  if (table === 'OPERLOG') return pushOperlog(ctx, req, text, post.stamp);
  const a = await admit(ctx, req);
  if ('refused' in a) return a.refused;
  await seen(ctx, a.terminal, req);
  // OPTIONS (device info), ATTPHOTO, … : nothing is kept; acknowledged so the terminal moves on.
  return { ok: true, text: 'OK' };
}

async function pushAttlog(ctx: Ctx, req: PushRequest, text: string, stamp: unknown): Promise<PushAnswer> {
  const lines = parseAttlog(text);
  const a = await admitRows(ctx, req, lines.length);
  if ('refused' in a) return a.refused;
  const t = a.terminal;
  const bad = lines.filter((l) => !l.ok);
  const punches: PunchItem[] = [];
  for (const l of lines) {
    if (l.ok) {
      punches.push({
        deviceSerial: t.serial,
        pin: l.row.pin,
        localTime: l.row.localTime,
        state: l.row.status,
        verifyType: l.row.verify,
      });
    }
  }
  if (lines.length > 0 && punches.length === 0) {
    const first = bad[0];
    const why = first && !first.ok ? `line ${first.line}: ${first.reason}` : 'no row';
    await recordRefusal(ctx.db, t.id, `ATTLOG refused: ${why}`, ctx.clock());
    return refuse('bad-request', `no ATTLOG row could be read (${why})`);
  }
  let stored = 0;
  let duplicates = 0;
  let rejected = bad.length;
  const skew = skewFromDateHeader(req.date, ctx.clock());
  const ip = cleanIp(req.ip);
  const agent = `adms push SN ${t.serial}${ip ? ` from ${ip}` : ''}${skew === null ? '' : `, clock skew ${skew} ms`}`.slice(
    0,
    200,
  );
  let firstProblem: string | null = null;
  if (punches.length > 0) {
    // One transaction: the punches, their outside-network flag and the stamp; a crash before the
    // commit leaves nothing, and the terminal's re-send stores the batch then.
    await inTransaction(ctx, async (trx) => {
      const res = await storePunches({ ...ctx, db: trx }, punches, { source: 'device', agent });
      const inserted: PunchItem[] = [];
      for (const r of res.items) {
        if (r.status === 'inserted') {
          stored++;
          const p = punches[r.index];
          if (p) inserted.push(p);
        } else if (r.status === 'duplicate') duplicates++;
        else {
          rejected++;
          firstProblem ??= `PIN ${punches[r.index]?.pin ?? '?'}: ${r.message ?? 'rejected'}`;
        }
      }
      if (inserted.length > 0 && ip && (await outsideOfficeNetworks(trx, ip))) await flagOutside(trx, inserted, ip);
      await saveStamp(trx, t.id, 'attlog_stamp', stamp);
    });
  } else {
    await saveStamp(ctx.db, t.id, 'attlog_stamp', stamp);
  }
  if (rejected > 0) {
    const first = bad[0];
    const why = first && !first.ok ? `line ${first.line}: ${first.reason}` : (firstProblem ?? 'rejected');
    await sql`
      insert into device_push_settings (device_id, rows_rejected, last_refusal, last_refusal_at)
      values (${t.id}, ${rejected}, ${`ATTLOG: ${rejected} row(s) refused; ${why}`.slice(0, 300)}, ${ctx.clock().toISOString()}::timestamptz)
      on conflict (device_id) do update set rows_rejected = device_push_settings.rows_rejected + excluded.rows_rejected,
        last_refusal = excluded.last_refusal, last_refusal_at = excluded.last_refusal_at`.execute(ctx.db);
  }
  await seen(ctx, t, req, punches.length);
  // Every line is answered: a refused line (bad time, future date) would not get better on a re-send.
  return { ok: true, text: `OK:${lines.length}`, stored, duplicates, rejected };
}

async function pushOperlog(ctx: Ctx, req: PushRequest, text: string, stamp: unknown): Promise<PushAnswer> {
  const lines = parseOperlog(text);
  const a = await admitRows(ctx, req, lines.length);
  if ('refused' in a) return a.refused;
  const t = a.terminal;
  // Last record of a PIN (and of a PIN's finger) wins: one upsert may not touch a row twice.
  const users = new Map<string, OperUser>();
  const fps = new Map<string, OperTemplate>();
  for (const l of lines) {
    if (!l.ok) continue;
    if (l.row.kind === 'user') users.set(l.row.user.pin, l.row.user);
    else if (l.row.kind === 'fp') fps.set(`${l.row.fp.pin}\u0000${l.row.fp.fid}`, l.row.fp);
  }
  const now = ctx.clock().toISOString();
  await inTransaction(ctx, async (trx) => {
    if (users.size > 0) {
      await sql`
        insert into device_push_users (device_id, pin, name, privilege, password, card, updated_at)
        select ${t.id}::int, x.pin, x.name, x.privilege, x.password, x.card, ${now}::timestamptz
        from jsonb_to_recordset(${JSON.stringify([...users.values()])}::jsonb)
          as x(pin text, name text, privilege smallint, password text, card bigint)
        on conflict (device_id, pin) do update set name = excluded.name, privilege = excluded.privilege,
          password = excluded.password, card = excluded.card, updated_at = excluded.updated_at`.execute(trx);
    }
    if (fps.size > 0) {
      const rows = JSON.stringify([...fps.values()]);
      await sql`
        insert into device_push_users (device_id, pin, updated_at)
        select distinct ${t.id}::int, x.pin, ${now}::timestamptz from jsonb_to_recordset(${rows}::jsonb) as x(pin text)
        on conflict (device_id, pin) do nothing`.execute(trx);
      await sql`
        with x as (select * from jsonb_to_recordset(${rows}::jsonb) as x(pin text, fid int, size int, valid int, tmp text))
        update device_push_users u set updated_at = ${now}::timestamptz, templates =
          coalesce((select jsonb_agg(e) from jsonb_array_elements(u.templates) e
            where (e->>'fingerIndex')::int not in (select x.fid from x where x.pin = u.pin)), '[]'::jsonb)
          || (select jsonb_agg(jsonb_build_object('pin', x.pin, 'fingerIndex', x.fid, 'size', x.size, 'valid', x.valid, 'template', x.tmp)
              order by x.fid) from x where x.pin = u.pin)
        where u.device_id = ${t.id} and u.pin in (select x.pin from x)`.execute(trx);
    }
    await saveStamp(trx, t.id, 'operlog_stamp', stamp);
  });
  await seen(ctx, t, req);
  return { ok: true, text: `OK:${lines.length}`, stored: users.size + fps.size, rejected: lines.filter((l) => !l.ok).length };
}

interface QueuedUser {
  pin?: unknown;
  name?: unknown;
  privilege?: unknown;
  password?: unknown;
  card?: unknown;
}

/** The protocol lines of a queued device command (upload users: one per user; backup: one query). */
function linesOf(kind: string, payload: unknown): string[] {
  if (kind === 'backup-users') return ['DATA QUERY USERINFO'];
  const users = ((payload as { users?: QueuedUser[] } | null)?.users ?? []).filter(
    (u): u is QueuedUser & { pin: string } => typeof u?.pin === 'string' && u.pin.length > 0,
  );
  return users.map((u) =>
    userInfoCommand({
      pin: u.pin,
      name: typeof u.name === 'string' ? u.name : '',
      privilege: typeof u.privilege === 'number' ? u.privilege : 0,
      password: typeof u.password === 'string' ? u.password : '',
      card: typeof u.card === 'number' ? u.card : 0,
    }),
  );
}

/**
 * `GET /iclock/getrequest?SN=`: the terminal's queued commands as `C:<id>:<cmd>` lines, or `OK`.
 * Pending upload/backup commands of the device command queue are first expanded into protocol
 * lines (once: unique on command and line). A line handed out and not answered within
 * COMMAND_REDELIVERY_MS is handed out again (the terminal treats a repeat as the same command).
 */
export async function pushGetRequest(ctx: Ctx, req: PushRequest): Promise<PushAnswer> {
  const a = await admit(ctx, req);
  if ('refused' in a) return a.refused;
  const t = a.terminal;
  const now = ctx.clock();
  const lines = await inTransaction(ctx, async (trx) => {
    const queued = await sql<{ id: number; kind: string; payload: unknown }>`
      select c.id, c.kind, c.payload from device_commands c
      where c.device_id = ${t.id} and c.status = 'pending'
        and not exists (select 1 from device_push_commands p where p.command_id = c.id)
      order by c.id`.execute(trx);
    for (const c of queued.rows) {
      const cmds = linesOf(c.kind, c.payload).map((cmd, seq) => ({ seq, cmd }));
      if (cmds.length > 0) {
        await sql`
          insert into device_push_commands (device_id, command_id, seq, kind, cmd)
          select ${t.id}::int, ${c.id}::int, x.seq, ${c.kind}, x.cmd from jsonb_to_recordset(${JSON.stringify(cmds)}::jsonb) as x(seq int, cmd text)
          on conflict (command_id, seq) where command_id is not null do nothing`.execute(trx);
      }
      await sql`update device_commands set fetched_at = ${now.toISOString()}::timestamptz where id = ${c.id}`.execute(trx);
    }
    const out = await sql<{ id: string; cmd: string }>`
      update device_push_commands set status = 'sent', sent_at = ${now.toISOString()}::timestamptz
      where id in (
        select id from device_push_commands
        where device_id = ${t.id} and (status = 'pending'
          or (status = 'sent' and sent_at < ${new Date(now.getTime() - COMMAND_REDELIVERY_MS).toISOString()}::timestamptz))
        order by id limit ${COMMANDS_PER_REQUEST}
        for update skip locked)
      returning id::text, cmd`.execute(trx);
    return out.rows.sort((x, y) => Number(x.id) - Number(y.id)).map((r) => `C:${r.id}:${r.cmd}`);
  });
  await seen(ctx, t, req);
  return { ok: true, text: lines.length > 0 ? `${lines.join('\n')}\n` : 'OK' };
}

/**
 * `POST /iclock/devicecmd?SN=`: results `ID=&Return=&CMD=`, one per line (Return 0: done; below 0:
 * the terminal's error code). Only this terminal's open commands are touched; a repeated result is
 * ignored. When every line of a queued device command is answered, that command is finished:
 * upload-users with the users written, backup-users with the users and templates its OPERLOG sent.
 */
export async function pushDeviceCmd(ctx: Ctx, req: PushRequest, body: Uint8Array, contentType?: string): Promise<PushAnswer> {
  const a = await admit(ctx, req);
  if ('refused' in a) return a.refused;
  const t = a.terminal;
  const results = parseDeviceCmd(decodeBody(body, contentType)).slice(0, MAX_PUSH_ROWS);
  const now = ctx.clock().toISOString();
  if (results.length > 0) {
    await inTransaction(ctx, async (trx) => {
      const byId = new Map(results.map((r) => [r.id, r]));
      const done = await sql<{ command_id: number | null }>`
        update device_push_commands p set status = case when x.code = 0 then 'done' else 'failed' end,
          return_code = x.code, finished_at = ${now}::timestamptz
        from jsonb_to_recordset(${JSON.stringify([...byId.values()])}::jsonb) as x(id bigint, code int)
        where p.id = x.id and p.device_id = ${t.id} and p.status in ('pending', 'sent')
        returning p.command_id`.execute(trx);
      const parents = [...new Set(done.rows.map((r) => r.command_id).filter((c): c is number => c !== null))];
      if (parents.length > 0) await finishQueued(trx, t.id, parents, now);
    });
  }
  await seen(ctx, t, req);
  return { ok: true, text: 'OK' };
}

async function finishQueued(trx: Db, deviceId: number, ids: number[], now: string): Promise<void> {
  const r = await sql<{ id: number; kind: string; open: number; done: number; failed: number }>`
    select c.id, c.kind,
      count(*) filter (where p.status in ('pending', 'sent'))::int as open,
      count(*) filter (where p.status = 'done')::int as done,
      count(*) filter (where p.status = 'failed')::int as failed
    from device_commands c join device_push_commands p on p.command_id = c.id
    where c.id in (${sql.join(ids)}) and c.status = 'pending'
    group by c.id, c.kind`.execute(trx);
  for (const c of r.rows) {
    if (c.open > 0) continue;
    let result: unknown = null;
    let error: string | null = null;
    if (c.failed > 0) error = `the terminal refused ${c.failed} of ${c.done + c.failed} command(s)`;
    else if (c.kind === 'upload-users') result = { written: c.done };
    else result = { users: await backupUsers(trx, deviceId) };
    await sql`
      update device_commands set status = ${error ? 'failed' : 'done'}, result = ${result === null ? null : JSON.stringify(result)}::jsonb,
        error = ${error}, finished_at = ${now}::timestamptz
      where id = ${c.id} and status = 'pending'`.execute(trx);
  }
}

/** The terminal's users and templates as its OPERLOG reported them, in the backup's user shape. */
async function backupUsers(db: Db, deviceId: number): Promise<unknown[]> {
  const r = await sql<{ pin: string; name: string; privilege: number; password: string; card: string; templates: unknown[] }>`
    select pin, name, privilege, password, card::text as card, templates from device_push_users
    where device_id = ${deviceId} order by pin`.execute(db);
  return r.rows.map((u) => ({ ...u, card: Number(u.card) }));
}

/** `GET /iclock/ping?SN=`: a heartbeat while the terminal uploads; `OK`. */
export async function pushPing(ctx: Ctx, req: PushRequest): Promise<PushAnswer> {
  const a = await admit(ctx, req);
  if ('refused' in a) return a.refused;
  await seen(ctx, a.terminal, req);
  return { ok: true, text: 'OK' };
}

// ---------------------------------------------------------------------------------------------
// The developer's side

type Dev = Grant<'developer.access'>;

async function pushTerminal(db: Db, id: number): Promise<{ id: number; serial: string }> {
  const d = await db.selectFrom('fingerspot_devices').select(['id', 'serial', 'driver']).where('id', '=', id).executeTakeFirst();
  if (!d) throw notFound('Fingerprint device');
  if (d.driver !== 'adms') {
    throw new AppError('VALIDATION', 'This terminal is not a push terminal', {
      fields: [{ param: 'id', msg: 'must be a terminal with driver adms' }],
    });
  }
  return d;
}

/** Restricts (or frees) a push terminal to office networks. */
export async function setPushSettings(ctx: Ctx, _grant: Dev, raw: In<typeof pushSettingsInput>): Promise<{ ok: true }> {
  const input = pushSettingsInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const d = await pushTerminal(trx, input.id);
    await sql`
      insert into device_push_settings (device_id, office_networks_only, updated_at)
      values (${d.id}, ${input.officeNetworksOnly}, ${ctx.clock().toISOString()}::timestamptz)
      on conflict (device_id) do update set office_networks_only = excluded.office_networks_only, updated_at = excluded.updated_at`.execute(
      trx,
    );
    await audit(ctx, trx, {
      action: 'device.push.settings',
      entity: 'fingerspot_device',
      entityId: d.id,
      after: { officeNetworksOnly: input.officeNetworksOnly },
    });
    return { ok: true as const };
  });
}

/** Serials that pushed without being registered as push terminals (most recent first). */
export async function listUnregisteredPushTerminals(ctx: Ctx, _grant: Dev): Promise<UnregisteredPushTerminal[]> {
  const r = await sql<UnregisteredPushTerminal & { requests: string; rowsRefused: string }>`
    select u.serial,
      to_char(u.first_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "firstSeenAt",
      to_char(u.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "lastSeenAt",
      host(u.last_ip) as "lastIp", u.push_version as "pushVersion", u.requests, u.rows_refused as "rowsRefused"
    from device_push_unregistered u
    where not exists (select 1 from fingerspot_devices d where d.serial = u.serial and d.driver = 'adms')
    order by u.last_seen_at desc limit 200`.execute(ctx.db);
  return r.rows.map((u) => ({ ...u, requests: Number(u.requests), rowsRefused: Number(u.rowsRefused) }));
}

/** Queues DATA QUERY ATTLOG (re-send a time range), CHECK or REBOOT for a push terminal. */
export async function queuePushCommand(ctx: Ctx, grant: Dev, raw: In<typeof queuePushCommandInput>): Promise<PushCommandRow> {
  const input = queuePushCommandInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const d = await pushTerminal(trx, input.id);
    const cmd =
      input.kind === 'query-attlog'
        ? queryAttlogCommand(input.from ?? '', input.to ?? '')
        : input.kind === 'check'
          ? 'CHECK'
          : 'REBOOT';
    const r = await sql<PushCommandRow>`
      insert into device_push_commands (device_id, kind, cmd, created_by) values (${d.id}, ${input.kind}, ${cmd}, ${grant.actor.userId})
      returning id::int, kind, cmd, status, return_code as "returnCode",
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"`.execute(trx);
    const row = r.rows[0]!;
    await audit(ctx, trx, { action: `device.push.${input.kind}`, entity: 'fingerspot_device', entityId: d.id, after: { cmd } });
    return row;
  });
}

/** A push terminal's protocol commands, newest first (the last 100). */
export async function listPushCommands(ctx: Ctx, _grant: Dev, raw: In<typeof pushDeviceIdInput>): Promise<PushCommandRow[]> {
  const { id } = pushDeviceIdInput.parse(raw);
  const d = await pushTerminal(ctx.db, id);
  const r = await sql<PushCommandRow>`
    select id::int, kind, cmd, status, return_code as "returnCode",
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"
    from device_push_commands where device_id = ${d.id} order by id desc limit 100`.execute(ctx.db);
  return r.rows;
}

/** A push terminal's users as its OPERLOG reported them (the template count per user). */
export async function listPushUsers(ctx: Ctx, _grant: Dev, raw: In<typeof pushDeviceIdInput>): Promise<PushUserRow[]> {
  const { id } = pushDeviceIdInput.parse(raw);
  const d = await pushTerminal(ctx.db, id);
  const r = await sql<PushUserRow & { card: string }>`
    select pin, name, privilege, card::text as card, jsonb_array_length(templates)::int as templates
    from device_push_users where device_id = ${d.id} order by pin limit 5000`.execute(ctx.db);
  return r.rows.map((u) => ({ ...u, card: Number(u.card) }));
}

/** A push terminal's settings and what the server knows of its pushes (the developer's detail card). */
export async function getPushSettings(ctx: Ctx, _grant: Dev, raw: In<typeof pushDeviceIdInput>): Promise<PushSettingsView> {
  const { id } = pushDeviceIdInput.parse(raw);
  const d = await pushTerminal(ctx.db, id);
  const r = await sql<Omit<PushSettingsView, 'id' | 'serial' | 'rowsRejected'> & { rowsRejected: string }>`
    select office_networks_only as "officeNetworksOnly", push_version as "pushVersion",
      attlog_stamp as "attlogStamp", operlog_stamp as "operlogStamp", rows_rejected::text as "rowsRejected",
      last_refusal as "lastRefusal",
      to_char(last_refusal_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "lastRefusalAt"
    from device_push_settings where device_id = ${d.id}`.execute(ctx.db);
  const s = r.rows[0];
  return {
    id: d.id,
    serial: d.serial,
    officeNetworksOnly: s?.officeNetworksOnly ?? false,
    pushVersion: s?.pushVersion ?? null,
    attlogStamp: s?.attlogStamp ?? null,
    operlogStamp: s?.operlogStamp ?? null,
    rowsRejected: Number(s?.rowsRejected ?? 0),
    lastRefusal: s?.lastRefusal ?? null,
    lastRefusalAt: s?.lastRefusalAt ?? null,
  };
}
