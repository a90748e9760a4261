import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Punch } from './outbox';
import { punchKey } from './outbox';
import { closeHttpServer } from '../http-server';

/**
 * A small ingest server for tests, implementing the upload contract (token + ingest) with a
 * real dedup set on device serial + PIN + device-local time.
 */
export class TestIngestServer {
  /** Punches stored, by key (each at most once, by construction). */
  readonly stored = new Map<string, Punch>();
  /** How many times each key arrived (duplicates included). */
  readonly received = new Map<string, number>();
  readonly batches: { agent: string; clockSkewMs: number | null; count: number }[] = [];
  /** While set, every call answers 503 with this Retry-After (seconds). */
  downRetryAfter: number | null = null;
  /** Answer the next n ingest calls with 400 GL0001. */
  badRequests = 0;
  /** Hold ingest requests until released (to kill an agent mid-upload). */
  holdIngest = false;
  onIngest: (() => void) | null = null;
  tokensIssued = 0;
  /** How many 503 answers were given while down. */
  unavailableServed = 0;
  /** Of those, how many to the upload path (token or ingest), as opposed to the command fetch. */
  unavailableUploads = 0;
  /** Token value the server accepts; changing it makes old tokens answer 401. */
  validToken = 'tok-1';
  private server: Server | null = null;
  port = 0;

  constructor(
    readonly clientId = 'cid_agent',
    readonly clientSecret = 'sec_agent',
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(port = 0): Promise<this> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = {};
      }
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(json));
      };
      const error = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
        send(status, { status: 'error', errors: [{ code, msg: message, message, internalMsg: '', attributes: [] }] }, headers);
      if (this.downRetryAfter !== null) {
        this.unavailableServed++;
        if (req.url === '/v2/h/oauth2/token' || req.url === '/v2/h/attendance/punch/ingest') this.unavailableUploads++;
        return error(503, 'GL0503', 'Service unavailable', { 'retry-after': String(this.downRetryAfter) });
      }
      if (req.url === '/v2/h/oauth2/token') {
        if (
          body.grant_type !== 'client_credentials' ||
          body.client_id !== this.clientId ||
          body.client_secret !== this.clientSecret
        ) {
          return error(401, 'AU0001', 'Invalid client credentials');
        }
        this.tokensIssued++;
        return send(200, {
          status: 'success',
          success: 'Token issued',
          errors: [],
          result: { access_token: this.validToken, token_type: 'Bearer', expires_in: 3600 },
        });
      }
      if (req.url === '/v2/h/attendance/punch/ingest') {
        if (req.headers.authorization !== `Bearer ${this.validToken}`) return error(401, 'AU0002', 'Unauthorized');
        if (this.badRequests > 0) {
          this.badRequests--;
          return error(400, 'GL0001', 'Invalid input');
        }
        this.onIngest?.();
        if (this.holdIngest) return; // never answered: the agent is killed meanwhile
        const punches = body.punches as Punch[];
        this.batches.push({ agent: String(body.agent), clockSkewMs: body.clockSkewMs as number | null, count: punches.length });
        const items = punches.map((p, index) => {
          const k = punchKey(p);
          this.received.set(k, (this.received.get(k) ?? 0) + 1);
          if (this.stored.has(k)) return { index, status: 'duplicate' };
          this.stored.set(k, p);
          return { index, status: 'inserted' };
        });
        return send(200, { status: 'success', success: 'Punches ingested', errors: [], result: { items } });
      }
      return error(404, 'GL0404', 'Not found');
    });
    await new Promise<void>((r) => this.server!.listen(port, '127.0.0.1', () => r()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await closeHttpServer(s);
  }
}
