import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, invalidReason } from '../../../packages/device-agent/src/agent/agent';
import { punchKey } from '../../../packages/device-agent/src/agent/outbox';
import { clearQuarantine, requestRetry } from '../../../packages/device-agent/src/agent/quarantine';
import { describeStatus, readStatus } from '../../../packages/device-agent/src/agent/status';
import { parseAgentConfig } from '../../../packages/device-agent/src/config';
import { naiveNowIn } from '../../../packages/device-agent/src/drivers/types';
import { formatNaive } from '../../../packages/device-agent/src/simulator/zk/protocol';
import { ZkSimulator } from '../../../packages/device-agent/src/simulator/zk/server';
import { requirePermission } from '@hr/core/access';
import { actorForUser, createCredential, updateCredential } from '@hr/core/auth';
import { createDevice, getDevice } from '@hr/core/devices';
import { RealServer } from './real-server';

// Issue 19 item 18, end to end: a simulated terminal → the real hr-agent → the REAL server with a
// credential bound to ANOTHER terminal. The server refuses the punches per item; the agent keeps
// them in its quarantine (counted and listed by `hr-agent status`), the terminal's page on the
// server shows the refusal, and once the binding is fixed `hr-agent quarantine retry` uploads them
// exactly once.

const dirs: string[] = [];
let server: RealServer;
let sim: ZkSimulator;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  server = await (await RealServer.create()).start();
  sim = await new ZkSimulator({ port: 0, users: 5, records: 40, seed: 5, serial: 'QZK0001' }).start();
}, 120_000);
afterAll(async () => {
  await sim?.stop();
  await server?.destroy();
  vi.restoreAllMocks();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function developer() {
  const u = await server.tdb.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'agent-owner@test.co.id')
    .executeTakeFirstOrThrow();
  const actor = (await actorForUser(server.tdb.db, u.id, 'user'))!;
  return { ctx: server.services.ctx(actor), dev: requirePermission(actor, 'developer.access') };
}

describe('punches refused for a credential bound to another terminal', () => {
  it('are quarantined, listed by status, shown on the terminal page, and uploaded once after a retry', async () => {
    const { ctx, dev } = await developer();
    const gate = await createDevice(ctx, dev, {
      name: 'Gate bound',
      driver: 'zk',
      address: '10.0.0.9',
      port: 4370,
      serial: 'SN-BOUND',
      companyOfficeId: null,
    });
    const polled = await createDevice(ctx, dev, {
      name: 'Gate polled',
      driver: 'zk',
      address: '127.0.0.1',
      port: sim.port,
      serial: 'QZK0001',
      companyOfficeId: null,
    });
    const cred = await createCredential(ctx, dev, { name: 'gate pc', scopes: ['ingest'], deviceId: gate.id });

    const dir = mkdtempSync(path.join(tmpdir(), 'hr-agent-quarantine-'));
    dirs.push(dir);
    const { config } = parseAgentConfig({
      devices: [{ name: 'Gate polled', driver: 'zk', address: `127.0.0.1:${sim.port}`, timeoutSeconds: 2 }],
      server: { url: server.url },
      oauth: { clientId: cred.clientId, clientSecret: cred.clientSecret },
      agent: { name: 'quarantine-agent', dataDir: dir, overlapHours: 48, batchSize: 500 },
    });
    const agent = new Agent({ config, logger: pino({ level: 'silent' }), uploadBackoff: { baseMs: 5, maxMs: 50 } });
    const now = naiveNowIn('Asia/Jakarta');
    const expected = new Set(
      sim.device.log
        .filter((r) => invalidReason(r, now) === null)
        .map((r) => punchKey({ deviceSerial: 'QZK0001', pin: r.userId, localTime: formatNaive(r.time) })),
    );
    expect(expected.size).toBeGreaterThan(10);

    expect((await agent.pollAll()).every(Boolean)).toBe(true);
    expect(await agent.drain()).toEqual({ retryMs: 0 });
    expect((await server.punchCounts()).size).toBe(0);

    // The agent kept every refused punch and says so.
    const status = readStatus(config);
    expect(status.quarantined).toBe(expected.size);
    expect(status.quarantine.retryable).toBe(expected.size);
    expect(status.outbox).toBe(0);
    const text = describeStatus(status).join('\n');
    expect(text).toContain(`Quarantined   ${expected.size}`);
    expect(text).toContain('hr-agent quarantine retry');
    expect(text).toContain(
      `${expected.size} rejected from QZK0001: deviceSerial: this credential may only upload punches of terminal SN-BOUND`,
    );

    // The server shows the refusal on the polled terminal's page.
    const page = await getDevice(ctx, dev, { id: polled.id });
    expect(page.refusals).toEqual([
      expect.objectContaining({ kind: 'credential-bound-elsewhere', boundSerial: 'SN-BOUND', punches: expected.size }),
    ]);

    // Polling again neither re-sends nor re-quarantines: the quarantine waits for a person.
    expect((await agent.pollAll()).every(Boolean)).toBe(true);
    expect(await agent.drain()).toEqual({ retryMs: 0 });
    expect(readStatus(config).quarantined).toBe(expected.size);
    expect((await getDevice(ctx, dev, { id: polled.id })).refusals[0]!.punches).toBe(expected.size);

    // The binding is fixed on the server; the person asks for a retry: every punch arrives once.
    await updateCredential(ctx, dev, { id: cred.id, deviceId: polled.id });
    requestRetry(dir);
    expect(await agent.drain()).toEqual({ retryMs: 0 });
    const stored = await server.punchCounts();
    expect(new Set(stored.keys())).toEqual(expected);
    expect([...stored.values()].every((n) => n === 1)).toBe(true);
    expect(readStatus(config).quarantined).toBe(0);
    expect(existsSync(path.join(dir, 'quarantine-retry.request'))).toBe(false);

    // A restarted agent does not send them again (they are confirmed in the journal).
    const again = new Agent({ config, logger: pino({ level: 'silent' }) });
    expect(again.outbox.size).toBe(0);
    expect(clearQuarantine(dir)).toEqual({ cleared: 0, archive: null });
  }, 60_000);

  it('clear sets the quarantine aside for good (archived, no longer counted)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hr-agent-quarantine-'));
    dirs.push(dir);
    const { config } = parseAgentConfig({
      devices: [{ name: 'Gate polled', driver: 'zk', address: `127.0.0.1:${sim.port}`, timeoutSeconds: 2, serial: 'QZK0001' }],
      server: { url: server.url },
      oauth: { clientId: 'cid_nobody', clientSecret: 'wrong' },
      agent: { name: 'quarantine-agent', dataDir: dir },
    });
    // Records a terminal holds that cannot be punches are quarantined at the poll.
    sim.device.log.push({ ...sim.device.log[0]!, userId: '   ', time: sim.device.log[0]!.time });
    try {
      const agent = new Agent({ config, logger: pino({ level: 'silent' }) });
      expect((await agent.pollAll()).every(Boolean)).toBe(true);
      expect(readStatus(config).quarantine.groups).toEqual([expect.objectContaining({ kind: 'invalid', count: 1 })]);
      const { cleared, archive } = clearQuarantine(dir);
      expect(cleared).toBe(1);
      expect(existsSync(archive!)).toBe(true);
      expect(readStatus(config).quarantined).toBe(0);
    } finally {
      sim.device.log.pop();
    }
  }, 60_000);
});
