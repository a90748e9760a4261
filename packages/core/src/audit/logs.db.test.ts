import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestPunches } from '../devices/ingest';
import { actorForUser } from '../auth/service';
import { createTestDb, type TestDb } from '../db/testing';
import { createDevice, deleteDevice } from '../devices/service';
import { type Grant, requirePermission } from '../access/grant';
import type { Ctx } from '../shared/context';
import { AppError } from '../shared/errors';
import { createServices, makeOrg, makeUser } from '../testing/fixtures';
import { exportLogs, getLog, listLogs } from './logs';
import { auditLevel } from './logs-schema';
import { audit } from './service';

let tdb: TestDb;
let ctx: Ctx;
let dev: Grant<'developer.access'>;
let adminEmail: string;
const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

beforeAll(async () => {
  tdb = await createTestDb();
  const services = createServices(tdb.db);
  const org = await makeOrg(tdb.db);
  const u = await makeUser(services, org, ['superadmin'], { email: 'logs.admin@test.co.id' });
  adminEmail = u.email;
  const admin = (await actorForUser(tdb.db, u.userId, 'user'))!;
  ctx = { ...services.ctx(admin, 'req-1'), clock: () => new Date(now) };
  dev = requirePermission(admin, 'developer.access');
  const ingest = requirePermission(admin, 'device.ingest');

  // Audit entries: a terminal created then deleted, a failure, one with secrets, one 10 days old.
  const gate = await createDevice(ctx, dev, {
    name: 'Gate JKT',
    driver: 'zk',
    address: '10.0.0.5',
    port: 4370,
    serial: 'SER-GATE',
  });
  const old = await createDevice(ctx, dev, { name: 'Old', driver: 'zk', address: '10.0.0.6', port: 4370, serial: 'SER-OLD' });
  await deleteDevice(ctx, dev, { id: old.id });
  await audit(ctx, tdb.db, { action: 'mail.send.failed', entity: 'mail', entityId: 7, after: { to: 'a@b.c' } });
  await audit(ctx, tdb.db, {
    action: 'credential.create',
    entity: 'oauth_client',
    entityId: 3,
    after: { name: 'agent', clientSecret: 's3cr3t', nested: { apiToken: 'tok', list: [{ refresh_token: 'r' }] }, keep: 'ok' },
  });
  await audit(ctx, tdb.db, {
    action: 'employee.update',
    entity: 'employee',
    entityId: 99,
    before: { a: 1, b: 2 },
    after: { a: 1, b: 3 },
  });
  await audit(ctx, tdb.db, { action: 'employee.create', entity: 'employee', entityId: 98, after: { a: 1 } });
  await sql`update audit_log set at = now() - interval '10 days' where entity_id = '98'`.execute(tdb.db);
  // Spread the instants so the order is known: audit ids in insertion order, one minute apart, newest last.
  await sql`update audit_log set at = ${ago(100)}::timestamptz + (id * interval '1 minute') where entity_id is distinct from '98'`.execute(
    tdb.db,
  );

  // Agent events: one batch to the registered terminal with an unknown PIN and big skew, one to an unregistered one.
  await ingestPunches(ctx, ingest, {
    agent: 'gate-pc',
    clockSkewMs: 120_000,
    punches: [
      { deviceSerial: 'SER-GATE', pin: '1', localTime: '2026-11-19T08:00:00', state: 0, verifyType: 1 },
      { deviceSerial: 'SER-GATE', pin: '2', localTime: '2026-11-19T08:01:00', state: 0, verifyType: 1 },
    ],
  });
  await ingestPunches(ctx, ingest, {
    agent: 'lobby-pc',
    clockSkewMs: null,
    punches: [{ deviceSerial: 'SER-NEW', pin: '5', localTime: '2026-11-19T09:00:00', state: 0, verifyType: 1 }],
  });
  await sql`update punches set received_at = ${ago(5)}::timestamptz where device_serial = 'SER-GATE'`.execute(tdb.db);
  await sql`update punches set received_at = ${ago(1)}::timestamptz where device_serial = 'SER-NEW'`.execute(tdb.db);
  expect(gate.id).toBeGreaterThan(0);
});
afterAll(() => tdb.destroy());

