import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Grant } from '../access/index';
import { type PunchItem, storePunches } from '../attendance/index';
import { audit } from '../audit/index';
import { hashToken, newToken } from '../auth/index';
import { recordAgentReport, recordDeviceRefusal } from '../devices/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError, notFound } from '../shared/errors';
import { localDateTimeIn } from '../shared/time-zone';
import type { In } from '../shared/zod';
import {
  attlogData,
  type CloudSecret,
  cloudDeviceIdInput,
  type UnregisteredCloudTerminal,
  WEBHOOK_SCAN_TIME,
  type WebhookScan,
  webhookBody,
} from './schema';

/*
 * Fingerspot.io cloud webhooks (issue 21 part 3). A terminal registered with driver
 * `fingerspot-cloud` and its cloud id has its scans posted by the cloud to
 * POST /api/fingerspot/webhook as `{type:"attlog", cloud_id, data:{pin, scan, verify, status_scan}}`.
 * The cloud cannot log in: each such terminal has its own webhook secret (issued and rotated by a
 * developer-menu user, shown once, stored as its SHA-256), compared in constant time. Scans go
 * through the attendance ingest (`storePunches`, unique on serial, PIN and terminal-local time), so
 * a webhook the cloud sends twice stores its scan once, like the agent's uploads and ADMS pushes.
 */

export interface WebhookRequest {
  /** The parsed JSON body (anything: validated here). */
  body: unknown;
  /** The secret as the caller sent it (header or query); null when absent. */
  secret: string | null;
  /** The caller's address. */
  ip: string | null;
}

/** Why a webhook was refused; the server maps each to an HTTP status. */
export type WebhookRefusal = 'bad-request' | 'unauthorized' | 'unregistered' | 'inactive';

export type WebhookAnswer =
  | { ok: true; message: string; stored: number; duplicates: number; rejected: number }
  | {
      ok: false;
      refusal: WebhookRefusal;
      message: string;
      fields?: { param: string; msg: string }[];
      retryAfterSeconds?: number;
    };

/** Seconds an inactive terminal's webhooks are told to wait. */
const RETRY_LATER_SECONDS = 300;

const cleanIp = (ip: string | null): string | null => {
  if (!ip) return null;
  const a = ip.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  return /^[0-9A-Fa-f:.]{2,45}$/.test(a) ? a : null;
};

const fieldsOf = (issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix = '') =>
  issues.slice(0, 20).map((i) => ({
    param: [prefix, ...i.path.map(String)].filter(Boolean).join('.') || 'body',
    msg: i.message,
  }));

/** Whether `secret` hashes to `hash`, in time independent of where they differ (no hash: never). */
export function secretMatches(secret: string | null, hash: string | null): boolean {
  const given = Buffer.from(hashToken(secret ?? ''), 'hex');
  const stored = Buffer.from(hash && /^[0-9a-f]{64}$/.test(hash) ? hash : '0'.repeat(64), 'hex');
  return timingSafeEqual(given, stored) && secret !== null && secret !== '' && hash !== null;
}

/** The terminal-local wall-clock time of a scan: as sent, or (with Z or an offset) in the terminal's zone. */
export function scanLocalTime(scan: string, timeZone: string): string {
  const m = WEBHOOK_SCAN_TIME.exec(scan.trim());
  if (!m) return scan;
  const [, date, hm, sec, zone] = m;
  const naive = `${date}T${hm}${sec ?? ':00'}`;
  if (!zone) return naive;
  const offset = zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const at = new Date(`${naive}${offset}`);
  if (Number.isNaN(at.getTime())) return naive;
  return localDateTimeIn(at, timeZone);
}

/** Unknown cloud ids kept at most (the webhook is unauthenticated: made-up ids must not grow the table). */
export const MAX_UNREGISTERED_CLOUD_IDS = 1000;

/**
 * Records a cloud id that called without being a registered cloud terminal (nothing it sent is
 * kept). An id already listed is counted; a new one is listed while fewer than
 * MAX_UNREGISTERED_CLOUD_IDS are.
 */
