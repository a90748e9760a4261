import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePunches } from '../attendance/punches';
import { actorForUser } from '../auth/service';
import { createTestDb, type TestDb } from '../db/testing';
import { type Grant, requirePermission } from '../access/grant';
import type { Ctx } from '../shared/context';
import { failure } from '../testing/expect';
import { auditTrail } from '../testing/audit';
import { createServices, makeEmployee, makeOrg, makeUser, type Org } from '../testing/fixtures';
import {
  createDevice,
  createHotspot,
  deleteDevice,
  deleteHotspot,
  exportScanLog,
  getDevice,
  listDevices,
  listHotspots,
  listScanLog,
  matchHotspot,
  recordAgentReport,
  recordIngestBatch,
  updateDevice,
  updateHotspot,
} from './service';

let tdb: TestDb;
let org: Org;
let ctx: Ctx;
let dev: Grant<'developer.access'>;
const NOW = new Date('2026-11-20T03:00:00Z'); // 10:00 in Jakarta

beforeAll(async () => {
  tdb = await createTestDb();
  const services = createServices(tdb.db);
  org = await makeOrg(tdb.db);
  const u = await makeUser(services, org, ['superadmin']);
  const admin = (await actorForUser(tdb.db, u.userId, 'user'))!;
  ctx = { ...services.ctx(admin), clock: () => NOW };
  dev = requirePermission(admin, 'developer.access');
});
afterAll(() => tdb.destroy());

describe('device registry', () => {
  it('creates, lists, updates and deletes terminals; serial and name are unique; audit hides the comm key', async () => {
    const a = await createDevice(ctx, dev, {
      name: 'Gate JKT',
      driver: 'zk',
      address: '192.168.1.201',
      port: 4370,
      serial: 'CKPG2020123',
      companyOfficeId: org.officeId,
      timeZone: 'Asia/Jakarta',
      commKey: 1234,
    });
    expect(a).toMatchObject({ name: 'Gate JKT', driver: 'zk', serial: 'CKPG2020123', commKeySet: true, active: true });
    const b = await createDevice(ctx, dev, {
      name: 'Port BTM',
      driver: 'easylink',
      address: 'fservice.local',
      port: '7005' as unknown as number,
      serial: '66208023321',
      timeZone: 'Asia/Makassar',
    });
    expect(b).toMatchObject({ companyOfficeId: null, timeZone: 'Asia/Makassar', commKeySet: false });

    const dupSerial = await failure(
      createDevice(ctx, dev, { name: 'Other', driver: 'zk', address: '10.0.0.1', port: 4370, serial: 'CKPG2020123' }),
    );
    expect(dupSerial.code).toBe('CONFLICT');
    expect(dupSerial.fields).toEqual([{ param: 'serial', msg: 'is already used' }]);
    const dupName = await failure(
      createDevice(ctx, dev, { name: 'gate jkt', driver: 'zk', address: '10.0.0.1', port: 4370, serial: 'X1' }),
    );
    expect(dupName.fields).toEqual([{ param: 'name', msg: 'is already used' }]);

    const list = await listDevices(ctx, dev, { search: 'gate' });
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({
      id: a.id,
      companyOffice: 'Test Office',
      hasCommKey: true,
      punches: 0,
      lastSeenAt: null,
    });
    expect(list.rows[0]).not.toHaveProperty('commKey');
    expect((await listDevices(ctx, dev, { driver: 'easylink' })).rows.map((r) => r.id)).toEqual([b.id]);

    const upd = await updateDevice(ctx, dev, { id: b.id, port: 7110, commKey: null, active: false });
    expect(upd).toMatchObject({ port: 7110, active: false, address: 'fservice.local' });

    const auditRows = await auditTrail(tdb.db, 'fingerspot_device', a.id);
    expect(auditRows.map((r) => r.action)).toEqual(['device.create']);
    expect(JSON.stringify(auditRows[0]!.after)).not.toContain('1234');

    expect(await deleteDevice(ctx, dev, { id: b.id })).toEqual({ ok: true });
    expect((await failure(getDevice(ctx, dev, { id: b.id }))).code).toBe('NOT_FOUND');
    expect((await failure(updateDevice(ctx, dev, { id: b.id, name: 'x' }))).code).toBe('NOT_FOUND');
  });

  it('refuses bad input naming the field', async () => {
    for (const [field, value] of [
      ['driver', 'usb'],
      ['port', 70000],
      ['serial', 'bad serial!'],
      ['timeZone', 'Mars/Olympus'],
      ['address', 'http://10.0.0.1:4370'],
      ['address', '[.]'],
      ['address', ':'],
      ['commKey', 1_000_000],
    ] as const) {
      const input = { name: 'T', driver: 'zk', address: '10.0.0.9', port: 4370, serial: 'S9', [field]: value };
      const err = await createDevice(ctx, dev, input as never).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, field).toBeTruthy();
      expect(JSON.stringify((err as { issues?: unknown }).issues ?? err), field).toContain(field);
    }
    // IPv6 terminals; a parsed input parses again to the same value (the router and the service both parse).
    const v6 = await createDevice(ctx, dev, { name: 'V6', driver: 'zk', address: '2001:db8::20', port: 4370, serial: 'V6A' });
    expect(v6.address).toBe('2001:db8::20');
    await deleteDevice(ctx, dev, { id: v6.id });
    const office = await failure(
      createDevice(ctx, dev, { name: 'T', driver: 'zk', address: '10.0.0.9', port: 4370, serial: 'S9', companyOfficeId: 999999 }),
    );
    expect(office.fields).toEqual([{ param: 'companyOfficeId', msg: 'Company office not found' }]);
  });
});