describe('developer logs', () => {
  it('merges audit entries and ingest batches, newest first, over the last 7 days by default', async () => {
    const page = await listLogs(ctx, dev, { pageSize: 100 });
    const ats = page.rows.map((r) => r.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(page.rows[0]).toMatchObject({
      source: 'agent',
      action: 'punch.ingest',
      entity: 'device',
      entityId: 'SER-NEW',
      level: 'error',
      summary: '1 punch from unregistered terminal (SER-NEW), 1 with unknown PIN',
    });
    expect(page.rows[0]?.actor).toContain('lobby-pc');
    expect(page.rows[1]).toMatchObject({ source: 'agent', entityId: 'SER-GATE', level: 'warning' });
    expect(page.rows[1]?.summary).toBe('2 punches from Gate JKT (SER-GATE), 2 with unknown PIN, clock skew 120000 ms');
    // The 10-day-old entry is outside the default period.
    expect(page.rows.some((r) => r.entityId === '98')).toBe(false);
    const update = page.rows.find((r) => r.action === 'employee.update');
    expect(update).toMatchObject({ source: 'audit', level: 'info', actor: adminEmail, summary: 'changed: b' });
    expect(update?.actorName).toBeTruthy();
    expect(page.total).toBe(page.rows.length);
  });

  it('maps actions to levels: failures are errors, refusals and removals warnings', async () => {
    expect(auditLevel('mail.send.failed')).toBe('error');
    expect(auditLevel('device.delete')).toBe('warning');
    expect(auditLevel('leave.disapprove')).toBe('warning');
    expect(auditLevel('leave.approve')).toBe('info');
    const errors = await listLogs(ctx, dev, { level: 'error', source: 'audit' });
    expect(errors.rows.map((r) => r.action)).toEqual(['mail.send.failed']);
    const warnings = await listLogs(ctx, dev, { level: 'warning' });
    expect(warnings.rows.map((r) => `${r.source}:${r.action}`)).toEqual(['agent:punch.ingest', 'audit:device.delete']);
  });

  it('filters by actor, entity, action, source and time, and pages', async () => {
    const byEntity = await listLogs(ctx, dev, { entity: 'fingerspot_device' });
    expect(byEntity.rows.map((r) => r.action)).toEqual(['device.delete', 'device.create', 'device.create']);
    const byAction = await listLogs(ctx, dev, { action: 'device' });
    expect(byAction.total).toBe(3);
    expect((await listLogs(ctx, dev, { action: 'device.create' })).total).toBe(2);
    expect((await listLogs(ctx, dev, { action: 'punch.ingest' })).rows.map((r) => r.entityId)).toEqual(['SER-NEW', 'SER-GATE']);
    expect((await listLogs(ctx, dev, { actor: 'gate-pc' })).rows.map((r) => r.entityId)).toEqual(['SER-GATE']);
    const mine = await listLogs(ctx, dev, { actor: 'LOGS.ADMIN', source: 'audit', pageSize: 100 });
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((r) => r.actor === adminEmail)).toBe(true);
    expect((await listLogs(ctx, dev, { source: 'agent' })).total).toBe(2);
    const old = await listLogs(ctx, dev, { from: ago(60 * 24 * 11), to: ago(60 * 24 * 9) });
    expect(old.rows.map((r) => r.entityId)).toEqual(['98']);
    const recent = await listLogs(ctx, dev, { from: ago(3) });
    expect(recent.rows.map((r) => r.entityId)).toEqual(['SER-NEW']);

    const all = await listLogs(ctx, dev, { pageSize: 100 });
    const p1 = await listLogs(ctx, dev, { page: 1, pageSize: 3 });
    const p2 = await listLogs(ctx, dev, { page: 2, pageSize: 3 });
    expect([...p1.rows, ...p2.rows].map((r) => r.id)).toEqual(all.rows.slice(0, 6).map((r) => r.id));
    expect(p2.total).toBe(all.total);
    const past = await listLogs(ctx, dev, { page: 50, pageSize: 3 });
    expect(past).toMatchObject({ rows: [], total: all.total });
  });

  it('detail shows the payload with secrets redacted and the changed keys', async () => {
    const list = await listLogs(ctx, dev, { action: 'credential.create' });
    const d = await getLog(ctx, dev, { id: list.rows[0]!.id });
    expect(d.payload).toEqual({
      before: null,
      after: {
        name: 'agent',
        clientSecret: '[redacted]',
        nested: { apiToken: '[redacted]', list: [{ refresh_token: '[redacted]' }] },
        keep: 'ok',
      },
    });
    expect(JSON.stringify(d)).not.toMatch(/s3cr3t|"tok"|"r"/);
    expect(d.requestId).toBe('req-1');

    const upd = (await listLogs(ctx, dev, { action: 'employee.update' })).rows[0]!;
    expect((await getLog(ctx, dev, { id: upd.id })).diff).toEqual([{ key: 'b', before: 2, after: 3 }]);

    const batch = (await listLogs(ctx, dev, { actor: 'gate-pc' })).rows[0]!;
    const b = await getLog(ctx, dev, { id: batch.id });
    expect(b.payload).toMatchObject({ deviceSerial: 'SER-GATE', clockSkewMs: 120000, punches: 2, unknownPins: ['1', '2'] });
  });

  it('unknown ids are NOT_FOUND; bad dates are refused by the schema, reversed periods are VALIDATION', async () => {
    const code = async (p: Promise<unknown>) => {
      const e = await p.then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(AppError);
      return (e as AppError).code;
    };
    expect(await code(getLog(ctx, dev, { id: 'audit-999999' }))).toBe('NOT_FOUND');
    const batch = (await listLogs(ctx, dev, { actor: 'gate-pc' })).rows[0]!;
    const second = `agent-${Number(batch.id.split('-')[1]) + 1}`;
    expect(await code(getLog(ctx, dev, { id: second }))).toBe('NOT_FOUND');
    const paths = (p: Promise<unknown>) =>
      p.then(
        () => [],
        (e: { issues: { path: string[] }[] }) => [...new Set(e.issues.map((i) => i.path.join('.')))],
      );
    expect(await paths(listLogs(ctx, dev, { from: '2026-02-31T00:00:00Z' }))).toEqual(['from']);
    expect(await paths(listLogs(ctx, dev, { to: 'yesterday' }))).toEqual(['to']);
    expect(await code(listLogs(ctx, dev, { from: ago(1), to: ago(10) }))).toBe('VALIDATION');
  });

  it('downloads the filtered log as XLSX', async () => {
    const x = await exportLogs(ctx, dev, { source: 'audit', entity: 'fingerspot_device' });
    expect(x.rows).toBe(3);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(x.base64, 'base64') as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Logs')!;
    expect(ws.getRow(1).getCell(5).value).toBe('Action');
    expect(ws.getRow(2).getCell(5).value).toBe('device.delete');
    expect(x.fileName).toMatch(/^logs_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.xlsx$/);
  });
});
