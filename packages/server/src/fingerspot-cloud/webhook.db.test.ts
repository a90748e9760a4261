import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from '../routers/test-app';

/*
 * The Fingerspot.io cloud webhook (issue 21 part 3), driven as the cloud sends it: a JSON POST of
 * `{type:"attlog", cloud_id, data:{pin, scan, verify, status_scan}}` with the terminal's secret.
 * The terminal is registered and its secret issued over REST, as a developer-menu user does.
 */

const t = useTestApp({ employees: 1 });
let admin: Headers;
let deviceId: number;
let secret: string;
const CLOUD = 'C2630450C3231D28';
const SERIAL = 'FS-MKS-01';

const post = (url: string, payload: unknown, headers: Headers = admin) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const hook = (body: unknown, headers: Record<string, string> = { 'x-webhook-secret': secret }, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/fingerspot/webhook${query}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const attlog = (pin: string, scan: string, extra: Record<string, unknown> = {}) => ({
  type: 'attlog',
  cloud_id: CLOUD,
  data: { pin, scan, verify: 1, status_scan: 0, ...extra },
});
const punchesOf = async (serial = SERIAL) =>
  (
    await sql<{ pin: string; t: string; agent: string }>`
      select pin, to_char(local_time, 'YYYY-MM-DD"T"HH24:MI:SS') as t, agent from punches
      where device_serial = ${serial} order by local_time, pin`.execute(t.tdb.db)
  ).rows;

beforeAll(async () => {
  admin = await t.bearer(t.admin);
  const created = await post('/v2/h/fingerspot/device', {
    name: 'Makassar lobby (cloud)',
    driver: 'fingerspot-cloud',
    address: 'developer.fingerspot.io',
    port: 443,
    serial: SERIAL,
    cloudId: CLOUD,
    timeZone: 'Asia/Makassar',
  });
  expect(created.statusCode).toBe(200);
  deviceId = created.json().result.id;
  const issued = await post(`/v2/h/fingerspot/cloud/${deviceId}/secret`, {});
  expect(issued.statusCode).toBe(200);
  secret = issued.json().result.secret;
});

describe('registering a cloud terminal', () => {
  it('needs its cloud id; the secret is shown once and stored only as a hash', async () => {
    const noCloudId = await post('/v2/h/fingerspot/device', {
      name: 'No id',
      driver: 'fingerspot-cloud',
      address: 'developer.fingerspot.io',
      port: 443,
      serial: 'FS-X',
    });
    expect(noCloudId.statusCode).toBe(400);
    expect(noCloudId.json().errors[0].attributes).toEqual([
      { param: 'cloudId', msg: 'is required for a Fingerspot.io cloud terminal' },
    ]);
    const sameCloudId = await post('/v2/h/fingerspot/device', {
      name: 'Twin',
      driver: 'fingerspot-cloud',
      address: 'developer.fingerspot.io',
      port: 443,
      serial: 'FS-TWIN',
      cloudId: CLOUD,
    });
    expect(sameCloudId.statusCode).toBe(409);
    expect(sameCloudId.json().errors[0].attributes).toEqual([{ param: 'cloudId', msg: 'is already used' }]);

    expect(secret).toMatch(/^fsw_[A-Za-z0-9_-]{40,}$/);
    const detail = (await t.app.inject({ method: 'GET', url: `/v2/h/fingerspot/device/${deviceId}`, headers: admin })).json();
    expect(detail.result).toMatchObject({ driver: 'fingerspot-cloud', cloudId: CLOUD });
    expect(detail.result.cloudSecretSetAt).toMatch(/Z$/);
    expect(JSON.stringify(detail)).not.toContain(secret);
    const stored = await sql<{ h: string }>`select cloud_secret_hash as h from fingerspot_devices where id = ${deviceId}`.execute(
      t.tdb.db,
    );
    expect(stored.rows[0]!.h).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]!.h).not.toContain(secret);
    // Only a developer-menu user may issue secrets.
    const staff = await t.bearer(t.staff);
    expect((await post(`/v2/h/fingerspot/cloud/${deviceId}/secret`, {}, staff)).statusCode).toBe(403);
  });
});