async function recordUnregistered(db: Db, cloudId: string, ip: string | null, rows: number, at: Date): Promise<void> {
  await sql`
    insert into device_cloud_unregistered (cloud_id, first_seen_at, last_seen_at, last_ip, requests, rows_refused)
    select ${cloudId}::text, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, ${ip}::inet, 1, ${rows}::bigint
    where exists (select 1 from device_cloud_unregistered where cloud_id = ${cloudId})
      or (select count(*) from device_cloud_unregistered) < ${MAX_UNREGISTERED_CLOUD_IDS}
    on conflict (cloud_id) do update set
      last_seen_at = greatest(device_cloud_unregistered.last_seen_at, excluded.last_seen_at),
      last_ip = coalesce(excluded.last_ip, device_cloud_unregistered.last_ip),
      requests = device_cloud_unregistered.requests + 1,
      rows_refused = device_cloud_unregistered.rows_refused + excluded.rows_refused`.execute(db);
}

/** How many scans a body offers (counted against a refused caller; never more than the list holds). */
const offered = (data: unknown): number => (Array.isArray(data) ? data.length : data && typeof data === 'object' ? 1 : 0);

/**
 * `POST /api/fingerspot/webhook`: one Fingerspot.io webhook. Order of checks: the body's shape
 * (400), the cloud id (unknown: recorded as seen, nothing stored), the secret (401), the
 * terminal's state; then `attlog` scans are stored and other types acknowledged.
 */
export async function receiveCloudWebhook(ctx: Ctx, req: WebhookRequest): Promise<WebhookAnswer> {
  const head = webhookBody.safeParse(req.body);
  if (!head.success) {
    return { ok: false, refusal: 'bad-request', message: 'Invalid webhook body', fields: fieldsOf(head.error.issues) };
  }
  const { type, cloud_id: cloudId, data } = head.data;
  const ip = cleanIp(req.ip);
  const at = ctx.clock();
  const t = await ctx.db
    .selectFrom('fingerspot_devices')
    .select(['id', 'serial', 'time_zone', 'active', 'cloud_secret_hash'])
    .where('cloud_id', '=', cloudId)
    .where('driver', '=', 'fingerspot-cloud')
    .executeTakeFirst();
  const rows = type === 'attlog' ? Math.min(offered(data), 1_000_000) : 0;
  if (!t) {
    await recordUnregistered(ctx.db, cloudId, ip, rows, at);
    return {
      ok: false,
      refusal: 'unregistered',
      message: `cloud id ${cloudId} is not registered as a Fingerspot.io cloud terminal`,
    };
  }
  if (!secretMatches(req.secret, t.cloud_secret_hash)) {
    const why = !req.secret ? 'no secret' : t.cloud_secret_hash ? 'a wrong secret' : 'a secret, but none was issued yet';
    await recordDeviceRefusal(ctx.db, {
      serial: t.serial,
      kind: 'webhook-secret',
      source: `webhook from ${ip ?? 'an unknown address'}`,
      punches: rows,
      message: `Fingerspot.io webhook for cloud id ${cloudId} with ${why}`,
      at,
    });
    return { ok: false, refusal: 'unauthorized', message: 'Missing or wrong webhook secret' };
  }
  if (!t.active) {
    await recordDeviceRefusal(ctx.db, {
      serial: t.serial,
      kind: 'webhook-inactive',
      source: `webhook from ${ip ?? 'an unknown address'}`,
      punches: rows,
      message: `Fingerspot.io webhook for cloud id ${cloudId}: the terminal is inactive`,
      at,
    });
    return {
      ok: false,
      refusal: 'inactive',
      message: `the terminal of cloud id ${cloudId} is inactive`,
      retryAfterSeconds: RETRY_LATER_SECONDS,
    };
  }
  const agent = `fingerspot cloud ${cloudId}${ip ? ` from ${ip}` : ''}`.slice(0, 200);
  if (type !== 'attlog') {
    // Other webhook types (user info, device events): acknowledged so the cloud moves on; nothing kept.
    await recordAgentReport(ctx.db, { agent, serial: t.serial, skewMs: null, at, punches: 0 });
    return { ok: true, message: `Webhook type ${type} acknowledged; nothing stored`, stored: 0, duplicates: 0, rejected: 0 };
  }
  const parsed = attlogData.safeParse(data);
  if (!parsed.success) {
    return { ok: false, refusal: 'bad-request', message: 'Invalid attlog data', fields: fieldsOf(parsed.error.issues, 'data') };
  }
  const scans: WebhookScan[] = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  const punches: PunchItem[] = scans.map((s) => ({
    deviceSerial: t.serial,
    pin: s.pin,
    localTime: scanLocalTime(s.scan, t.time_zone),
    state: s.status_scan,
    verifyType: s.verify,
  }));
  const res = await inTransaction(ctx, async (trx) => {
    const r = await storePunches({ ...ctx, db: trx }, punches, { source: 'device', agent });
    await recordAgentReport(trx, { agent, serial: t.serial, skewMs: null, at, punches: punches.length });
    return r;
  });
  const count = (s: string) => res.items.filter((i) => i.status === s).length;
  return {
    ok: true,
    message: 'Webhook received',
    stored: count('inserted'),
    duplicates: count('duplicate'),
    rejected: count('rejected'),
  };
}

