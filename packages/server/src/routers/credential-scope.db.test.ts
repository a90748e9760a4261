import { beforeAll, describe, expect, it } from 'vitest';
import { callDoor } from '../harness/doors';
import { walkRouter } from '../harness/walk';
import { appRouter } from './index';
import { type Headers, punch, useTestApp } from './test-app';

const t = useTestApp({ employees: 1 });

/*
 * Issue 6, server side: OAuth client scopes (ingest only), terminal binding, the credential
 * edit / rotate / revoke cycle, and punches flagged when uploaded from outside the office networks.
 */
let admin: Headers;
beforeAll(async () => {
  admin = await t.bearer(t.admin);
});

const { get } = t.requests(() => admin);
const post = (url: string, payload: Record<string, unknown> = {}, headers = admin, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, headers, payload, ...(remoteAddress ? { remoteAddress } : {}) });

async function tokenFor(clientId: string, clientSecret: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v2/h/oauth2/token',
    payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  });
}
async function bearerFor(clientId: string, clientSecret: string): Promise<Headers> {
  const res = await tokenFor(clientId, clientSecret);
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().result.access_token}` };
}
/** A ZK terminal registered by the admin. */
const device = (name: string, serial: string) => t.addDevice(admin, name, serial);

describe('OAuth scope: ingest only', () => {
  it('an ingest client uploads punches and is refused (403) by every other procedure, over REST and tRPC', async () => {
    const created = await post('/v2/h/oauth2/credential', { name: 'gate agent', scopes: ['ingest'] });
    expect(created.statusCode).toBe(200);
    expect(created.json().result).toMatchObject({ scopes: ['ingest'], deviceId: null });
    const { clientId, clientSecret } = created.json().result;
    const agent = await bearerFor(clientId, clientSecret);

    const ok = await post(
      '/v2/h/attendance/punch/ingest',
      { agent: 'pc', clockSkewMs: 0, punches: [punch('1', '2026-11-20T08:00:00', 'S-ANY')] },
      agent,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.items).toEqual([{ index: 0, status: 'inserted' }]);
    const viaTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/attendance.punch.ingest',
      headers: agent,
      payload: { agent: 'pc', clockSkewMs: 0, punches: [punch('1', '2026-11-20T08:00:00', 'S-ANY')] },
    });
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.json().result.data.items).toEqual([{ index: 0, status: 'duplicate' }]);

    // auth.me ('authenticated'), a developer screen, a people screen: 403 PM0001.
    for (const url of ['/v2/h/auth/me', '/v2/h/fingerspot/device', '/v2/h/oauth2/credential']) {
      const res = await get(url, agent);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().errors[0].code).toBe('PM0001');
    }
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: agent });
    expect(trpc.statusCode).toBe(403);
    expect(trpc.json().error.data).toMatchObject({ code: 'FORBIDDEN', appCode: 'PM0001' });

    // Every other procedure, through both doors: refused 403, whatever the input.
    const token = agent.authorization!.slice('Bearer '.length);
    const procs = walkRouter(appRouter).filter(
      (p) => p.type !== 'subscription' && p.permission !== 'public' && p.permission !== 'device.ingest',
    );
    expect(procs.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    let n = 0;
    for (const proc of procs) {
      for (const door of proc.doors) {
        const res = await callDoor(t.app, proc, door, { id: 1 }, { token, requestId: `scope-${n++}` });
        if (res.status !== 403) wrong.push(`${proc.path} via ${door}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a full client acts as its user; scopes edited later apply to tokens already issued', async () => {
    const created = await post('/v2/h/oauth2/credential', { name: 'integration', scopes: ['full'] });
    const { id, clientId, clientSecret } = created.json().result;
    const client = await bearerFor(clientId, clientSecret);
    expect((await get('/v2/h/auth/me', client)).statusCode).toBe(200);

    const narrowed = await post(`/v2/h/oauth2/credential/${id}/update`, { scopes: ['ingest'] });
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().result).toMatchObject({ name: 'integration', scopes: ['ingest'] });
    expect((await get('/v2/h/auth/me', client)).statusCode).toBe(403);
  });

  it('new credentials default to the ingest scope; a bad scope names the field', async () => {
    const created = await post('/v2/h/oauth2/credential', { name: 'default scope' });
    expect(created.json().result.scopes).toEqual(['ingest']);
    const bad = await post('/v2/h/oauth2/credential', { name: 'x', scopes: ['admin'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'GL0001' });
    expect(JSON.stringify(bad.json().errors[0].attributes)).toContain('scopes');
    const none = await post('/v2/h/oauth2/credential', { name: 'x', scopes: [] });
    expect(none.statusCode).toBe(400);
    const noDevice = await post('/v2/h/oauth2/credential', { name: 'x', deviceId: 999999 });
    expect(noDevice.statusCode).toBe(400);
    expect(noDevice.json().errors[0].attributes).toEqual([{ param: 'deviceId', msg: 'is not a registered terminal' }]);
  });
});

