import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, invalidReason } from '../../../packages/device-agent/src/agent/agent';
import { punchKey } from '../../../packages/device-agent/src/agent/outbox';
import { readQuarantine } from '../../../packages/device-agent/src/agent/quarantine';
import { parseAgentConfig } from '../../../packages/device-agent/src/config';
import { naiveNowIn } from '../../../packages/device-agent/src/drivers/types';
import { EasyLinkSimulator } from '../../../packages/device-agent/src/simulator/easylink/server';
import { formatNaive } from '../../../packages/device-agent/src/simulator/zk/protocol';
import { type ZkFaults, ZkSimulator, type ZkSimulatorOptions } from '../../../packages/device-agent/src/simulator/zk/server';
import { createDevice, getDevice } from '@hr/core/devices';
import { requirePermission } from '@hr/core/access';
import { actorForUser } from '@hr/core/auth';
import { RealServer } from './real-server';

// End to end: simulated terminals → the real hr-agent → the REAL server (buildApp, OAuth client
// credentials, POST /v2/h/attendance/punch/ingest) → rows in the punches table. After each case
// the table must hold every real punch of the terminals exactly once, and nothing else.

const dirs: string[] = [];
const sims: { stop(): Promise<void> }[] = [];
let server: RealServer;

beforeAll(async () => {
  // zkteco-js prints its own errors on faulty reads.
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  server = await (await RealServer.create()).start();
}, 120_000);
afterAll(async () => {
  await server?.destroy();
  vi.restoreAllMocks();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.stop()));
  if (!server.app) await server.start();
  await server.tdb.db.deleteFrom('punches').execute();
});

async function zk(opts: ZkSimulatorOptions): Promise<ZkSimulator> {
  const sim = await new ZkSimulator({ port: 0, users: 20, ...opts }).start();
  sims.push(sim);
  return sim;
}

interface DevSpec {
  driver?: 'zk' | 'easylink';
  port: number;
  serial?: string;
}

function agentFor(devs: DevSpec[], name = 'e2e-agent'): Agent {
  const dir = mkdtempSync(path.join(tmpdir(), 'hr-agent-e2e-'));
  dirs.push(dir);
  const { config } = parseAgentConfig({
    devices: devs.map((d, i) => ({
      name: `Gate ${i + 1}`,
      driver: d.driver ?? 'zk',
      address: `127.0.0.1:${d.port}`,
      serial: d.serial,
      timeoutSeconds: 2,
    })),
    server: { url: server.url },
    oauth: { clientId: server.clientId, clientSecret: server.clientSecret },
    agent: { name, dataDir: dir, overlapHours: 48, batchSize: 500 },
  });
  return new Agent({ config, logger: pino({ level: 'silent' }), uploadBackoff: { baseMs: 5, maxMs: 50 }, random: () => 0.5 });
}

/** The keys of every real punch a simulated terminal holds (what must reach the database). */
function punchesOf(device: ZkSimulator['device']): Set<string> {
  const now = naiveNowIn('Asia/Jakarta');
  return new Set(
    device.log
      .filter((r) => invalidReason(r, now) === null)
      .map((r) => punchKey({ deviceSerial: device.serial, pin: r.userId, localTime: formatNaive(r.time) })),
  );
}

/** The punches table holds exactly these punches, each once. */
async function expectExactlyOnce(expected: Set<string>) {
  const stored = await server.punchCounts();
  const missing = [...expected].filter((k) => !stored.has(k));
  const extra = [...stored.keys()].filter((k) => !expected.has(k));
  const doubled = [...stored].filter(([, n]) => n !== 1);
  expect({ missing: missing.length, extra: extra.length, doubled: doubled.length }).toEqual({ missing: 0, extra: 0, doubled: 0 });
  expect(stored.size).toBe(expected.size);
}

async function pollAndDrain(agent: Agent): Promise<void> {
  expect((await agent.pollAll()).every(Boolean)).toBe(true);
  expect(await agent.drain()).toEqual({ retryMs: 0 });
}

