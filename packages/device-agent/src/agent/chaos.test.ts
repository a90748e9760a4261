import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseAgentConfig } from '../config';
import { naiveNowIn } from '../drivers/types';
import { EasyLinkSimulator } from '../simulator/easylink/server';
import { formatNaive } from '../simulator/zk/protocol';
import { ZkSimulator, type ZkSimulatorOptions } from '../simulator/zk/server';
import { Agent, invalidReason } from './agent';
import { punchKey } from './outbox';
import { readState } from './state';
import { TestIngestServer } from './testing';

// Chaos tests: the real agent polls the simulator through the real drivers and uploads to
// an ingest server with a real dedup set. After each fault heals and the agent re-polls,
// the server must hold every punch exactly once.

const dirs: string[] = [];
const sims: { stop(): Promise<void> }[] = [];
let ingest: TestIngestServer;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  ingest = await new TestIngestServer().start();
});
afterAll(async () => {
  await ingest.stop();
  vi.restoreAllMocks();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.stop()));
  ingest.stored.clear();
  ingest.received.clear();
  ingest.batches.length = 0;
  ingest.downRetryAfter = null;
  ingest.badRequests = 0;
});

async function zk(opts: ZkSimulatorOptions): Promise<ZkSimulator> {
  const sim = await new ZkSimulator({ port: 0, users: 20, ...opts }).start();
  sims.push(sim);
  return sim;
}

interface DevSpec {
  name?: string;
  driver?: 'zk' | 'easylink';
  port: number;
  serial?: string;
  commKey?: number;
  clearLogAfterUpload?: boolean;
  realtime?: boolean;
}

function agentFor(devs: DevSpec[], dir = mkdtempSync(path.join(tmpdir(), 'hr-agent-chaos-'))): Agent {
  dirs.push(dir);
  const { config } = parseAgentConfig({
    devices: devs.map((d, i) => ({
      name: d.name ?? `Gate ${i + 1}`,
      driver: d.driver ?? 'zk',
      address: `127.0.0.1:${d.port}`,
      serial: d.serial,
      commKey: d.commKey,
      clearLogAfterUpload: d.clearLogAfterUpload,
      realtime: d.realtime,
      timeoutSeconds: 1,
    })),
    server: { url: ingest.url },
    oauth: { clientId: ingest.clientId, clientSecret: ingest.clientSecret },
    agent: { name: 'chaos-agent', dataDir: dir, overlapHours: 48, batchSize: 500 },
  });
  return new Agent({
    config,
    logger: pino({ level: 'silent' }),
    uploadBackoff: { baseMs: 5, maxMs: 50 },
    random: () => 0.5,
  });
}

/** The keys of every real punch the simulated terminal holds. */
const punchesOf = (sim: { device: ZkSimulator['device'] }) => {
  const now = naiveNowIn('Asia/Jakarta');
  return new Set(
    sim.device.log
      .filter((r) => invalidReason(r, now) === null)
      .map((r) => punchKey({ deviceSerial: sim.device.serial, pin: r.userId, localTime: formatNaive(r.time) })),
  );
};

/** The server holds exactly these punches, each stored once. */
function expectExactlyOnce(expected: Set<string>) {
  expect(ingest.stored.size).toBe(expected.size);
  const missing = [...expected].filter((k) => !ingest.stored.has(k));
  expect(missing).toEqual([]);
}

async function pollAndDrain(agent: Agent): Promise<void> {
  expect((await agent.pollAll()).every(Boolean)).toBe(true);
  expect(await agent.drain()).toEqual({ retryMs: 0 });
}

