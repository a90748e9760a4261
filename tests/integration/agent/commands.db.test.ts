import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { actorForUser, createUser } from '@hr/core/auth';
import { createDevice, downloadDeviceBackup, listDeviceCommands, queueDeviceCommand } from '@hr/core/devices';
import { requirePermission } from '@hr/core/access';
import { makeEmployee, makeOrg } from '../../../packages/core/src/testing/fixtures';
import { Agent } from '../../../packages/device-agent/src/agent/agent';
import { parseAgentConfig } from '../../../packages/device-agent/src/config';
import { EasyLinkSimulator } from '../../../packages/device-agent/src/simulator/easylink/server';
import { ZkSimulator } from '../../../packages/device-agent/src/simulator/zk/server';
import { RealServer } from './real-server';

// Terminal commands end to end: the server queues "upload users" / "back up users" for a
// terminal, the REAL agent fetches them with its ingest-scoped OAuth client
// (GET /v2/h/agent/commands), carries them out through its driver against the simulators, and
// reports (POST /v2/h/agent/commands/{id}/result); the backup, fingerprint templates included,
// is then downloadable.

const dirs: string[] = [];
let server: RealServer;
let zk: ZkSimulator;
let el: EasyLinkSimulator;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  server = await (await RealServer.create()).start();
  zk = await new ZkSimulator({ port: 0, users: 3, records: 10, seed: 3 }).start();
  el = await new EasyLinkSimulator({ port: 0, users: 2, records: 10, seed: 5, serial: 'CMDEL0001' }).start();
}, 120_000);
afterAll(async () => {
  await zk?.stop();
  await el?.stop();
  await server?.destroy();
  vi.restoreAllMocks();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function agent(devices?: { name: string; driver: string; address: string; serial: string }[], fetchImpl?: typeof fetch): Agent {
  const dir = mkdtempSync(path.join(tmpdir(), 'hr-agent-cmd-'));
  dirs.push(dir);
  const { config } = parseAgentConfig({
    devices: devices ?? [
      { name: 'Gate ZK', driver: 'zk', address: `127.0.0.1:${zk.port}`, serial: zk.device.serial, timeoutSeconds: 2 },
      { name: 'Gate EL', driver: 'easylink', address: `127.0.0.1:${el.port}`, serial: 'CMDEL0001', timeoutSeconds: 2 },
    ],
    server: { url: server.url },
    oauth: { clientId: server.clientId, clientSecret: server.clientSecret },
    agent: { name: 'cmd-agent', dataDir: dir },
  });
  return new Agent({ config, logger: pino({ level: 'silent' }), ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}

/** The developer the first test creates, acting. */
async function developer() {
  const db = server.tdb.db;
  const u = await db.selectFrom('users').select('id').where('email', '=', 'dev@test.co.id').executeTakeFirstOrThrow();
  const actor = (await actorForUser(db, u.id, 'user'))!;
  return { ctx: server.services.ctx(actor), dev: requirePermission(actor, 'developer.access') };
}

describe('terminal commands through the real agent', () => {
  it('uploads the mapped users to each terminal and backs its users up; the backup downloads', async () => {
    const db = server.tdb.db;
    const u = await createUser(server.services.ctx(null), {
      email: 'dev@test.co.id',
      password: 'dev-pass-123456',
      roles: ['superadmin'],
    });
    const actor = (await actorForUser(db, u.id, 'user'))!;
    const ctx = server.services.ctx(actor);
    const dev = requirePermission(actor, 'developer.access');
    const zkDev = await createDevice(ctx, dev, {
      name: 'Gate ZK',
      driver: 'zk',
      address: '127.0.0.1',
      port: 4370,
      serial: zk.device.serial,
    });
    const elDev = await createDevice(ctx, dev, {
      name: 'Gate EL',
      driver: 'easylink',
      address: '127.0.0.1',
      port: 7005,
      serial: 'CMDEL0001',
    });
    const org = await makeOrg(db);
    const siti = await makeEmployee(db, org, { dept: 0 }, 'Siti Rahma');
    const budi = await makeEmployee(db, org, { dept: 0 }, 'Budi Santoso');
    // A company-wide PIN longer than 9 characters (zkteco-js would cut it), and one for the ZK terminal only.
    await db.insertInto('attendance_pins').values({ pin: 'EMP-000123456', device_serial: null, employee_id: siti }).execute();
    await db.insertInto('attendance_pins').values({ pin: '777', device_serial: zk.device.serial, employee_id: budi }).execute();

    for (const d of [zkDev, elDev]) {
      await queueDeviceCommand(ctx, dev, { id: d.id, kind: 'upload-users' });
      await queueDeviceCommand(ctx, dev, { id: d.id, kind: 'backup-users' });
    }
    const zkUsersBefore = zk.device.users.length;

    const a = agent();
    expect(await a.runCommands()).toBe(4);
    // Nothing is left pending: a second round finds nothing.
    expect(await a.runCommands()).toBe(0);

    // On the terminals: the new users, with their full ids and names.
    const onZk = zk.device.users.map((x) => [x.userId, x.name]);
    expect(onZk).toContainEqual(['EMP-000123456', 'Siti Rahma']);
    expect(onZk).toContainEqual(['777', 'Budi Santoso']);
    expect(zk.device.users).toHaveLength(zkUsersBefore + 2);
    const onEl = el.device.users.map((x) => [x.userId, x.name]);
    expect(onEl).toContainEqual(['EMP-000123456', 'Siti Rahma']);
    expect(onEl.find(([pin]) => pin === '777')).toBeUndefined();

    // On the server: every command done; the backups hold every user of the terminal.
    const zkCmds = await listDeviceCommands(ctx, dev, { id: zkDev.id });
    expect(zkCmds.map((c) => [c.kind, c.status, c.users])).toEqual([
      ['backup-users', 'done', zkUsersBefore + 2],
      ['upload-users', 'done', 2],
    ]);
    const zkBackup = await downloadDeviceBackup(ctx, dev, { id: zkCmds[0]!.id });
    const zkFile = JSON.parse(Buffer.from(zkBackup.base64, 'base64').toString('utf8'));
    expect(zkBackup.contentType).toBe('application/json');
    expect(zkFile.serial).toBe(zk.device.serial);
    expect(zkFile.users.map((x: { pin: string }) => x.pin).sort()).toEqual(zk.device.users.map((x) => x.userId).sort());
    // With every fingerprint template the terminal holds (CMD_DB_RRQ / FCT_FINGERTMP), bytes intact.
    const zkTemplates = zkFile.users.flatMap((x: { templates: unknown[] }) => x.templates);
    expect(zkTemplates.length).toBeGreaterThanOrEqual(3);
    expect(zkTemplates).toHaveLength(zk.device.templates.length);
    for (const t of zk.device.templates) {
      const pin = zk.device.users.find((x) => x.uid === t.uid)!.userId;
      expect(zkFile.users.find((x: { pin: string }) => x.pin === pin).templates).toContainEqual({
        pin,
        fingerIndex: t.fid,
        valid: 1,
        template: t.template.toString('base64'),
      });
    }
    expect(zkFile.users.find((x: { pin: string }) => x.pin === '777')).toMatchObject({ name: 'Budi Santoso', templates: [] });

    const elCmds = await listDeviceCommands(ctx, dev, { id: elDev.id });
    expect(elCmds.map((c) => [c.kind, c.status])).toEqual([
      ['backup-users', 'done'],
      ['upload-users', 'done'],
    ]);
    const elFile = JSON.parse(
      Buffer.from((await downloadDeviceBackup(ctx, dev, { id: elCmds[0]!.id })).base64, 'base64').toString(),
    );
    expect(elFile.users).toHaveLength(el.device.users.length);
    expect(elFile.users.find((x: { pin: string }) => x.pin === 'EMP-000123456')).toMatchObject({
      name: 'Siti Rahma',
      templates: [],
    });
    // The EasyLink terminal's templates come as Fingerspot gives them (pin, idx, alg_ver, template).
    const elTemplates = elFile.users.flatMap((x: { templates: unknown[] }) => x.templates);
    expect(elTemplates).toHaveLength(el.device.templates.length);
    for (const t of el.device.templates) {
      const pin = el.device.users.find((x) => x.uid === t.uid)!.userId;
      expect(elTemplates).toContainEqual({ pin, idx: t.fid, alg_ver: 39, template: t.template.toString('base64') });
    }
  }, 60_000);

  it('a full terminal (templates of 2,000 users, megabytes) is backed up; a proxy refusing it makes the command fail, not repeat', async () => {
    const { ctx, dev } = await developer();
    const big = await new ZkSimulator({ port: 0, users: 2000, records: 0, seed: 13, fingerprintUsers: 2000 }).start();
    try {
      const d = await createDevice(ctx, dev, {
        name: 'Gate big',
        driver: 'zk',
        address: '127.0.0.1',
        port: 4370,
        serial: big.device.serial,
      });
      const gate = [{ name: 'Gate big', driver: 'zk', address: `127.0.0.1:${big.port}`, serial: big.device.serial }];
      await queueDeviceCommand(ctx, dev, { id: d.id, kind: 'backup-users' });
      expect(await agent(gate).runCommands()).toBe(1);
      const [done] = await listDeviceCommands(ctx, dev, { id: d.id });
      expect(done).toMatchObject({ kind: 'backup-users', status: 'done', hasBackup: true, users: 2000 });

      // Behind a proxy with a smaller body limit (e.g. nginx's client_max_body_size), the result is refused with
      // 413: the agent reports the command failed with the reason, and it is not handed out again.
      const proxy: typeof fetch = async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        const body = typeof init?.body === 'string' ? init.body : '';
        if (url.includes('/result') && body.length > 1024 * 1024)
          return new Response('<html>413 Request Entity Too Large</html>', { status: 413 });
        return fetch(input, init);
      };
      await queueDeviceCommand(ctx, dev, { id: d.id, kind: 'backup-users' });
      const a = agent(gate, proxy);
      expect(await a.runCommands()).toBe(1);
      const [last] = await listDeviceCommands(ctx, dev, { id: d.id });
      expect(last).toMatchObject({ kind: 'backup-users', status: 'failed', hasBackup: false });
      expect(last!.error).toMatch(/^the server refused the result: HTTP 413/);
      expect(await a.runCommands()).toBe(0);
    } finally {
      await big.stop();
    }
  }, 60_000);

  it('a command for a terminal that does not answer is reported failed', async () => {
    const db = server.tdb.db;
    const { ctx, dev } = await developer();
    const zkDev = (
      await db.selectFrom('fingerspot_devices').select('id').where('serial', '=', zk.device.serial).executeTakeFirstOrThrow()
    ).id;
    await queueDeviceCommand(ctx, dev, { id: zkDev, kind: 'backup-users' });
    await zk.stop();
    expect(await agent().runCommands()).toBe(1);
    const [last] = await listDeviceCommands(ctx, dev, { id: zkDev });
    expect(last).toMatchObject({ kind: 'backup-users', status: 'failed', hasBackup: false });
    expect(last!.error).toMatch(/connect/);
  }, 60_000);
});