describe('device detail: last seen, skew, log counts, scan log, PINs', () => {
  it('shows what agents reported and the punches of the terminal, mapped and unmapped', async () => {
    const d = await createDevice(ctx, dev, {
      name: 'Canteen',
      driver: 'zk',
      address: '10.1.1.5',
      port: 4370,
      serial: 'CANTEEN01',
    });
    const empId = await makeEmployee(tdb.db, org, { dept: 0 }, 'Siti Rahma');
    await tdb.db.insertInto('attendance_pins').values({ pin: '1001', device_serial: null, employee_id: empId }).execute();
    const punches = [
      { deviceSerial: 'CANTEEN01', pin: '1001', localTime: '2026-11-19T07:58:00', state: 0, verifyType: 1 },
      { deviceSerial: 'CANTEEN01', pin: '1001', localTime: '2026-11-19T17:02:00', state: 1, verifyType: 1 },
      { deviceSerial: 'CANTEEN01', pin: '1001', localTime: '2026-11-20T08:01:00', state: 0, verifyType: 1 },
      { deviceSerial: 'CANTEEN01', pin: '9999', localTime: '2026-11-20T08:05:00', state: 0, verifyType: 1 },
      { deviceSerial: 'OTHER', pin: '1001', localTime: '2026-11-20T08:05:00', state: 0, verifyType: 1 },
    ];
    await storePunches(ctx, punches, { source: 'device', agent: 'gate-pc' });

    // Nothing reported yet.
    let detail = await getDevice(ctx, dev, { id: d.id });
    expect(detail.status).toEqual({ lastSeenAt: null, skewMs: null, agent: null, reports: 0, punchesReceived: 0 });

    // An older report after a newer one does not move last seen back.
    await recordIngestBatch(tdb.db, { agent: 'gate-pc', clockSkewMs: 95_000, punches: punches.slice(0, 4) }, NOW);
    await recordAgentReport(tdb.db, { agent: 'old-pc', serial: 'CANTEEN01', skewMs: 5, at: new Date('2026-11-19T00:00:00Z') });
    detail = await getDevice(ctx, dev, { id: d.id });
    expect(detail.status).toEqual({
      lastSeenAt: '2026-11-20T03:00:00Z',
      skewMs: 95_000,
      agent: 'gate-pc',
      reports: 2,
      punchesReceived: 4,
    });
    expect(detail.skewWarning).toBe(true);
    expect(detail.logCounts).toEqual({
      total: 4,
      mapped: 3,
      unmapped: 1,
      today: 2,
      lastPunch: '2026-11-20T08:05:00',
      outsideNetwork: 0,
    });
    expect(detail.recentScans.map((s) => [s.pin, s.localTime, s.employeeName])).toEqual([
      ['9999', '2026-11-20T08:05:00', null],
      ['1001', '2026-11-20T08:01:00', 'Siti Rahma'],
      ['1001', '2026-11-19T17:02:00', 'Siti Rahma'],
      ['1001', '2026-11-19T07:58:00', 'Siti Rahma'],
    ]);
    expect(detail.mappedPins).toEqual([
      {
        pin: '1001',
        punches: 3,
        firstPunch: '2026-11-19T07:58:00',
        lastPunch: '2026-11-20T08:01:00',
        employeeId: empId,
        employeeName: 'Siti Rahma',
        employeeNumber: expect.any(String),
      },
    ]);
    expect(detail.unmappedPins).toMatchObject([{ pin: '9999', punches: 1, employeeId: null }]);
    expect((await listDevices(ctx, dev, { search: 'canteen' })).rows[0]).toMatchObject({ punches: 4, skewMs: 95_000 });

    // Scan log: paginated, filtered.
    const page = await listScanLog(ctx, dev, { id: d.id, pageSize: 2 });
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.localTime)).toEqual(['2026-11-20T08:05:00', '2026-11-20T08:01:00']);
    expect((await listScanLog(ctx, dev, { id: d.id, unmapped: 'true' as never })).rows.map((r) => r.pin)).toEqual(['9999']);
    expect((await listScanLog(ctx, dev, { id: d.id, from: '2026-11-19', to: '2026-11-19' })).total).toBe(2);
    const badPeriod = await failure(listScanLog(ctx, dev, { id: d.id, from: '2026-11-20', to: '2026-11-19' }));
    expect(badPeriod.fields[0]?.param).toBe('to');

    // XLSX export of the scan log.
    const x = await exportScanLog(ctx, dev, { deviceId: d.id });
    expect(x).toMatchObject({ fileName: 'scanlog_CANTEEN01.xlsx', rows: 4 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(x.base64, 'base64') as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Scan log')!;
    expect(ws.rowCount).toBe(5);
    expect(ws.getRow(1).getCell(3).value).toBe('Scan time');
    expect(
      [2, 3, 4, 5].map((i) => [ws.getRow(i).getCell(3).value, ws.getRow(i).getCell(4).value, ws.getRow(i).getCell(6).value]),
    ).toEqual([
      ['2026-11-19 07:58:00', '1001', 'Siti Rahma'],
      ['2026-11-19 17:02:00', '1001', 'Siti Rahma'],
      ['2026-11-20 08:01:00', '1001', 'Siti Rahma'],
      ['2026-11-20 08:05:00', '9999', '(unmapped)'],
    ]);
    expect((await exportScanLog(ctx, dev, {})).rows).toBe(5);
    expect((await failure(exportScanLog(ctx, dev, { deviceId: 999999 }))).code).toBe('NOT_FOUND');
  });
});