describe('fault-free', () => {
  it('delivers a 20,000-record log in batches of 500 with the clock skew, and a re-poll sends nothing new', async () => {
    const sim = await zk({ records: 20_000, clockSkewMs: 90_000 });
    const agent = agentFor([{ port: sim.port }]);
    await pollAndDrain(agent);
    expectExactlyOnce(punchesOf(sim));
    expect(ingest.batches).toHaveLength(40);
    expect(ingest.batches.every((b) => b.count === 500 && b.agent === 'chaos-agent')).toBe(true);
    expect(ingest.batches[0]!.clockSkewMs).toBeGreaterThan(88_000);
    expect(ingest.batches[0]!.clockSkewMs).toBeLessThan(92_000);
    const st = readState(agent.dataDir).devices['Gate 1']!;
    expect(st).toMatchObject({
      serial: sim.device.serial,
      lastLogCount: 20_000,
      highWaterMark: formatNaive(sim.device.log.at(-1)!.time),
    });
    const sent = ingest.batches.length;
    await pollAndDrain(agent);
    expect(ingest.batches).toHaveLength(sent);
  });

  it('logs in with the comm key, and refuses a wrong one', async () => {
    const sim = await zk({ records: 50, commKey: 4321 });
    const wrong = agentFor([{ port: sim.port, commKey: 1234 }]);
    expect(await wrong.poll('Gate 1')).toBe(false);
    expect(readState(wrong.dataDir).devices['Gate 1']!.lastError).toContain('refused the comm key');
    await pollAndDrain(agentFor([{ port: sim.port, commKey: 4321 }]));
    expectExactlyOnce(punchesOf(sim));
  });

  it('refuses a terminal whose serial differs from the configuration', async () => {
    const sim = await zk({ records: 5 });
    const agent = agentFor([{ port: sim.port, serial: 'OTHER-1' }]);
    expect(await agent.poll('Gate 1')).toBe(false);
    expect(readState(agent.dataDir).devices['Gate 1']!.lastError).toContain(`has serial ${sim.device.serial}, not OTHER-1`);
  });
});

describe.each<{ name: string; records: number; fault: ZkSimulatorOptions['faults']; heal?: (s: ZkSimulator) => void }>([
  {
    name: 'connection dropped after byte 30,000 of slice 1',
    records: 3000,
    fault: { dropAt: { slice: 1, byte: 30_000, times: 1 } },
  },
  {
    name: 'connection dropped inside the PREPARE_DATA frame of slice 0',
    records: 3000,
    fault: { dropAt: { slice: 0, byte: 10, times: 1 } },
  },
  {
    name: 'stall in the middle of slice 0',
    records: 2000,
    fault: { stallAt: { phase: 'slice', slice: 0, byte: 5000, times: 1 } },
  },
  { name: 'stall during CONNECT', records: 100, fault: { stallAt: { phase: 'connect', times: 1 } } },
  {
    name: 'connection reset on accept',
    records: 100,
    fault: { resetOnConnect: true },
    heal: (s) => delete s.faults.resetOnConnect,
  },
  { name: 'accepted but never answered', records: 100, fault: { silentAccept: true }, heal: (s) => delete s.faults.silentAccept },
  {
    name: 'a log count that differs from the records read',
    records: 2000,
    fault: { extraLogCount: 1 },
    heal: (s) => delete s.faults.extraLogCount,
  },
])('fault: $name', ({ records, fault, heal }) => {
  it('refuses the broken read, then delivers every punch exactly once after the fault heals', async () => {
    const sim = await zk({ records, faults: structuredClone(fault) });
    const agent = agentFor([{ port: sim.port }]);
    expect(await agent.poll('Gate 1')).toBe(false);
    const st = readState(agent.dataDir).devices['Gate 1']!;
    expect(st).toMatchObject({ consecutiveFailures: 1 });
    expect(st.lastLogCount).toBeUndefined();
    expect(agent.outbox.size).toBe(0);
    heal?.(sim);
    await pollAndDrain(agent);
    expectExactlyOnce(punchesOf(sim));
  });
});

