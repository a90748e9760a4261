import { readFileSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The agent's configuration file (JSON): which terminals to poll, which server to upload
 * to, and the OAuth2 client credentials it logs in with (issued under /developer/credential).
 * The server URL and the credentials can come from the environment instead, so the secret
 * need not be written into the file.
 */

export const DEFAULT_CONFIG_PATH = './hr-agent.json';
/** Company time zone default (ARCHITECTURE "Dates"); a terminal keeps naive local wall-clock time. */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';
export const DRIVERS = ['zk', 'easylink'] as const;

/** Environment variables that override a file value, and the field each one sets. */
export const ENV_OVERRIDES = {
  HR_AGENT_SERVER_URL: ['server', 'url'],
  HR_AGENT_CLIENT_ID: ['oauth', 'clientId'],
  HR_AGENT_CLIENT_SECRET: ['oauth', 'clientSecret'],
  HR_AGENT_NAME: ['agent', 'name'],
  HR_AGENT_DATA_DIR: ['agent', 'dataDir'],
  HR_AGENT_POLL_SECONDS: ['agent', 'pollIntervalSeconds'],
} as const satisfies Record<string, readonly [string, string]>;
export type EnvOverride = keyof typeof ENV_OVERRIDES;

const hostname =
  /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** Splits 'host:port' ('[v6]:port' for IPv6); null when it is not a usable address. */
export function parseAddress(s: string): { host: string; port: number } | null {
  const m = /^\[([^\]]+)\]:(\d{1,5})$/.exec(s) ?? /^([^:[\]]+):(\d{1,5})$/.exec(s);
  if (!m) return null;
  const host = m[1]!;
  const port = Number(m[2]);
  if (port < 1 || port > 65_535) return null;
  const bracketed = s.startsWith('[');
  if (bracketed ? !isIPv6(host) : !(isIPv4(host) || (hostname.test(host) && !/^[\d.]+$/.test(host)))) return null;
  return { host, port };
}

const isTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const commKeyMessage = 'must be a whole number from 0 to 999999';

export const deviceConfigSchema = z
  .strictObject({
    name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    driver: z.enum(DRIVERS, { error: 'must be "zk" or "easylink"' }),
    /** ZK: the terminal itself (usually port 4370). EasyLink: the FService HTTP bridge (e.g. port 7005). */
    address: z
      .string({ error: 'is required' })
      .trim()
      .refine((s) => parseAddress(s) !== null, 'must be host:port, e.g. 192.168.1.201:4370 (IPv6 as [fe80::1]:4370)'),
    serial: z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters').optional(),
    timeZone: z
      .string()
      .trim()
      .refine(isTimeZone, 'must be an IANA time zone, e.g. Asia/Jakarta, Asia/Makassar or Asia/Jayapura')
      .default(DEFAULT_TIME_ZONE),
    /** The terminal's communication password (ZK CMD_AUTH comm key; EasyLink `password`). */
    commKey: z
      .preprocess(
        (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
        z.number({ error: commKeyMessage }).int(commKeyMessage).min(0, commKeyMessage).max(999_999, commKeyMessage),
      )
      .optional(),
    /** Seconds to wait for one answer of the terminal before the read is abandoned and retried. */
    timeoutSeconds: z.number({ error: 'must be a number of seconds' }).min(0.1).max(300).optional(),
    /**
     * Clear the terminal's attendance log once the server has confirmed every punch in it
     * (ZK only). Off by default: a cleared log cannot be re-read if anything goes wrong.
     */
    clearLogAfterUpload: z.boolean({ error: 'must be true or false' }).optional(),
    /** Listen for real-time punches (ZK only) on a second connection and poll as soon as one arrives. */
    realtime: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.realtime && d.driver !== 'zk') {
      ctx.addIssue({ code: 'custom', path: ['realtime'], message: 'is only supported by the zk driver' });
    }
    if (d.clearLogAfterUpload && d.driver !== 'zk') {
      ctx.addIssue({ code: 'custom', path: ['clearLogAfterUpload'], message: 'is only supported by the zk driver' });
    }
    // Every EasyLink SDK call names the terminal by serial number (`sn`), see reference/devices.md §3.
    if (d.driver === 'easylink' && !d.serial) {
      ctx.addIssue({ code: 'custom', path: ['serial'], message: 'is required for the easylink driver' });
    }
  });

export const agentConfigSchema = z
  .strictObject({
    devices: z.array(deviceConfigSchema, { error: 'must be a list of devices' }).min(1, 'must list at least one device'),
    server: z.strictObject(
      {
        url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).transform((u) => u.replace(/\/+$/, '')),
      },
      { error: 'is required (an object with url)' },
    ),
    oauth: z.strictObject(
      {
        clientId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
        clientSecret: z.string({ error: 'is required' }).min(1, 'is required').max(500, 'must be at most 500 characters'),
      },
      { error: 'is required (an object with clientId and clientSecret)' },
    ),
    /** How this agent runs; every field has a default. */
    agent: z
      .strictObject({
        /** Sent with every batch; defaults to the host name. */
        name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
        /** Where the outbox, quarantine and state files live. */
        dataDir: z.string().trim().min(1, 'must not be empty').default('./hr-agent-data'),
        pollIntervalSeconds: z.coerce
          .number({ error: 'must be a number of seconds' })
          .int('must be a whole number of seconds')
          .min(5, 'must be at least 5')
          .max(86_400, 'must be at most 86400')
          .default(300),
        /** Each poll re-reads this many hours before the high-water mark (devices.md §6). */
        overlapHours: z
          .number()
          .int()
          .min(0)
          .max(24 * 30)
          .default(48),
        batchSize: z.number().int().min(1).max(1000, 'must be at most 1000 (the server limit)').default(500),
      })
      .prefault({}),
  })
  .superRefine((c, ctx) => {
    const names = new Map<string, number>();
    const serials = new Map<string, number>();
    c.devices.forEach((d, i) => {
      const n = d.name.toLowerCase();
      if (names.has(n))
        ctx.addIssue({ code: 'custom', path: ['devices', i, 'name'], message: `repeats devices[${names.get(n)}]` });
      else names.set(n, i);
      if (d.serial) {
        if (serials.has(d.serial)) {
          ctx.addIssue({ code: 'custom', path: ['devices', i, 'serial'], message: `repeats devices[${serials.get(d.serial)}]` });
        } else serials.set(d.serial, i);
      }
    });
  });