describe('POST /api/fingerspot/webhook', () => {
  it('stores an attlog scan under the terminal serial, once however often the cloud sends it', async () => {
    const first = await hook(attlog('1001', '2026-11-20 07:58:12'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'success', result: { stored: 1, duplicates: 0, rejected: 0 } });
    const replay = await hook(attlog('1001', '2026-11-20 07:58:12'));
    expect(replay.json().result).toEqual({ stored: 0, duplicates: 1, rejected: 0 });
    // The same scan sent as UTC (Makassar is UTC+8) is the same terminal-local time: still once.
    const asUtc = await hook(attlog('1001', '2026-11-19T23:58:12Z'));
    expect(asUtc.json().result).toEqual({ stored: 0, duplicates: 1, rejected: 0 });
    // Secret in the Authorization header or the URL works too (senders that only take a URL).
    const bearer = await hook(attlog('1002', '2026-11-20 08:00:00'), { authorization: `Bearer ${secret}` });
    expect(bearer.json().result.stored).toBe(1);
    const query = await hook(attlog('1003', '2026-11-20 08:01:00'), {}, `?secret=${encodeURIComponent(secret)}`);
    expect(query.json().result.stored).toBe(1);

    const rows = await punchesOf();
    expect(rows.map((r) => [r.pin, r.t])).toEqual([
      ['1001', '2026-11-20T07:58:12'],
      ['1002', '2026-11-20T08:00:00'],
      ['1003', '2026-11-20T08:01:00'],
    ]);
    expect(rows[0]!.agent).toContain(`fingerspot cloud ${CLOUD}`);
    const detail = (await t.app.inject({ method: 'GET', url: `/v2/h/fingerspot/device/${deviceId}`, headers: admin })).json()
      .result;
    expect(detail.status.lastSeenAt).not.toBeNull();
    expect(detail.status.punchesReceived).toBe(5);
    expect(detail.logCounts.total).toBe(3);
  });

  it('refuses a missing or wrong secret with 401, stores nothing and shows the refusal on the terminal', async () => {
    const wrong = await hook(attlog('2001', '2026-11-20 09:00:00'), { 'x-webhook-secret': `${secret}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors[0].code).toBe('AU0001');
    const none = await hook(attlog('2001', '2026-11-20 09:00:00'), {});
    expect(none.statusCode).toBe(401);
    expect((await punchesOf()).some((r) => r.pin === '2001')).toBe(false);
    const detail = (await t.app.inject({ method: 'GET', url: `/v2/h/fingerspot/device/${deviceId}`, headers: admin })).json()
      .result;
    expect(detail.refusals).toEqual([
      expect.objectContaining({ kind: 'webhook-secret', deviceSerial: SERIAL, times: 2, punches: 2 }),
    ]);
  });

  it('a rotated secret replaces the old one at once', async () => {
    const old = secret;
    const rotated = await post(`/v2/h/fingerspot/cloud/${deviceId}/secret`, {});
    secret = rotated.json().result.secret;
    expect(secret).not.toBe(old);
    expect((await hook(attlog('3001', '2026-11-20 10:00:00'), { 'x-webhook-secret': old })).statusCode).toBe(401);
    expect((await hook(attlog('3001', '2026-11-20 10:00:00'))).statusCode).toBe(200);
  });

  it('an unknown cloud id is recorded as seen, not registered, and its scans are not stored', async () => {
    const before = (await sql<{ n: number }>`select count(*)::int as n from punches`.execute(t.tdb.db)).rows[0]!.n;
    const res = await hook({ ...attlog('4001', '2026-11-20 11:00:00'), cloud_id: 'UNKNOWN777' });
    expect(res.statusCode).toBe(404);
    await hook({ ...attlog('4002', '2026-11-20 11:01:00'), cloud_id: 'UNKNOWN777' });
    const after = (await sql<{ n: number }>`select count(*)::int as n from punches`.execute(t.tdb.db)).rows[0]!.n;
    expect(after).toBe(before);
    const seen = await t.app.inject({ method: 'GET', url: '/v2/h/fingerspot/cloud/unregistered', headers: admin });
    expect(seen.json().results).toEqual([expect.objectContaining({ cloudId: 'UNKNOWN777', requests: 2, rowsRefused: 2 })]);
  });

  it('answers hostile or malformed bodies with 400 (never 500) and oversized ones with 413', async () => {
    const cases: [string, unknown][] = [
      ['not json', '{"type":"attlog",'],
      ['an array', '[1,2,3]'],
      ['a string', '"attlog"'],
      ['no cloud id', { type: 'attlog', data: { pin: '1', scan: '2026-11-20 08:00:00' } }],
      ['cloud id object', { type: 'attlog', cloud_id: { $ne: 1 }, data: {} }],
      ['cloud id with SQL', { type: 'attlog', cloud_id: "x' or 1=1 --", data: {} }],
      ['prototype keys', '{"__proto__":{"admin":true},"type":"attlog","cloud_id":{"constructor":1}}'],
    ];
    for (const [what, body] of cases) {
      const res = await hook(body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().status, what).toBe('error');
    }
    // With the right cloud id and secret, bad scan data is a 400 naming the field.
    const badData: [string, unknown][] = [
      ['no data', undefined],
      ['pin too long', { pin: 'x'.repeat(40), scan: '2026-11-20 08:00:00' }],
      ['scan garbage', { pin: '1', scan: 'yesterday' }],
      ['scan impossible', { pin: '1', scan: '2026-02-31 25:00:00' }],
      ['verify word', { pin: '1', scan: '2026-11-20 08:00:00', verify: 'telepathy' }],
      ['nested', { pin: { a: [1] }, scan: ['2026'] }],
      ['too many', Array.from({ length: 201 }, (_, i) => ({ pin: String(i), scan: '2026-11-20 08:00:00' }))],
    ];
    for (const [what, data] of badData) {
      const res = await hook({ type: 'attlog', cloud_id: CLOUD, data });
      expect(res.statusCode, what).toBe(400);
      expect(res.json().errors[0].code, what).toBe('GL0001');
      expect(res.json().errors[0].attributes[0].param, what).toMatch(/^data/);
    }
    const huge = await hook({ type: 'attlog', cloud_id: CLOUD, data: { pin: '1', scan: 'x'.repeat(70_000) } });
    expect(huge.statusCode).toBe(413);
    // Other webhook types are acknowledged and store nothing.
    const other = await hook({ type: 'set_userinfo', cloud_id: CLOUD, data: { pin: '1' } });
    expect(other.statusCode).toBe(200);
    expect(other.json().result).toEqual({ stored: 0, duplicates: 0, rejected: 0 });
    // Words for verify and state, and a list of scans.
    const list = await hook({
      type: 'attlog',
      cloud_id: CLOUD,
      data: [
        { pin: 5001, scan: '2026-11-20 12:00', verify: 'Sidik Jari', status_scan: 'Scan Pulang' },
        { pin: '5002', scan: '2026-11-20 12:00:30', verify: '15', status_scan: 2 },
      ],
    });
    expect(list.json().result).toEqual({ stored: 2, duplicates: 0, rejected: 0 });
    const s = await sql<{ pin: string; state: number; verify_type: number }>`
      select pin, state, verify_type from punches where device_serial = ${SERIAL} and pin in ('5001', '5002') order by pin`.execute(
      t.tdb.db,
    );
    expect(s.rows).toEqual([
      { pin: '5001', state: 1, verify_type: 1 },
      { pin: '5002', state: 2, verify_type: 15 },
    ]);
  });

  it('unauthenticated callers cannot grow the refusal and seen lists without bound', async () => {
    for (let i = 0; i < 55; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/fingerspot/webhook',
        headers: { 'content-type': 'application/json', 'x-webhook-secret': 'guess' },
        payload: JSON.stringify(attlog('1', '2026-11-20 08:00:00')),
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const rows = await sql<{ source: string; times: string }>`
      select source, times::text as times from device_refusals where device_serial = ${SERIAL} and kind = 'webhook-secret'`.execute(
      t.tdb.db,
    );
    expect(rows.rows.length).toBe(51);
    expect(rows.rows.find((r) => r.source === 'other sources')?.times).toBe('6');

    await sql`
      insert into device_cloud_unregistered (cloud_id, first_seen_at, last_seen_at, requests)
      select 'FILL' || g, now(), now(), 1 from generate_series(1, 1000) g`.execute(t.tdb.db);
    expect((await hook({ ...attlog('1', '2026-11-20 08:00:00'), cloud_id: 'ONE-TOO-MANY' })).statusCode).toBe(404);
    expect((await hook({ ...attlog('1', '2026-11-20 08:00:00'), cloud_id: 'UNKNOWN777' })).statusCode).toBe(404);
    const seen = await sql<{ cloud_id: string; requests: string }>`
      select cloud_id, requests::text as requests from device_cloud_unregistered where cloud_id in ('ONE-TOO-MANY', 'UNKNOWN777')`.execute(
      t.tdb.db,
    );
    expect(seen.rows).toEqual([{ cloud_id: 'UNKNOWN777', requests: '3' }]);
    await sql`delete from device_cloud_unregistered where cloud_id like 'FILL%'`.execute(t.tdb.db);
  });

  it('an inactive terminal is refused with 503 and Retry-After', async () => {
    expect((await post(`/v2/h/fingerspot/device/${deviceId}/update`, { active: false })).statusCode).toBe(200);
    const res = await hook(attlog('6001', '2026-11-20 13:00:00'));
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('300');
    expect((await post(`/v2/h/fingerspot/device/${deviceId}/update`, { active: true })).statusCode).toBe(200);
    expect((await hook(attlog('6001', '2026-11-20 13:00:00'))).json().result.stored).toBe(1);
  });
});
