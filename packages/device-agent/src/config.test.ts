import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadAgentConfig, parseAddress, parseAgentConfig } from './config';

type RawConfig = { devices: Record<string, unknown>[]; server: Record<string, unknown>; oauth: Record<string, unknown> };

const valid = (): RawConfig => ({
  devices: [
    { name: 'Gate JKT', driver: 'zk', address: '192.168.1.201:4370', commKey: 1234 },
    { name: 'Port BTM', driver: 'easylink', address: 'fservice.btm.local:7005', serial: '66208023321', timeZone: 'Asia/Jakarta' },
  ],
  server: { url: 'https://hr.demo.co.id/' },
  oauth: { clientId: 'cid_agent', clientSecret: 'sec_from_file' },
});

const issuesOf = (raw: unknown, env: NodeJS.ProcessEnv = {}): string[] => {
  try {
    parseAgentConfig(raw, env);
  } catch (e) {
    if (e instanceof ConfigError) return e.issues;
    throw e;
  }
  throw new Error('expected the configuration to be rejected');
};

describe('agent configuration', () => {
  it('accepts a valid configuration and fills the defaults', () => {
    const { config, overridden } = parseAgentConfig(valid());
    expect(overridden).toEqual([]);
    expect(config.server.url).toBe('https://hr.demo.co.id');
    expect(config.devices[0]).toEqual({
      name: 'Gate JKT',
      driver: 'zk',
      address: '192.168.1.201:4370',
      commKey: 1234,
      timeZone: 'Asia/Jakarta',
    });
    expect(config.devices[1]!.serial).toBe('66208023321');
  });

  it('accepts a comm key written as digits and a bracketed IPv6 address', () => {
    const raw = valid();
    raw.devices[0] = { name: 'Gate', driver: 'zk', address: '[fe80::1]:4370', commKey: '000123' };
    expect(parseAgentConfig(raw).config.devices[0]!.commKey).toBe(123);
  });

  it('names every bad field with a clear message', () => {
    const issues = issuesOf({
      devices: [
        { name: ' ', driver: 'zkteco', address: '192.168.1.201', timeZone: 'Asia/Jakart', commKey: 1_000_000, port: 4370 },
        { name: 'gate', driver: 'easylink', address: 'host:70000' },
        { name: 'Gate', driver: 'zk', address: '10.0.0.1:4370' },
      ],
      server: { url: 'ftp://hr.demo.co.id' },
      oauth: { clientId: 'x' },
    });
    expect(issues).toEqual([
      'devices[0].name: is required',
      'devices[0].driver: must be "zk" or "easylink"',
      'devices[0].address: must be host:port, e.g. 192.168.1.201:4370 (IPv6 as [fe80::1]:4370)',
      'devices[0].timeZone: must be an IANA time zone, e.g. Asia/Jakarta, Asia/Makassar or Asia/Jayapura',
      'devices[0].commKey: must be a whole number from 0 to 999999',
      'devices[0]: Unrecognized key: "port"',
      'devices[1].address: must be host:port, e.g. 192.168.1.201:4370 (IPv6 as [fe80::1]:4370)',
      'devices[1].serial: is required for the easylink driver',
      'server.url: must be an http:// or https:// URL',
      'oauth.clientSecret: is required',
    ]);
  });

  it('rejects an empty device list, repeated device names and serials, and missing sections', () => {
    expect(issuesOf({ ...valid(), devices: [] })).toEqual(['devices: must list at least one device']);
    const dup = valid();
    dup.devices[1] = { ...dup.devices[0]!, name: 'GATE jkt', serial: 'A1' };
    dup.devices[0] = { ...dup.devices[0]!, serial: 'A1' };
    expect(issuesOf(dup)).toEqual(['devices[1].name: repeats devices[0]', 'devices[1].serial: repeats devices[0]']);
    expect(issuesOf({ devices: valid().devices })).toEqual([
      'server: is required (an object with url)',
      'oauth: is required (an object with clientId and clientSecret)',
    ]);
    expect(issuesOf([])).toEqual(['(top level): Invalid input: expected object, received array']);
  });

  it('lets the environment override the server URL and the credentials', () => {
    const env = {
      HR_AGENT_SERVER_URL: 'http://10.0.0.5:3000',
      HR_AGENT_CLIENT_ID: 'cid_env',
      HR_AGENT_CLIENT_SECRET: 'sec_from_env',
    };
    const { config, overridden } = parseAgentConfig(valid(), env);
    expect(config.server.url).toBe('http://10.0.0.5:3000');
    expect(config.oauth).toEqual({ clientId: 'cid_env', clientSecret: 'sec_from_env' });
    expect(overridden).toEqual(['HR_AGENT_SERVER_URL', 'HR_AGENT_CLIENT_ID', 'HR_AGENT_CLIENT_SECRET']);
  });

  it('completes a file without server and oauth from the environment; empty variables do not count', () => {
    const { devices } = valid();
    const env = { HR_AGENT_SERVER_URL: 'https://hr.demo.co.id', HR_AGENT_CLIENT_ID: 'cid', HR_AGENT_CLIENT_SECRET: 's3cret' };
    expect(parseAgentConfig({ devices }, env).config.oauth.clientSecret).toBe('s3cret');
    expect(issuesOf({ devices }, { ...env, HR_AGENT_CLIENT_SECRET: '' })).toEqual(['oauth.clientSecret: is required']);
  });

  it('fills the agent section with defaults and lets the environment set it', () => {
    expect(parseAgentConfig(valid()).config.agent).toEqual({
      dataDir: './hr-agent-data',
      pollIntervalSeconds: 300,
      overlapHours: 48,
      batchSize: 500,
    });
    const env = { HR_AGENT_NAME: 'gate-pc', HR_AGENT_DATA_DIR: '/var/lib/hr-agent', HR_AGENT_POLL_SECONDS: '60' };
    const { config, overridden } = parseAgentConfig(valid(), env);
    expect(config.agent).toMatchObject({ name: 'gate-pc', dataDir: '/var/lib/hr-agent', pollIntervalSeconds: 60 });
    expect(overridden).toEqual(['HR_AGENT_NAME', 'HR_AGENT_DATA_DIR', 'HR_AGENT_POLL_SECONDS']);
    expect(issuesOf(valid(), { HR_AGENT_POLL_SECONDS: '2' })).toEqual([
      'agent.pollIntervalSeconds (from HR_AGENT_POLL_SECONDS): must be at least 5',
    ]);
  });

  it('allows clearing the log and real-time events only for zk terminals and caps the batch at the server limit', () => {
    const raw = valid() as RawConfig & { agent?: unknown };
    raw.devices[0]!.clearLogAfterUpload = true;
    raw.devices[1]!.clearLogAfterUpload = true;
    raw.devices[1]!.realtime = true;
    raw.agent = { batchSize: 5000 };
    expect(issuesOf(raw)).toEqual([
      'devices[1].realtime: is only supported by the zk driver',
      'devices[1].clearLogAfterUpload: is only supported by the zk driver',
      'agent.batchSize: must be at most 1000 (the server limit)',
    ]);
  });

  it('says when a bad value came from the environment', () => {
    expect(issuesOf(valid(), { HR_AGENT_SERVER_URL: 'hr.demo.co.id' })).toEqual([
      'server.url (from HR_AGENT_SERVER_URL): must be an http:// or https:// URL',
    ]);
  });

  it('parses addresses strictly', () => {
    expect(parseAddress('192.168.1.201:4370')).toEqual({ host: '192.168.1.201', port: 4370 });
    expect(parseAddress('terminal-1.local:80')).toEqual({ host: 'terminal-1.local', port: 80 });
    expect(parseAddress('[::1]:4370')).toEqual({ host: '::1', port: 4370 });
    for (const bad of ['192.168.1.201', ':4370', 'host:0', 'host:65536', '::1:4370', '999.1.1.1:4370', 'a b:1', 'http://x:1']) {
      expect(parseAddress(bad), bad).toBeNull();
    }
  });
});