describe('faults the agent reads through', () => {
  it.each<{ name: string; fault: ZkSimulatorOptions['faults'] }>([
    { name: 'frames of a slice coalesced into one TCP write', fault: { coalesce: true } },
    { name: 'a slow link (300 kB/s) with 20 ms latency per frame', fault: { bytesPerSecond: 300_000, frameDelayMs: 20 } },
  ])('$name: every punch on the first poll', async ({ fault }) => {
    const sim = await zk({ records: 3000, faults: fault });
    const agent = agentFor([{ port: sim.port }]);
    await pollAndDrain(agent);
    expectExactlyOnce(punchesOf(sim));
  });

  it('connection refused while the terminal is off', async () => {
    const sim = await zk({ records: 200 });
    const agent = agentFor([{ port: sim.port }]);
    await sim.setRefusing(true);
    expect(await agent.poll('Gate 1')).toBe(false);
    expect(readState(agent.dataDir).devices['Gate 1']!.lastError).toContain('ECONNREFUSED');
    await sim.setRefusing(false);
    await pollAndDrain(agent);
    expectExactlyOnce(punchesOf(sim));
  });

  it('duplicate punches seconds apart, punch state 255, ids longer than 9 characters, garbage records', async () => {
    const sim = await zk({ records: 400, longIds: true, duplicates: 6, state255Every: 7, garbage: 8 });
    const agent = agentFor([{ port: sim.port }]);
    await pollAndDrain(agent);
    const expected = punchesOf(sim);
    expect(expected.size).toBe(406);
    expectExactlyOnce(expected);
    const stored = [...ingest.stored.values()];
    expect(stored.every((p) => /^EMP-\d{9}$/.test(p.pin))).toBe(true);
    expect(stored.filter((p) => p.state === 255).length).toBeGreaterThan(50);
    const quarantine = readFileSync(path.join(agent.dataDir, 'quarantine.jsonl'), 'utf8').trim().split('\n');
    expect(quarantine).toHaveLength(8);
    expect(quarantine.map((l) => JSON.parse(l).reason.replace(/\d{4}-[\d-]+T[\d:]+/, 'T'))).toEqual(
      expect.arrayContaining([
        'blank user id',
        'user id is not printable ASCII',
        'time T is before 2001 (clock reset?)',
        'time T is more than a day in the future',
      ]),
    );
    // Re-polling neither re-sends nor re-quarantines.
    await pollAndDrain(agent);
    expect(readFileSync(path.join(agent.dataDir, 'quarantine.jsonl'), 'utf8').trim().split('\n')).toHaveLength(8);
    expect([...ingest.received.values()].every((n) => n === 1)).toBe(true);
  });

  it('clock skew is measured on every poll and sent with the batch', async () => {
    const sim = await zk({ records: 10, clockSkewMs: -2 * 3_600_000 });
    const agent = agentFor([{ port: sim.port }]);
    await pollAndDrain(agent);
    const skew = readState(agent.dataDir).devices['Gate 1']!.skewMs!;
    expect(Math.abs(skew + 7_200_000)).toBeLessThan(2000);
    expect(ingest.batches[0]!.clockSkewMs).toBe(skew);
  });

  it('a clock jump back by three days: punches older than the overlap window are still delivered', async () => {
    const sim = await zk({ records: 600 });
    const agent = agentFor([{ port: sim.port }]);
    await pollAndDrain(agent);
    const hwm = sim.device.log.at(-1)!.time;
    sim.device.jumpClock(hwm - 3 * 86_400_000);
    for (const u of ['1001', '1002', '1003']) sim.device.punch(u);
    await pollAndDrain(agent);
    expectExactlyOnce(punchesOf(sim));
  });

  it('the log cleared between polls (and refilled past the old count)', async () => {
    const sim = await zk({ records: 300 });
    const agent = agentFor([{ port: sim.port }]);
    await pollAndDrain(agent);
    const before = punchesOf(sim);
    sim.device.clearLog();
    sim.device.jumpClock(sim.device.log.at(-1)?.time ?? Date.UTC(2026, 10, 21, 8));
    for (let i = 0; i < 320; i++) sim.device.punch(String(1001 + (i % 20)), { time: Date.UTC(2026, 9, 1, 8) + i * 60_000 });
    await pollAndDrain(agent);
    expectExactlyOnce(new Set([...before, ...punchesOf(sim)]));
  });

  it('the log cleared right after a read (before the agent polls again)', async () => {
    const sim = await zk({ records: 300, faults: { clearLogAfterRead: true } });
    const agent = agentFor([{ port: sim.port }]);
    await pollAndDrain(agent);
    expect(sim.device.log).toHaveLength(0);
    expect(ingest.stored.size).toBe(300);
    sim.device.punch('1005');
    await pollAndDrain(agent);
    expect(ingest.stored.size).toBe(301);
  });
});