describe('terminal binding', () => {
  it("a client bound to a terminal may only upload that terminal's punches (others rejected per item)", async () => {
    const deviceId = await device('Bound gate', 'BOUND-1');
    const created = await post('/v2/h/oauth2/credential', { name: 'bound agent', scopes: ['ingest'], deviceId });
    expect(created.json().result).toMatchObject({ deviceId });
    const agent = await bearerFor(created.json().result.clientId, created.json().result.clientSecret);

    const res = await post(
      '/v2/h/attendance/punch/ingest',
      {
        agent: 'pc',
        clockSkewMs: 0,
        punches: [
          punch('1', '2026-11-20T08:00:00', 'BOUND-1'),
          punch('1', '2026-11-20T08:00:00', 'OTHER-9'),
          punch('2', '2026-11-20T08:01:00', 'BOUND-1'),
        ],
      },
      agent,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result.items).toEqual([
      { index: 0, status: 'inserted' },
      { index: 1, status: 'rejected', message: 'deviceSerial: this credential may only upload punches of terminal BOUND-1' },
      { index: 2, status: 'inserted' },
    ]);
    const other = await t.tdb.db.selectFrom('punches').select('id').where('device_serial', '=', 'OTHER-9').execute();
    expect(other).toEqual([]);

    // The terminal cannot be deleted while a live credential is bound to it.
    const del = await post(`/v2/h/fingerspot/device/${deviceId}/delete`);
    expect(del.statusCode).toBe(409);
    // Unbound (deviceId null), the client may upload any terminal's punches.
    const unbound = await post(`/v2/h/oauth2/credential/${created.json().result.id}/update`, { deviceId: null });
    expect(unbound.json().result).toMatchObject({ deviceId: null, deviceSerial: null });
    const now = await post(
      '/v2/h/attendance/punch/ingest',
      { agent: 'pc', clockSkewMs: 0, punches: [punch('1', '2026-11-20T08:00:00', 'OTHER-9')] },
      agent,
    );
    expect(now.json().result.items).toEqual([{ index: 0, status: 'inserted' }]);
    expect((await post(`/v2/h/fingerspot/device/${deviceId}/delete`)).statusCode).toBe(200);
  });
});

describe('credential edit, rotate, revoke', () => {
  it('detail, edit name/scopes/binding, rotate (old secret and tokens stop), revoke (no more edits)', async () => {
    const deviceId = await device('Edit gate', 'EDIT-1');
    const created = (await post('/v2/h/oauth2/credential', { name: 'to edit' })).json().result;
    const oldToken = await bearerFor(created.clientId, created.clientSecret);

    const detail = await get(`/v2/h/oauth2/credential/${created.id}`);
    expect(detail.json().result).toMatchObject({
      id: created.id,
      name: 'to edit',
      scopes: ['ingest'],
      deviceId: null,
      revokedAt: null,
    });
    expect(JSON.stringify(detail.json())).not.toContain(created.clientSecret);

    const edited = await post(`/v2/h/oauth2/credential/${created.id}/update`, {
      name: 'Edited',
      scopes: ['full', 'ingest'],
      deviceId,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().result).toMatchObject({
      name: 'Edited',
      scopes: ['full', 'ingest'],
      deviceId,
      deviceName: 'Edit gate',
      deviceSerial: 'EDIT-1',
    });
    const blank = await post(`/v2/h/oauth2/credential/${created.id}/update`, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].attributes).toEqual([{ param: 'name', msg: 'is required' }]);

    const rotated = await post(`/v2/h/oauth2/credential/${created.id}/rotate`);
    expect(rotated.statusCode).toBe(200);
    const { clientSecret } = rotated.json().result;
    expect(clientSecret).not.toBe(created.clientSecret);
    expect((await get('/v2/h/auth/me', oldToken)).statusCode).toBe(401);
    expect((await tokenFor(created.clientId, created.clientSecret)).statusCode).toBe(401);
    const fresh = await bearerFor(created.clientId, clientSecret);
    expect((await get('/v2/h/auth/me', fresh)).statusCode).toBe(200);

    expect((await post(`/v2/h/oauth2/credential/${created.id}/revoke`)).statusCode).toBe(200);
    expect((await post(`/v2/h/oauth2/credential/${created.id}/update`, { name: 'again' })).statusCode).toBe(409);
    expect((await post(`/v2/h/oauth2/credential/${created.id}/rotate`)).statusCode).toBe(409);
    expect((await post('/v2/h/oauth2/credential/999999/rotate')).statusCode).toBe(404);
    const list = (await get('/v2/h/oauth2/credential')).json().results;
    expect(list.find((c: { id: number }) => c.id === created.id)).toMatchObject({ name: 'Edited', deviceName: 'Edit gate' });
    // A revoked credential lets go of its terminal.
    expect((await post(`/v2/h/fingerspot/device/${deviceId}/delete`)).statusCode).toBe(200);

    const actions = await t.tdb.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', String(created.id))
      .where('entity', '=', 'oauth_client')
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual([
      'credential.create',
      'credential.revoke',
      'credential.rotate',
      'credential.update',
    ]);
  });
});