describe('loading the configuration file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hr-agent-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a file, applies the environment and summarises it with the secret masked', () => {
    const file = path.join(dir, 'hr-agent.json');
    writeFileSync(file, JSON.stringify(valid()));
    const loaded = loadAgentConfig({ path: file, env: { HR_AGENT_CLIENT_SECRET: 'sec_from_env' } });
    expect(loaded.file).toBe(file);
    expect(loaded.config.oauth.clientSecret).toBe('sec_from_env');
    const text = describeConfig(loaded).join('\n');
    expect(text).toContain(`Config OK: ${file}`);
    expect(text).toContain('client secret  ********  (from HR_AGENT_CLIENT_SECRET)');
    expect(text).toMatch(/Gate JKT\s+zk\s+192\.168\.1\.201:4370\s+serial read from device\s+Asia\/Jakarta\s+comm key set/);
    expect(text).not.toContain('sec_from_env');
    expect(text).not.toContain('sec_from_file');
    expect(text).not.toContain('1234');
  });

  it('reports a missing file and invalid JSON without echoing the file', () => {
    expect(() => loadAgentConfig({ path: path.join(dir, 'nope.json'), env: {} })).toThrow(
      `Config file ${path.join(dir, 'nope.json')} not found (create it, or pass --config FILE)`,
    );
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{ "oauth": { "clientSecret": sec_leak } }');
    let message = '';
    try {
      loadAgentConfig({ path: bad, env: {} });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^Config file .*bad\.json is not valid JSON/);
    expect(message).not.toContain('sec_leak');
  });
});