/** Polls (re-polling failed reads, as the agent's loop does) until every device was read, then drains. */
async function pollUntilRead(agent: Agent, tries = 6): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if ((await agent.pollAll()).every(Boolean)) break;
  }
  expect((await agent.pollAll()).every(Boolean)).toBe(true);
  expect(await agent.drain()).toEqual({ retryMs: 0 });
}

describe('simulator → agent → real server → punches table', () => {
  it('a ZK terminal (3,000 records, 2 slices) and an EasyLink bridge: every punch exactly once; the device detail shows them', async () => {
    const a = await zk({ records: 3_000, seed: 11, serial: 'E2EZK0001', clockSkewMs: 120_000 });
    const b = await new EasyLinkSimulator({ port: 0, records: 250, seed: 12, serial: 'E2EEL0001' }).start();
    sims.push(b);
    const agent = agentFor([{ port: a.port }, { driver: 'easylink', port: b.port, serial: 'E2EEL0001' }]);
    await pollAndDrain(agent);
    const expected = new Set([...punchesOf(a.device), ...punchesOf(b.device)]);
    expect(expected.size).toBe(3_250);
    await expectExactlyOnce(expected);
    expect(readQuarantine(agent.dataDir).filter((e) => e.kind === 'rejected')).toEqual([]);

    // A second poll re-reads the overlap window; the server answers duplicates and stores nothing new.
    await pollAndDrain(agent);
    await expectExactlyOnce(expected);

    // The registry's detail counts the terminal's punches (all PINs unmapped here).
    const owner = await server.tdb.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'agent-owner@test.co.id')
      .executeTakeFirstOrThrow();
    const actor = (await actorForUser(server.tdb.db, owner.id, 'user'))!;
    const ctx = server.services.ctx(actor);
    const grant = requirePermission(actor, 'developer.access');
    const dev = await createDevice(ctx, grant, {
      name: 'E2E gate',
      driver: 'zk',
      address: '127.0.0.1',
      port: a.port,
      serial: 'E2EZK0001',
    });
    const detail = await getDevice(ctx, grant, { id: dev.id });
    expect(detail.logCounts).toMatchObject({ total: 3_000, mapped: 0, unmapped: 3_000 });
    expect(detail.unmappedPins.length).toBe(20);
  }, 120_000);

  it('the same punches from two agents are stored once', async () => {
    const sim = await zk({ records: 1_200, seed: 21, serial: 'E2EZK0002' });
    const one = agentFor([{ port: sim.port }], 'agent-one');
    const two = agentFor([{ port: sim.port }], 'agent-two');
    // Both read the full log; their uploads interleave.
    expect((await one.pollAll()).every(Boolean)).toBe(true);
    expect((await two.pollAll()).every(Boolean)).toBe(true);
    const [r1, r2] = await Promise.all([one.drain(), two.drain()]);
    expect([r1, r2]).toEqual([{ retryMs: 0 }, { retryMs: 0 }]);
    await expectExactlyOnce(punchesOf(sim.device));
    // Every row was stored by one of the two agents; nothing was rejected.
    const agents = await server.tdb.db.selectFrom('punches').select('agent').distinct().execute();
    expect(agents.every((r) => /^agent-(one|two) /.test(r.agent ?? ''))).toBe(true);
    for (const a of [one, two]) expect(readQuarantine(a.dataDir).filter((e) => e.kind === 'rejected')).toEqual([]);
  }, 120_000);

  it('server down for a while: punches made meanwhile wait in the outbox and arrive once it is back on the same port', async () => {
    const sim = await zk({ records: 800, seed: 31, serial: 'E2EZK0003' });
    const agent = agentFor([{ port: sim.port }]);
    await pollAndDrain(agent);
    const port = server.port;

    await server.stop();
    // Live punches at the terminal while the server is down.
    for (const pin of ['1001', '1002', '1003', '1004', '1005']) sim.device.punch(pin);
    expect((await agent.pollAll()).every(Boolean)).toBe(true);
    const down = await agent.drain();
    expect(down.retryMs).toBeGreaterThan(0);
    expect(agent.outbox.size).toBeGreaterThan(0);

    await server.start();
    expect(server.port).toBe(port);
    // The agent retries after its backoff; the server has kept its database.
    await new Promise((r) => setTimeout(r, down.retryMs));
    expect(await agent.drain()).toEqual({ retryMs: 0 });
    expect(agent.outbox.size).toBe(0);
    await expectExactlyOnce(punchesOf(sim.device));
  }, 120_000);

  it('the agent killed mid-upload (the server stored a batch it never answered) and restarted: each punch once', async () => {
    const sim = await zk({ records: 2_000, seed: 41, serial: 'E2EZK0004' });
    const dir = mkdtempSync(path.join(tmpdir(), 'hr-agent-e2e-'));
    dirs.push(dir);
    const make = (fetchImpl?: typeof fetch) => {
      const { config } = parseAgentConfig({
        devices: [{ name: 'Gate 1', driver: 'zk', address: `127.0.0.1:${sim.port}`, timeoutSeconds: 2 }],
        server: { url: server.url },
        oauth: { clientId: server.clientId, clientSecret: server.clientSecret },
        agent: { name: 'restarted', dataDir: dir, batchSize: 300 },
      });
      return new Agent({
        config,
        logger: pino({ level: 'silent' }),
        uploadBackoff: { baseMs: 5, maxMs: 50 },
        random: () => 0.5,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      });
    };
    // The first process dies while its third batch is in flight: the server has stored it, but
    // the answer never reaches the agent, which therefore never marks the batch done.
    let ingests = 0;
    let dead = false;
    const dying: typeof fetch = async (input, init) => {
      if (dead) throw new Error('process killed');
      const res = await fetch(input, init);
      if (String(input).endsWith('/punch/ingest') && ++ingests === 3) {
        dead = true;
        throw new Error('process killed');
      }
      return res;
    };
    const first = make(dying);
    expect((await first.pollAll()).every(Boolean)).toBe(true);
    expect((await first.drain()).retryMs).toBeGreaterThan(0);
    await first.stop();
    const storedBefore = (await server.punchCounts()).size;
    expect(storedBefore).toBe(900);

    const second = make();
    expect(second.outbox.size).toBe(punchesOf(sim.device).size - 600);
    await pollAndDrain(second);
    await expectExactlyOnce(punchesOf(sim.device));
  }, 120_000);
});

