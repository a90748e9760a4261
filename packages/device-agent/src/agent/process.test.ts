import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { EasyLinkDriver } from '../drivers/easylink';
import { ZkDriver } from '../drivers/zk';
import { ZkSimulator } from '../simulator/zk/server';
import { TestIngestServer } from './testing';

// The real `hr-agent` as a child process, as `pnpm agent …` and systemd run it.
const root = path.resolve(import.meta.dirname, '../../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'hr-agent-proc-'));
const children: ChildProcess[] = [];

interface Run {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exit: Promise<number | null>;
}

function run(args: string[]): Run {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('HR_AGENT_')) delete env[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/device-agent/src/main.ts', ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    err += d;
  });
  const exit = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return { child, out: () => out, err: () => err, exit };
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('hr-agent start (child process)', () => {
  it('killed mid-upload and restarted: every punch reaches the server exactly once', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sim = await new ZkSimulator({ port: 0, users: 20, records: 3000 }).start();
    const ingest = await new TestIngestServer().start();
    try {
      const dataDir = path.join(dir, 'data');
      const file = path.join(dir, 'agent.json');
      writeFileSync(
        file,
        JSON.stringify({
          devices: [{ name: 'Gate JKT', driver: 'zk', address: `127.0.0.1:${sim.port}`, timeoutSeconds: 2 }],
          server: { url: ingest.url },
          oauth: { clientId: ingest.clientId, clientSecret: ingest.clientSecret },
          agent: { name: 'proc-agent', dataDir, pollIntervalSeconds: 5 },
        }),
      );
      ingest.holdIngest = true;
      const uploading = new Promise<void>((r) => {
        ingest.onIngest = r;
      });
      const first = run(['start', '--config', file]);
      await uploading;
      first.child.kill('SIGKILL');
      await first.exit;
      expect(ingest.stored.size).toBe(0);
      // The read survived the crash in the outbox.
      const journal = readFileSync(path.join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n');
      expect(journal).toHaveLength(3000);

      ingest.holdIngest = false;
      ingest.onIngest = null;
      sim.device.punch('1007');
      // The server is down when the agent comes back, then recovers.
      ingest.downRetryAfter = 1;
      const second = run(['start', '--config', file]);
      // Wait until an upload (not only the command fetch) met the outage, so its retry is in the log.
      await vi.waitFor(() => expect(ingest.unavailableUploads).toBeGreaterThan(0), { timeout: 15_000, interval: 50 });
      expect(ingest.stored.size).toBe(0);
      ingest.downRetryAfter = null;
      await vi.waitFor(() => expect(ingest.stored.size).toBe(3001), { timeout: 20_000, interval: 100 });
      expect([...ingest.received.values()].every((n) => n === 1)).toBe(true);
      second.child.kill('SIGTERM');
      expect(await second.exit).toBe(0);
      const logs = second
        .out()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { msg: string });
      expect(logs.map((l) => l.msg)).toEqual(
        expect.arrayContaining([
          'agent started',
          'poll accepted',
          'upload failed; will retry',
          'batch uploaded',
          'agent stopped',
        ]),
      );

      const status = run(['status', '--config', file, '--json']);
      expect(await status.exit).toBe(0);
      expect(JSON.parse(status.out())).toMatchObject({
        outbox: 0,
        devices: [{ name: 'Gate JKT', serial: sim.device.serial, logCount: 3001, lastError: null, waiting: 0 }],
      });
      const text = run(['status', '--config', file]);
      expect(await text.exit).toBe(0);
      expect(text.out()).toContain('Outbox        0 punch(es) waiting');
      expect(text.out()).toMatch(
        new RegExp(
          `Gate JKT: serial ${sim.device.serial}  last poll \\S+  skew -?\\d+\\.\\d s  high-water mark \\S+  log 3001  waiting 0`,
        ),
      );
    } finally {
      await sim.stop();
      await ingest.stop();
      vi.restoreAllMocks();
    }
  });
});

describe('hr-agent simulate', () => {
  it('runs a ZK terminal and an EasyLink bridge until SIGINT', async () => {
    const r = run(['simulate', '--port', '0', '--records', '2000', '--users', '10', '--seed', '3', '--easylink-port', '0']);
    await vi.waitFor(() => expect(r.out()).toContain('Press Ctrl-C'), { timeout: 15_000 });
    const zkPort = Number(/ZK terminal on 127\.0\.0\.1:(\d+)/.exec(r.out())![1]);
    const m = /EasyLink bridge on http:\/\/127\.0\.0\.1:(\d+) {2}sn (\S+)/.exec(r.out())!;
    const zk = await new ZkDriver({ host: '127.0.0.1', port: zkPort, timeZone: 'Asia/Jakarta', timeoutMs: 3000 }).read();
    expect(zk.records).toHaveLength(2000);
    const el = await new EasyLinkDriver({
      host: '127.0.0.1',
      port: Number(m[1]),
      serial: m[2]!,
      timeZone: 'Asia/Jakarta',
    }).read();
    expect(el.records).toHaveLength(2000);
    r.child.kill('SIGINT');
    expect(await r.exit).toBe(0);
    expect(r.out()).toContain('Simulators stopped.');
  });

  it('rejects bad fault scripts', async () => {
    const r = run(['simulate', '--port', '0', '--faults', '{"dropAt":{"slice":-1}}']);
    expect(await r.exit).toBe(1);
    expect(r.err()).toContain('--faults: dropAt.slice');
  });
});