describe('server faults', () => {
  it('server down (503 + Retry-After): the agent waits as told, then delivers everything once', async () => {
    const sim = await zk({ records: 1200 });
    const agent = agentFor([{ port: sim.port }]);
    expect(await agent.poll('Gate 1')).toBe(true);
    ingest.downRetryAfter = 2;
    const r = await agent.drain();
    expect(r.retryMs).toBeGreaterThanOrEqual(2000);
    expect(readState(agent.dataDir).upload.lastError).toContain('503');
    expect(agent.outbox.size).toBe(1200);
    // Polling goes on while the server is down; nothing is read twice into the outbox.
    sim.device.punch('1001');
    expect(await agent.poll('Gate 1')).toBe(true);
    expect(agent.outbox.size).toBe(1201);
    ingest.downRetryAfter = null;
    expect(await agent.drain()).toEqual({ retryMs: 0 });
    expectExactlyOnce(punchesOf(sim));
  });

  it('a batch answered 400 GL0001 is set aside once, never retried forever', async () => {
    const sim = await zk({ records: 700 });
    const agent = agentFor([{ port: sim.port }]);
    expect(await agent.poll('Gate 1')).toBe(true);
    ingest.badRequests = 1;
    expect(await agent.drain()).toEqual({ retryMs: 0 });
    expect(ingest.stored.size).toBe(200);
    const q = readFileSync(path.join(agent.dataDir, 'quarantine.jsonl'), 'utf8').trim().split('\n');
    expect(q).toHaveLength(500);
    expect(JSON.parse(q[0]!).reason).toContain('GL0001');
  });

  it('a revoked token (401) is replaced by a new one', async () => {
    const sim = await zk({ records: 30 });
    const agent = agentFor([{ port: sim.port }]);
    await pollAndDrain(agent);
    const issued = ingest.tokensIssued;
    ingest.validToken = 'tok-rotated';
    sim.device.punch('1003');
    await pollAndDrain(agent);
    expect(ingest.tokensIssued).toBe(issued + 1);
    expectExactlyOnce(punchesOf(sim));
  });

  it('the outbox survives a restart: a new agent on the same data dir uploads what the old one read', async () => {
    const sim = await zk({ records: 900 });
    const first = agentFor([{ port: sim.port }]);
    expect(await first.poll('Gate 1')).toBe(true);
    const second = agentFor([{ port: sim.port }], first.dataDir);
    expect(second.outbox.size).toBe(900);
    await pollAndDrain(second);
    expectExactlyOnce(punchesOf(sim));
    expect([...ingest.received.values()].every((n) => n === 1)).toBe(true);
  });
});

describe('devices', () => {
  it('a dead terminal does not hold up a healthy one', async () => {
    const dead = await zk({ records: 10, faults: { silentAccept: true } });
    const ok = await zk({ records: 500, seed: 2 });
    const agent = agentFor([{ port: dead.port }, { port: ok.port }]);
    const order: string[] = [];
    await Promise.all([agent.poll('Gate 1').then(() => order.push('dead')), agent.poll('Gate 2').then(() => order.push('ok'))]);
    expect(order).toEqual(['ok', 'dead']);
    expect(await agent.drain()).toEqual({ retryMs: 0 });
    expectExactlyOnce(punchesOf(ok));
  });

  it('clears the log only when configured, and only after the server confirmed every punch', async () => {
    const sim = await zk({ records: 800 });
    const agent = agentFor([{ port: sim.port, clearLogAfterUpload: true }]);
    expect(await agent.poll('Gate 1')).toBe(true);
    ingest.downRetryAfter = 1;
    await agent.drain();
    expect(sim.device.log).toHaveLength(800);
    ingest.downRetryAfter = null;
    const all = punchesOf(sim);
    await agent.drain();
    expect(sim.device.log).toHaveLength(0);
    expectExactlyOnce(all);
    sim.device.punch('1002');
    await pollAndDrain(agent);
    expect(ingest.stored.size).toBe(801);
  });

  it('a real-time punch makes the running agent poll at once, long before the poll interval', async () => {
    const sim = await zk({ records: 100 });
    const agent = agentFor([{ port: sim.port, realtime: true }]);
    agent.start();
    try {
      await vi.waitFor(() => expect(ingest.stored.size).toBe(100), { timeout: 10_000, interval: 50 });
      await vi.waitFor(() => expect(sim.received.filter((c) => c === 500)).toHaveLength(1), { timeout: 5000, interval: 20 });
      const rec = sim.device.punch('1004');
      await vi.waitFor(() => expect(ingest.stored.size).toBe(101), { timeout: 5000, interval: 50 });
      expect(
        ingest.stored.has(punchKey({ deviceSerial: sim.device.serial, pin: '1004', localTime: formatNaive(rec.time) })),
      ).toBe(true);
    } finally {
      await agent.stop();
    }
    expectExactlyOnce(punchesOf(sim));
  });

  it('never clears a log unless configured', async () => {
    const sim = await zk({ records: 100 });
    await pollAndDrain(agentFor([{ port: sim.port }]));
    expect(sim.device.log).toHaveLength(100);
  });

  it('reads an EasyLink bridge page by page without the consuming /scanlog/new', async () => {
    const el = await new EasyLinkSimulator({ port: 0, users: 10, records: 250, seed: 4, faults: { busyNext: 1 } }).start();
    sims.push(el);
    const agent = agentFor([{ driver: 'easylink', port: el.port, serial: el.device.serial }]);
    await pollAndDrain(agent);
    expectExactlyOnce(punchesOf(el));
    expect(el.calls).not.toContain('/scanlog/new');
    el.faults.failNext = 1;
    expect(await agent.poll('Gate 1')).toBe(false);
    el.device.punch('1004');
    await pollAndDrain(agent);
    expectExactlyOnce(punchesOf(el));
  });
});
