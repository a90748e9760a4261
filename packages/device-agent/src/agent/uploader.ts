import type { DeviceUser } from '../drivers/types';
import type { Punch } from './outbox';

/** A command the server queued for one of the agent's terminals (`GET /v2/h/agent/commands`). */
export interface AgentCommand {
  id: number;
  serial: string;
  kind: 'upload-users' | 'backup-users';
  payload: { users?: DeviceUser[] };
}

/** What the agent reports for a command (`POST /v2/h/agent/commands/{id}/result`). */
export interface CommandResult {
  ok: boolean;
  written?: number;
  users?: DeviceUser[];
  error?: string;
}

/**
 * Upload of punch batches to the HR server (OAuth2 client credentials, then
 * POST /v2/h/attendance/punch/ingest with per-item results).
 */

export interface UploaderOptions {
  serverUrl: string;
  clientId: string;
  clientSecret: string;
  agentName: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type ItemStatus = 'inserted' | 'duplicate' | 'rejected';

export type UploadOutcome =
  | { kind: 'ok'; items: { status: ItemStatus; message?: string }[] }
  /** Try again later; `retryAfterMs` when the server said when. */
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  /** The server will never accept this batch as sent: set it aside, do not loop. */
  | { kind: 'quarantine'; reason: string };

/** Retry-After: seconds or an HTTP date. */
export function parseRetryAfter(v: string | null, now = Date.now()): number | undefined {
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.round(Number(v) * 1000);
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.max(0, t - now);
}

/** Exponential backoff with full jitter, never less than what the server asked for. */
export function backoffMs(
  attempt: number,
  opts: { baseMs: number; maxMs: number; random?: () => number },
  retryAfterMs?: number,
): number {
  const cap = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(attempt, 30));
  const jittered = Math.floor((opts.random ?? Math.random)() * cap);
  return retryAfterMs === undefined ? Math.max(jittered, Math.min(opts.baseMs, cap)) : Math.max(retryAfterMs, jittered);
}

interface Envelope {
  status?: string;
  errors?: { code?: string; message?: string; msg?: string }[];
  results?: Record<string, unknown>;
  result?: Record<string, unknown>;
}

export class Uploader {
  private token: { value: string; expiresAt: number } | null = null;
  private readonly f: typeof fetch;

  constructor(private readonly o: UploaderOptions) {
    this.f = o.fetch ?? fetch;
  }

  private async post(
    path: string,
    body: unknown,
    token?: string,
  ): Promise<{ status: number; headers: Headers; json: Envelope | null }> {
    const res = await this.f(`${this.o.serverUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.o.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let json: Envelope | null = null;
    try {
      json = JSON.parse(text) as Envelope;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json };
  }

  private async getToken(): Promise<string | UploadOutcome> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const r = await this.post('/v2/h/oauth2/token', {
      grant_type: 'client_credentials',
      client_id: this.o.clientId,
      client_secret: this.o.clientSecret,
    });
    if (r.status === 200) {
      const data = r.json?.results ?? r.json?.result;
      const value = data?.access_token;
      if (typeof value !== 'string') return { kind: 'retry', reason: 'token answer without access_token' };
      const ttl = typeof data?.expires_in === 'number' ? data.expires_in : 300;
      this.token = { value, expiresAt: Date.now() + Math.max(10, ttl - 30) * 1000 };
      return value;
    }
    const retryAfterMs = parseRetryAfter(r.headers.get('retry-after'));
    return { kind: 'retry', reason: `token request answered HTTP ${r.status}${errText(r.json)}`, retryAfterMs };
  }

  /** Sends one batch (at most 1000 punches of one device). Never throws. */
  async send(punches: Punch[], clockSkewMs: number | null): Promise<UploadOutcome> {
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const token = await this.getToken();
        if (typeof token !== 'string') return token;
        const r = await this.post('/v2/h/attendance/punch/ingest', { agent: this.o.agentName, clockSkewMs, punches }, token);
        if (r.status === 401) {
          this.token = null;
          continue;
        }
        if (r.status === 200) {
          const items = (r.json?.results ?? r.json?.result)?.items;
          if (!Array.isArray(items) || items.length !== punches.length) {
            return { kind: 'retry', reason: 'ingest answer does not hold one result per punch' };
          }
          return {
            kind: 'ok',
            items: punches.map((_, i) => {
              const it = items.find((x: { index?: number }) => x?.index === i) ?? items[i];
              const status: ItemStatus = it?.status === 'inserted' || it?.status === 'duplicate' ? it.status : 'rejected';
              return { status, message: typeof it?.message === 'string' ? it.message : undefined };
            }),
          };
        }
        if (r.status === 400 || r.status === 413 || r.status === 422) {
          return { kind: 'quarantine', reason: `ingest answered HTTP ${r.status}${errText(r.json)}` };
        }
        return {
          kind: 'retry',
          reason: `ingest answered HTTP ${r.status}${errText(r.json)}`,
          retryAfterMs: parseRetryAfter(r.headers.get('retry-after')),
        };
      }
      return { kind: 'retry', reason: 'the server refused the access token twice (check the client credentials and scope)' };
    } catch (e) {
      return { kind: 'retry', reason: `cannot reach the server: ${(e as Error).message}` };
    }
  }

  /** A call with the access token, getting a new token once on 401. Throws when it cannot be made. */
  private async authed(path: string, body?: unknown): Promise<{ status: number; json: Envelope | null }> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.getToken();
      if (typeof token !== 'string')
        throw new Error(token.kind === 'retry' || token.kind === 'quarantine' ? token.reason : 'no token');
      const r = await this.post(path, body, token);
      if (r.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      return r;
    }
  }

  /** The pending commands for these terminals. Throws when the server cannot be asked now. */
  async fetchCommands(serials: readonly string[]): Promise<AgentCommand[]> {
    const r = await this.authed(`/v2/h/agent/commands?serials=${encodeURIComponent(serials.join(','))}`);
    if (r.status !== 200) throw new Error(`commands answered HTTP ${r.status}${errText(r.json)}`);
    const rows = r.json?.results ?? r.json?.result;
    return Array.isArray(rows) ? (rows as unknown as AgentCommand[]) : [];
  }

  /**
   * Reports a command's outcome; true when the server took it (or had it already: 409). A result
   * the server refuses outright (400, or 413: a backup with its templates over the body limit) is
   * reported as a failure with the server's reason, so the command is not handed out again forever.
   */
  async reportCommand(id: number, result: CommandResult): Promise<boolean> {
    const r = await this.authed(`/v2/h/agent/commands/${id}/result`, result);
    if (result.ok && (r.status === 400 || r.status === 413)) {
      const error = `the server refused the result: HTTP ${r.status}${errText(r.json)}`.slice(0, 1000);
      return this.reportCommand(id, { ok: false, error });
    }
    return r.status === 200 || r.status === 409;
  }
}

const errText = (j: Envelope | null): string => {
  const e = j?.errors?.[0];
  return e ? ` ${e.code ?? ''} ${e.message ?? e.msg ?? ''}`.trimEnd() : '';
};