describe('chaos faults through the real server', () => {
  // [name, fault, data options, whether the first read is refused]
  const faults: [string, ZkFaults, Partial<ZkSimulatorOptions>, boolean][] = [
    ['connection dropped after byte 30,000 of slice 1', { dropAt: { slice: 1, byte: 30_000, times: 1 } }, {}, true],
    ['frames coalesced into one TCP write (the wrapper reads them correctly)', { coalesce: true }, {}, false],
    ['stall mid-slice', { stallAt: { phase: 'slice', slice: 0, byte: 5_000, times: 1 } }, {}, true],
    ['reported log count differs from the log', { extraLogCount: 1 }, {}, true],
    ['connection reset on accept', { resetOnConnect: true }, {}, true],
    [
      'duplicates seconds apart, state 255, garbage records and ids longer than 9 characters',
      {},
      { duplicates: 30, state255Every: 7, garbage: 5, longIds: true },
      false,
    ],
  ];
  for (const [name, fault, data, refused] of faults) {
    it(name, async () => {
      const sim = await zk({ records: 3_500, seed: 51, serial: 'E2EZKCHAOS', ...data, faults: fault });
      const agent = agentFor([{ port: sim.port }]);
      // A faulty read is refused (nothing uploaded from it); heal the fault and re-poll.
      expect((await agent.pollAll()).every(Boolean)).toBe(!refused);
      sim.faults = {};
      await pollUntilRead(agent);
      await expectExactlyOnce(punchesOf(sim.device));
    }, 120_000);
  }
});
