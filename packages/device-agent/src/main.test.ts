import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Runs the real `hr-agent` as a child process, as `pnpm agent …` does.
const root = path.resolve(import.meta.dirname, '../../..');

function agent(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const k of [
    'HR_AGENT_SERVER_URL',
    'HR_AGENT_CLIENT_ID',
    'HR_AGENT_CLIENT_SECRET',
    'HR_AGENT_NAME',
    'HR_AGENT_DATA_DIR',
    'HR_AGENT_POLL_SECONDS',
  ])
    if (!(k in env)) delete childEnv[k];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/device-agent/src/main.ts', ...args], {
      cwd: root,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('hr-agent', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hr-agent-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** Writes `config` as the JSON configuration file `name` in the test directory; returns its path. */
  const configFile = (name: string, config: object): string => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify(config));
    return file;
  };

  it('prints its version and offers only the commands that exist', async () => {
    const { version } = JSON.parse(readFileSync(path.join(root, 'packages/device-agent/package.json'), 'utf8')) as {
      version: string;
    };
    const v = await agent(['--version']);
    expect(v).toMatchObject({ code: 0, stdout: `${version}\n` });
    const help = await agent(['--help']);
    expect(help.code).toBe(0);
    const commands = help.stdout
      .slice(help.stdout.indexOf('Commands:'))
      .split('\n')
      .slice(1)
      .filter((l) => /^ {2}\S/.test(l));
    expect(commands.map((l) => l.trim().split(/\s+/)[0])).toEqual([
      'config',
      'start',
      'status',
      'quarantine',
      'simulate',
      'help',
    ]);
  });

  it('config check prints a summary with the secret masked', async () => {
    const file = configFile('ok.json', {
      devices: [{ name: 'Gate JKT', driver: 'zk', address: '192.168.1.201:4370' }],
      server: { url: 'https://hr.demo.co.id' },
      oauth: { clientId: 'cid_agent', clientSecret: 'sec_in_file' },
    });
    const r = await agent(['config', 'check', '--config', file], { HR_AGENT_CLIENT_SECRET: 'sec_in_env' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Config OK: ${file}`);
    expect(r.stdout).toContain('client secret  ********  (from HR_AGENT_CLIENT_SECRET)');
    expect(r.stdout).not.toMatch(/sec_in_(file|env)/);
  });

  it('config check lists each bad field and exits 1', async () => {
    const file = configFile('bad.json', { devices: [{ name: 'X', driver: 'easylink', address: 'x' }], server: { url: 'nope' } });
    const r = await agent(['config', 'check', '--config', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toEqual([
      `Config file ${file} is invalid:`,
      '  devices[0].address: must be host:port, e.g. 192.168.1.201:4370 (IPv6 as [fe80::1]:4370)',
      '  devices[0].serial: is required for the easylink driver',
      '  server.url: must be an http:// or https:// URL',
      '  oauth: is required (an object with clientId and clientSecret)',
      '',
    ]);
  });

  it('status counts and lists the quarantine; quarantine list, retry and clear act on it', async () => {
    const dataDir = path.join(dir, 'qdata');
    const file = configFile('q.json', {
      devices: [{ name: 'Gate B', driver: 'zk', address: '192.168.1.202:4370' }],
      server: { url: 'https://hr.demo.co.id' },
      oauth: { clientId: 'cid_agent', clientSecret: 'sec_agent' },
      agent: { dataDir },
    });
    mkdirSync(dataDir, { recursive: true });
    const reason = 'deviceSerial: this credential may only upload punches of terminal SN-A';
    const punch = (pin: string) => ({ deviceSerial: 'SN-B', pin, localTime: '2026-11-20T08:00:00', state: 0, verifyType: 1 });
    writeFileSync(
      path.join(dataDir, 'quarantine.jsonl'),
      `${[
        { key: 'SN-B|1|2026-11-20T08:00:00', at: '2026-11-20T01:00:00.000Z', reason, kind: 'rejected', punch: punch('1') },
        { key: 'SN-B|2|2026-11-20T08:00:00', at: '2026-11-20T01:00:00.000Z', reason, kind: 'rejected', punch: punch('2') },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n')}\n`,
    );
    const status = await agent(['status', '--config', file]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('Quarantined   2  (2 punch(es) can be uploaded again: hr-agent quarantine retry)');
    expect(status.stdout).toContain(`  2 rejected from SN-B: ${reason}`);
    const json = JSON.parse((await agent(['status', '--config', file, '--json'])).stdout);
    expect(json).toMatchObject({ quarantined: 2, quarantine: { total: 2, retryable: 2 } });
    const list = await agent(['quarantine', 'list', '--config', file]);
    expect(list.stdout).toContain('rejected  SN-B PIN 2 2026-11-20T08:00:00');
    const retry = await agent(['quarantine', 'retry', '--config', file]);
    expect(retry.stdout).toContain('2 punch(es) will be uploaded again');
    expect(existsSync(path.join(dataDir, 'quarantine-retry.request'))).toBe(true);
    const cleared = await agent(['quarantine', 'clear', '--config', file]);
    expect(cleared.stdout).toMatch(/^2 entr\(ies\) cleared; kept in .*quarantine-cleared-/);
    expect((await agent(['status', '--config', file])).stdout).toContain('Quarantined   0\n');
  });

  it('config check reads ./hr-agent.json by default and says when it is missing', async () => {
    const r = await agent(['config', 'check']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`Config file ${path.join(root, 'hr-agent.json')} not found (create it, or pass --config FILE)\n`);
  });
});