describe('network hotspots', () => {
  it('CRUD with normalised networks; matches an address to the most specific active network', async () => {
    const office = await createHotspot(ctx, dev, { name: 'Jakarta LAN', cidr: '192.168.1.77/16', companyOfficeId: org.officeId });
    expect(office).toMatchObject({ cidr: '192.168.0.0/16', companyOffice: 'Test Office', active: true });
    const floor = await createHotspot(ctx, dev, { name: 'Floor 3', cidr: '192.168.3.0/24' });
    const v6 = await createHotspot(ctx, dev, { name: 'IPv6', cidr: '2001:db8::/32' });
    expect(v6.cidr).toBe('2001:db8::/32');
    const host = await createHotspot(ctx, dev, { name: 'VPN host', cidr: '10.8.0.1' });
    expect(host.cidr).toBe('10.8.0.1/32');

    const dup = await failure(createHotspot(ctx, dev, { name: 'Again', cidr: '192.168.0.0/16' }));
    expect(dup.fields).toEqual([{ param: 'cidr', msg: 'is already used' }]);
    for (const bad of ['192.168.1.0/33', '300.1.1.1', 'lan', '10.0.0.0/8/1', 'fe80::zz']) {
      await expect(createHotspot(ctx, dev, { name: 'Bad', cidr: bad }), bad).rejects.toThrow(/cidr|network/);
    }

    expect((await matchHotspot(tdb.db, '192.168.3.40'))?.id).toBe(floor.id);
    expect((await matchHotspot(tdb.db, '::ffff:192.168.9.1'))?.id).toBe(office.id);
    expect((await matchHotspot(tdb.db, '2001:db8:1::5'))?.id).toBe(v6.id);
    expect(await matchHotspot(tdb.db, '8.8.8.8')).toBeNull();
    expect(await matchHotspot(tdb.db, 'not-an-ip')).toBeNull();

    const off = await updateHotspot(ctx, dev, { id: floor.id, active: false, name: 'Floor 3 (old)' });
    expect(off).toMatchObject({ active: false, name: 'Floor 3 (old)', cidr: '192.168.3.0/24' });
    expect((await matchHotspot(tdb.db, '192.168.3.40'))?.id).toBe(office.id);
    const moved = await updateHotspot(ctx, dev, { id: host.id, cidr: '10.8.0.0/24' });
    expect(moved.cidr).toBe('10.8.0.0/24');
    expect((await failure(updateHotspot(ctx, dev, { id: host.id, cidr: '192.168.3.0/24' }))).code).toBe('CONFLICT');

    const list = await listHotspots(ctx, dev, { search: '192.168' });
    expect(list.rows.map((r) => r.name)).toEqual(['Floor 3 (old)', 'Jakarta LAN']);
    expect(await deleteHotspot(ctx, dev, { id: host.id })).toEqual({ ok: true });
    expect((await failure(deleteHotspot(ctx, dev, { id: host.id }))).code).toBe('NOT_FOUND');
  });
});
