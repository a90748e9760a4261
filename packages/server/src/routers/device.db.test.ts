import { describe, expect, it } from 'vitest';
import { useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 2 });

const login = t.seededLogins();
const { get, post } = t.requests(() => login.admin);

describe('fingerprint devices over REST (spec §7 fingerspot/device, fingerspot/excel)', () => {
  it('create, list, detail with last seen / skew / PINs, scan log, excel, update, delete', async () => {
    const created = await post('/v2/h/fingerspot/device', {
      name: 'Gate JKT',
      driver: 'zk',
      address: '192.168.1.201',
      port: 4370,
      serial: 'CKPG2020123',
      timeZone: 'Asia/Jakarta',
      commKey: 1234,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      status: 'success',
      success: 'Fingerprint device created',
      result: { serial: 'CKPG2020123' },
    });
    const id = created.json().result.id as number;

    // Punches arrive through the ingest (as an agent would), which records the agent's report.
    const ingest = await post('/v2/h/attendance/punch/ingest', {
      agent: 'gate-pc',
      clockSkewMs: 1500,
      punches: [
        { deviceSerial: 'CKPG2020123', pin: '1001', localTime: '2026-11-19T08:00:00', state: 0, verifyType: 1 },
        { deviceSerial: 'CKPG2020123', pin: '7777', localTime: '2026-11-19T08:01:00', state: 0, verifyType: 1 },
      ],
    });
    expect(ingest.statusCode).toBe(200);

    const list = await get('/v2/h/fingerspot/device?search=gate');
    expect(list.json()).toMatchObject({
      success: 'Fingerprint devices',
      results: { total: 1, rows: [{ id, name: 'Gate JKT', hasCommKey: true, punches: 2, skewMs: 1500 }] },
    });
    const detail = (await get(`/v2/h/fingerspot/device/${id}`)).json().result;
    expect(detail).toMatchObject({
      commKey: 1234,
      status: { agent: 'gate-pc', skewMs: 1500, reports: 1, punchesReceived: 2 },
      skewWarning: false,
      logCounts: { total: 2, mapped: 0, unmapped: 2 },
    });
    expect(detail.status.lastSeenAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(detail.unmappedPins.map((p: { pin: string }) => p.pin).sort()).toEqual(['1001', '7777']);

    const scans = await get(`/v2/h/fingerspot/device/${id}/scanlog?pin=7777`);
    expect(scans.json().results).toMatchObject({ total: 1, rows: [{ pin: '7777', localTime: '2026-11-19T08:01:00' }] });

    const excel = await get(`/v2/h/fingerspot/excel?deviceId=${id}`);
    expect(excel.statusCode).toBe(200);
    expect(excel.headers['content-disposition']).toContain('scanlog_CKPG2020123.xlsx');
    // An XLSX is a ZIP (its contents are checked in core's devices.db.test.ts).
    expect(excel.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const upd = await post(`/v2/h/fingerspot/device/${id}/update`, { active: 'false', port: '4371' });
    expect(upd.json().result).toMatchObject({ active: false, port: 4371 });
    const bad = await post('/v2/h/fingerspot/device', { name: 'X', driver: 'usb', address: '10.0.0.1', port: 0, serial: 'X' });
    expect(refusedParams(bad)).toEqual(['driver', 'port']);
    const dup = await post('/v2/h/fingerspot/device', {
      name: 'Y',
      driver: 'zk',
      address: '10.0.0.1',
      port: 4370,
      serial: 'CKPG2020123',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].attributes).toEqual([{ param: 'serial', msg: 'is already used' }]);

    expect((await post(`/v2/h/fingerspot/device/${id}/delete`)).json().result).toEqual({ ok: true });
    expect((await get(`/v2/h/fingerspot/device/${id}`)).statusCode).toBe(404);
  });

  it('network hotspots CRUD', async () => {
    const c = await post('/v2/h/network/hotspot', { name: 'Jakarta LAN', cidr: '10.20.30.40/24' });
    expect(c.json()).toMatchObject({ success: 'Network hotspot created', result: { cidr: '10.20.30.0/24', active: true } });
    const id = c.json().result.id as number;
    expect((await get('/v2/h/network/hotspot')).json().results.rows).toMatchObject([{ id, name: 'Jakarta LAN' }]);
    const u = await post(`/v2/h/network/hotspot/${id}/update`, { cidr: '10.20.0.0/16' });
    expect(u.json().result.cidr).toBe('10.20.0.0/16');
    const bad = await post('/v2/h/network/hotspot', { name: 'Bad', cidr: '10.0.0.0/40' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].attributes).toEqual([{ param: 'cidr', msg: 'must be a network such as 192.168.1.0/24' }]);
    expect((await post(`/v2/h/network/hotspot/${id}/delete`)).json().result).toEqual({ ok: true });
  });

  it('needs developer.access', async () => {
    expect((await get('/v2/h/fingerspot/device', login.staff)).statusCode).toBe(403);
    expect((await post('/v2/h/network/hotspot', { name: 'X', cidr: '10.0.0.0/8' }, login.staff)).statusCode).toBe(403);
    expect((await get('/v2/h/fingerspot/excel', {})).statusCode).toBe(401);
  });
});
