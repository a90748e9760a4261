import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, punch, useTestApp } from './test-app';

/*
 * Issue 19 item 18: punches refused at ingest because the agent's credential is bound to another
 * terminal used to leave one line in the agent's log and nothing else. Now the terminals' pages
 * show the refusal and /developer/logs has an entry for it.
 */

const t = useTestApp({ employees: 1 });
let admin: Headers;
beforeAll(async () => {
  admin = await t.bearer(t.admin);
});
const post = (url: string, payload: Record<string, unknown> = {}, headers = admin) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

/** A ZK terminal registered by the admin. */
const device = (name: string, serial: string) => t.addDevice(admin, name, serial);

describe('punches refused for a credential bound to another terminal', () => {
  it('are counted on both terminals and logged for /developer/logs', async () => {
    const gateA = await device('Gate A', 'SN-A');
    const gateB = await device('Gate B', 'SN-B');
    const created = (await post('/v2/h/oauth2/credential', { name: 'gate A pc', scopes: ['ingest'], deviceId: gateA })).json()
      .result;
    const token = await t.app.inject({
      method: 'POST',
      url: '/v2/h/oauth2/token',
      payload: { grant_type: 'client_credentials', client_id: created.clientId, client_secret: created.clientSecret },
    });
    const agent = { authorization: `Bearer ${token.json().result.access_token}` };
    const upload = (punches: ReturnType<typeof punch>[]) =>
      post('/v2/h/attendance/punch/ingest', { agent: 'pc-a', clockSkewMs: 0, punches }, agent);

    const first = await upload([
      punch('1', '2026-11-20T08:00:00', 'SN-A'),
      punch('7', '2026-11-20T08:00:00', 'SN-B'),
      punch('8', '2026-11-20T08:01:00', 'SN-B'),
    ]);
    expect(first.json().result.items.map((i: { status: string }) => i.status)).toEqual(['inserted', 'rejected', 'rejected']);
    // The agent re-sends later: counted again (times 2), still not stored.
    await upload([punch('9', '2026-11-20T08:02:00', 'SN-B')]);

    const b = (await get(`/v2/h/fingerspot/device/${gateB}`)).json().result;
    expect(b.logCounts.total).toBe(0);
    expect(b.refusals).toEqual([
      expect.objectContaining({
        kind: 'credential-bound-elsewhere',
        deviceSerial: 'SN-B',
        boundSerial: 'SN-A',
        source: `credential gate A pc (${created.clientId})`,
        times: 2,
        punches: 3,
      }),
    ]);
    // The bound terminal's page shows it too: its agent is polling a terminal it may not upload.
    const a = (await get(`/v2/h/fingerspot/device/${gateA}`)).json().result;
    expect(a.refusals.map((r: { deviceSerial: string }) => r.deviceSerial)).toEqual(['SN-B']);

    const logs = (await get('/v2/h/developer/logs?action=device.ingest.refused')).json().results;
    expect(logs.total).toBe(2);
    expect(logs.rows[0]).toMatchObject({ level: 'warning', entity: 'device', entityId: 'SN-B', action: 'device.ingest.refused' });
    const entry = (await get(`/v2/h/developer/logs/${logs.rows[1].id}`)).json().result;
    expect(JSON.stringify(entry)).toContain('bound to terminal SN-A');
  });
});