export type AgentConfig = z.infer<typeof agentConfigSchema>;
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

/** A configuration file that cannot be used: the message, then one line per bad field. */
export class ConfigError extends Error {
  readonly issues: string[];
  constructor(message: string, issues: string[] = []) {
    super(message);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

export interface LoadedConfig {
  /** Absolute path of the file read. */
  file: string;
  config: AgentConfig;
  /** The environment variables that replaced a value of the file. */
  overridden: EnvOverride[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Applies HR_AGENT_SERVER_URL, HR_AGENT_CLIENT_ID and HR_AGENT_CLIENT_SECRET (non-empty ones win over the file). */
export function applyEnvOverrides(raw: unknown, env: NodeJS.ProcessEnv): { raw: unknown; overridden: EnvOverride[] } {
  if (!isRecord(raw)) return { raw, overridden: [] };
  const out: Record<string, unknown> = { ...raw };
  const overridden: EnvOverride[] = [];
  for (const [name, [section, field]] of Object.entries(ENV_OVERRIDES) as [EnvOverride, readonly [string, string]][]) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    const current = out[section];
    out[section] = { ...(isRecord(current) ? current : {}), [field]: value };
    overridden.push(name);
  }
  return { raw: out, overridden };
}

const fieldPath = (p: readonly PropertyKey[]): string =>
  p.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)), '');

/** Validates a parsed configuration (after the environment overrides); throws ConfigError with one line per field. */
export function parseAgentConfig(
  raw: unknown,
  env: NodeJS.ProcessEnv = {},
  source = 'The configuration',
): Omit<LoadedConfig, 'file'> {
  const { raw: merged, overridden } = applyEnvOverrides(raw, env);
  const r = agentConfigSchema.safeParse(merged);
  if (!r.success) {
    const fromEnv = new Map(Object.entries(ENV_OVERRIDES).map(([name, p]) => [p.join('.'), name]));
    const issues = r.error.issues.map((i) => {
      const where = fieldPath(i.path) || '(top level)';
      const envName = fromEnv.get(where);
      const via = envName && overridden.includes(envName as EnvOverride) ? ` (from ${envName})` : '';
      return `${where}${via}: ${i.message}`;
    });
    throw new ConfigError(`${source} is invalid:`, issues);
  }
  return { config: r.data, overridden };
}

/** Reads, overrides from the environment and validates the configuration file. */
export function loadAgentConfig(opts: { path?: string; env?: NodeJS.ProcessEnv } = {}): LoadedConfig {
  const file = path.resolve(opts.path ?? DEFAULT_CONFIG_PATH);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ConfigError(`Config file ${file} not found (create it, or pass --config FILE)`);
    throw new ConfigError(`Cannot read config file ${file}: ${(e as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    // V8's message quotes a snippet of the file, which may hold the secret: report only the position.
    const at = /position (\d+)/.exec((e as Error).message);
    const pos = at ? Number(at[1]) : undefined;
    const where =
      pos === undefined
        ? ''
        : ` (line ${text.slice(0, pos).split('\n').length}, column ${pos - text.lastIndexOf('\n', pos - 1)})`;
    throw new ConfigError(`Config file ${file} is not valid JSON${where}`);
  }
  return { file, ...parseAgentConfig(raw, opts.env ?? process.env, `Config file ${file}`) };
}

/** A printable summary; the client secret and comm keys are never shown. */
export function describeConfig(loaded: LoadedConfig): string[] {
  const { config, overridden } = loaded;
  const from = (name: EnvOverride) => (overridden.includes(name) ? `  (from ${name})` : '');
  const rows = config.devices.map((d) => [
    d.name,
    d.driver,
    d.address,
    d.serial ? `serial ${d.serial}` : 'serial read from device',
    d.timeZone,
    d.commKey === undefined ? 'no comm key' : 'comm key set',
  ]);
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => r[c]!.length))) ?? [];
  return [
    `Config OK: ${loaded.file}`,
    `  server         ${config.server.url}${from('HR_AGENT_SERVER_URL')}`,
    `  client id      ${config.oauth.clientId}${from('HR_AGENT_CLIENT_ID')}`,
    `  client secret  ********${from('HR_AGENT_CLIENT_SECRET')}`,
    `  agent name     ${config.agent.name ?? '(host name)'}${from('HR_AGENT_NAME')}`,
    `  data dir       ${config.agent.dataDir}${from('HR_AGENT_DATA_DIR')}`,
    `  poll every     ${config.agent.pollIntervalSeconds} s${from('HR_AGENT_POLL_SECONDS')}`,
    `  devices        ${config.devices.length}`,
    ...rows.map(
      (r) =>
        `    ${r
          .map((cell, c) => cell.padEnd(widths[c]!))
          .join('  ')
          .trimEnd()}`,
    ),
  ];
}