describe('office networks (network/hotspot): punches from elsewhere are flagged', () => {
  it('no network configured: nothing flagged; outside: flagged with the address; inside: not', async () => {
    const deviceId = await device('Hotspot gate', 'HOT-1');
    const send = (pin: string, time: string, from: string) =>
      post('/v2/h/attendance/punch/ingest', { agent: 'pc', clockSkewMs: 0, punches: [punch(pin, time, 'HOT-1')] }, admin, from);

    expect((await send('1', '2026-11-20T07:00:00', '203.0.113.9')).statusCode).toBe(200);
    const office = await post('/v2/h/network/hotspot', { name: 'HQ LAN', cidr: '192.168.10.0/24' });
    expect(office.statusCode).toBe(200);
    await send('2', '2026-11-20T07:01:00', '203.0.113.9');
    await send('3', '2026-11-20T07:02:00', '192.168.10.44');
    // The same punch again from outside: a duplicate changes nothing.
    await send('3', '2026-11-20T07:02:00', '203.0.113.9');

    const flagged = (await get(`/v2/h/fingerspot/device/${deviceId}/scanlog?outsideNetwork=true`)).json().results;
    expect(
      flagged.rows.map((r: { pin: string; outsideNetwork: boolean; ingestIp: string }) => [r.pin, r.outsideNetwork, r.ingestIp]),
    ).toEqual([['2', true, '203.0.113.9']]);
    const inside = (await get(`/v2/h/fingerspot/device/${deviceId}/scanlog?outsideNetwork=false`)).json().results;
    expect(inside.rows.map((r: { pin: string }) => r.pin).sort()).toEqual(['1', '3']);
    const detail = (await get(`/v2/h/fingerspot/device/${deviceId}`)).json().result;
    expect(detail.logCounts).toMatchObject({ total: 3, outsideNetwork: 1 });
    expect(detail.recentScans.find((s: { pin: string }) => s.pin === '2')).toMatchObject({ outsideNetwork: true });
  });
});

describe('terminal commands over REST (queued by a developer, fetched and answered by the agent)', () => {
  it('queue, one pending per kind, a bound agent sees only its terminal, result once, backup download', async () => {
    const a = await device('Command gate A', 'CMD-A');
    const b = await device('Command gate B', 'CMD-B');
    const queued = await post(`/v2/h/fingerspot/device/${a}/command`, { kind: 'backup-users' });
    expect(queued.statusCode).toBe(200);
    expect(queued.json().result).toMatchObject({ kind: 'backup-users', status: 'pending', hasBackup: false });
    expect((await post(`/v2/h/fingerspot/device/${a}/command`, { kind: 'backup-users' })).statusCode).toBe(409);
    const noUsers = await post(`/v2/h/fingerspot/device/${a}/command`, { kind: 'upload-users' });
    expect(noUsers.statusCode).toBe(400);
    expect(noUsers.json().errors[0].attributes[0].param).toBe('kind');
    const bCmd = (await post(`/v2/h/fingerspot/device/${b}/command`, { kind: 'backup-users' })).json().result.id;

    const cred = (await post('/v2/h/oauth2/credential', { name: 'B agent', deviceId: b })).json().result;
    const agentB = await bearerFor(cred.clientId, cred.clientSecret);
    const pending = await get('/v2/h/agent/commands?serials=CMD-A,CMD-B', agentB);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().results).toEqual([{ id: bCmd, serial: 'CMD-B', kind: 'backup-users', payload: {} }]);
    // Another terminal's command is not found for a client bound to B.
    const other = await post(`/v2/h/agent/commands/${queued.json().result.id}/result`, { ok: true, users: [] }, agentB);
    expect(other.statusCode).toBe(404);
    const users = [{ pin: 'EMP-000123456', name: 'Siti Rahma', privilege: 0, password: '', card: 0 }];
    const done = await post(`/v2/h/agent/commands/${bCmd}/result`, { ok: true, users }, agentB);
    expect(done.statusCode).toBe(200);
    expect((await post(`/v2/h/agent/commands/${bCmd}/result`, { ok: true, users }, agentB)).statusCode).toBe(409);
    // The developer endpoints refuse the agent.
    expect((await get(`/v2/h/fingerspot/device/${b}/command`, agentB)).statusCode).toBe(403);

    const list = (await get(`/v2/h/fingerspot/device/${b}/command`)).json().results;
    expect(list).toMatchObject([{ id: bCmd, status: 'done', users: 1, hasBackup: true }]);
    const file = await get(`/v2/h/fingerspot/command/${bCmd}/backup`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('users-CMD-B-');
    expect(JSON.parse(file.body)).toMatchObject({ device: 'Command gate B', serial: 'CMD-B', users });
    expect((await get(`/v2/h/fingerspot/command/${queued.json().result.id}/backup`)).statusCode).toBe(404);
  });
});
