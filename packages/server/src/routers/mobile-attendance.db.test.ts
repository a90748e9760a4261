import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, refusedParams, type TestLogin, useTestApp } from './test-app';

const t = useTestApp({ employees: 3 });
const logins = t.seededLogins();
const M = '/v2/h/attendance/mobile';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).toString('base64');
const FENCE = { latitude: -6.175392, longitude: 106.827153 };

let worker: TestLogin;
let plain: Headers;

const clockBody = (over: Record<string, unknown> = {}) => ({
  clientId: randomUUID(),
  kind: 'in',
  latitude: -6.174898,
  longitude: 106.827153,
  accuracyM: 10,
  takenAt: new Date().toISOString(),
  offline: false,
  selfie: { contentType: 'image/jpeg', contentBase64: JPEG },
  ...over,
});

beforeAll(async () => {
  worker = await t.userFor(['employee'], 1, { email: 'mobile1@test.co.id', password: 'mobile-pass-123' });
  await t.grantPermission(worker.employeeId, 'attendance.mobile', worker.userId);
  worker.headers = await t.bearer({ email: 'mobile1@test.co.id', password: 'mobile-pass-123' });
  plain = (await t.userFor(['employee'], 2, { email: 'mobile2@test.co.id', password: 'mobile-pass-123' })).headers;
  const office = await t.tdb.db
    .selectFrom('employees')
    .select('company_office_id')
    .where('id', '=', worker.employeeId)
    .executeTakeFirstOrThrow();
  const fence = await t.call('POST', `${M}/geofence`, logins.admin, {
    companyOfficeId: office.company_office_id,
    name: 'HQ',
    ...FENCE,
    radiusM: 100,
  });
  expect(fence.statusCode).toBe(200);
});

describe('live attendance over REST', () => {
  it('needs attendance.mobile: an employee without the grant is refused', async () => {
    expect((await t.call('POST', `${M}/clock`, plain, clockBody())).statusCode).toBe(403);
    expect((await t.call('GET', `${M}/me`, plain)).statusCode).toBe(403);
  });

  it('inside the fence: recorded; the same client id again is answered as a duplicate', async () => {
    const body = clockBody();
    const r = await t.call('POST', `${M}/clock`, worker.headers, body);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      status: 'success',
      success: 'Attendance recorded',
      result: { status: 'accepted', distanceM: 55, duplicate: false },
    });
    const again = await t.call('POST', `${M}/clock`, worker.headers, body);
    expect(again.json().result.duplicate).toBe(true);
    const me = (await t.call('GET', `${M}/me`, worker.headers)).json().result;
    expect(me.today).toHaveLength(1);
  });

  it('outside the fence or with bad input: GL0001 naming the field, never a 500', async () => {
    const out = await t.call('POST', `${M}/clock`, worker.headers, clockBody({ latitude: -6.1, kind: 'out' }));
    expect(out.statusCode).toBe(400);
    expect(refusedParams(out)).toEqual(['latitude']);
    expect(out.json().errors[0].message).toMatch(/outside the attendance area/);
    const bad = await t.call('POST', `${M}/clock`, worker.headers, clockBody({ latitude: 'north', accuracyM: -1 }));
    expect(bad.statusCode).toBe(400);
    expect(refusedParams(bad).sort()).toEqual(['accuracyM', 'latitude']);
    const fake = await t.call(
      'POST',
      `${M}/clock`,
      worker.headers,
      clockBody({ selfie: { contentType: 'image/gif', contentBase64: JPEG } }),
    );
    expect(refusedParams(fake)).toEqual(['selfie.contentType']);
  });

  it("managers see the day's punches with the fence; the selfie is served to them", async () => {
    const list = (await t.call('GET', `${M}/punch`, logins.admin)).json().results;
    expect(list.rows).toHaveLength(1);
    expect(list.fences[0]).toMatchObject({ name: 'HQ', radiusM: 100 });
    const selfie = (await t.call('GET', `${M}/punch/${list.rows[0].id}/selfie`, logins.admin)).json().result;
    expect(selfie).toEqual({ contentType: 'image/jpeg', contentBase64: JPEG });
    expect((await t.call('GET', `${M}/punch/${list.rows[0].id}/selfie`, plain)).statusCode).toBe(403);
  });
});

describe('push terminals (developer)', () => {
  it('lists unregistered serials, refuses settings of a non-push terminal, keeps a push terminal settings', async () => {
    expect((await t.call('GET', '/v2/h/fingerspot/push/unregistered', logins.admin)).json().results).toEqual([]);
    const zk = await t.call('POST', '/v2/h/fingerspot/device', logins.admin, {
      name: 'ZK',
      driver: 'zk',
      address: '10.0.0.5',
      port: 4370,
      serial: 'ZK-1',
    });
    const refused = await t.call('GET', `/v2/h/fingerspot/push/${zk.json().result.id}/settings`, logins.admin);
    expect(refused.statusCode).toBe(400);
    const adms = await t.call('POST', '/v2/h/fingerspot/device', logins.admin, {
      name: 'Push',
      driver: 'adms',
      address: '10.0.0.6',
      port: 8081,
      serial: 'ADMS-1',
    });
    const id = adms.json().result.id;
    expect(
      (await t.call('POST', `/v2/h/fingerspot/push/${id}/settings`, logins.admin, { officeNetworksOnly: true })).statusCode,
    ).toBe(200);
    expect((await t.call('GET', `/v2/h/fingerspot/push/${id}/settings`, logins.admin)).json().result).toMatchObject({
      officeNetworksOnly: true,
      serial: 'ADMS-1',
    });
    const q = await t.call('POST', `/v2/h/fingerspot/push/${id}/command`, logins.admin, {
      kind: 'query-attlog',
      from: '2026-11-01T00:00:00',
    });
    expect(refusedParams(q)).toEqual(['to']);
    expect((await t.call('POST', `/v2/h/fingerspot/push/${id}/command`, logins.admin, { kind: 'check' })).json().result.cmd).toBe(
      'CHECK',
    );
    expect((await t.call('GET', `/v2/h/fingerspot/push/${id}/command`, logins.admin)).json().results).toHaveLength(1);
    expect((await t.call('GET', `/v2/h/fingerspot/push/${id}/users`, logins.admin)).json().results).toEqual([]);
    expect((await t.call('GET', `/v2/h/fingerspot/push/${id}/users`, plain)).statusCode).toBe(403);
  });
});