// ---------------------------------------------------------------------------------------------
// The developer's side

type Dev = Grant<'developer.access'>;

/**
 * Issues a new webhook secret for a cloud terminal (the old one stops working at once). The
 * secret is returned this once; only its SHA-256 is stored.
 */
export async function rotateCloudSecret(ctx: Ctx, _grant: Dev, raw: In<typeof cloudDeviceIdInput>): Promise<CloudSecret> {
  const { id } = cloudDeviceIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const d = await trx
      .selectFrom('fingerspot_devices')
      .select(['id', 'driver', 'cloud_id', 'cloud_secret_set_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!d) throw notFound('Fingerprint device');
    if (d.driver !== 'fingerspot-cloud' || !d.cloud_id) {
      throw new AppError('VALIDATION', 'This terminal is not a Fingerspot.io cloud terminal', {
        fields: [{ param: 'id', msg: 'must be a terminal with driver fingerspot-cloud' }],
      });
    }
    const secret = newToken('fsw');
    const setAt = ctx.clock();
    await trx
      .updateTable('fingerspot_devices')
      .set({ cloud_secret_hash: hashToken(secret), cloud_secret_set_at: setAt, updated_at: setAt })
      .where('id', '=', id)
      .execute();
    await audit(ctx, trx, {
      action: 'device.cloud.secret',
      entity: 'fingerspot_device',
      entityId: id,
      before: { cloudId: d.cloud_id, secretSetAt: d.cloud_secret_set_at },
      after: { cloudId: d.cloud_id, secretSetAt: setAt },
    });
    return { id, cloudId: d.cloud_id, secret, setAt: setAt.toISOString() };
  });
}

/** Cloud ids that called the webhook without being registered (most recent first). */
export async function listUnregisteredCloudTerminals(ctx: Ctx, _grant: Dev): Promise<UnregisteredCloudTerminal[]> {
  const r = await sql<UnregisteredCloudTerminal & { requests: string; rowsRefused: string }>`
    select u.cloud_id as "cloudId",
      to_char(u.first_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "firstSeenAt",
      to_char(u.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "lastSeenAt",
      host(u.last_ip) as "lastIp", u.requests::text as requests, u.rows_refused::text as "rowsRefused"
    from device_cloud_unregistered u
    where not exists (select 1 from fingerspot_devices d where d.cloud_id = u.cloud_id and d.driver = 'fingerspot-cloud')
    order by u.last_seen_at desc limit 200`.execute(ctx.db);
  return r.rows.map((u) => ({ ...u, requests: Number(u.requests), rowsRefused: Number(u.rowsRefused) }));
}
