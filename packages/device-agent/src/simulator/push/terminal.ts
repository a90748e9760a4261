import http from 'node:http';
import https from 'node:https';
import { generateData } from '../device';
import type { AttRecord, UserRecord } from '../zk/protocol';
import { formatNaive, parseNaive } from '../zk/protocol';

/*
 * The terminal's side of the ZKTeco ADMS push protocol (iclock 2.4.x), as a ZKTeco terminal with a
 * "Cloud Server Setting" speaks it:
 * 1. GET  /iclock/cdata?SN=&options=all&pushver=2.4.1  → the options block (stamps, delays).
 * 2. POST /iclock/cdata?SN=&table=ATTLOG&Stamp=<n>      → tab-separated rows; expects `OK:<n>`.
 *    Anything else (an error status, no answer, a dropped connection) and the same batch is sent
 *    again after ErrorDelay: the terminal moves its stamp only on an `OK`.
 * 3. GET  /iclock/getrequest?SN=                        → `OK` or `C:<id>:<cmd>` lines, carried out
 *    and answered on POST /iclock/devicecmd (`ID=&Return=&CMD=`).
 * Faults: drop-ok (hang up before the answer arrives: the `OK` is lost, the batch re-sent),
 * duplicate (send an acknowledged batch once more), slow (the body trickles in pieces).
 */

export const PUSH_FAULTS = ['drop-ok', 'duplicate', 'slow'] as const;
export type PushFault = (typeof PUSH_FAULTS)[number];

export interface PushTerminalOptions {
  /** The server's base URL, e.g. http://127.0.0.1:3000 (the terminal's "Cloud Server Setting"). */
  server: string;
  serial: string;
  /** Attendance records on the terminal, pushed oldest first. */
  records: number;
  /** Rows per ATTLOG POST (firmware uses a few hundred; up to 10,000 after a long outage). */
  batch?: number;
  users?: number;
  seed?: number;
  faults?: readonly PushFault[];
  /** Every n-th batch suffers each fault (default 4). */
  faultEvery?: number;
  /** Wait after a failed request, ms (the options' ErrorDelay is in seconds; scaled down for tests). */
  errorDelayMs?: number;
  /** Gives up after this many failed requests in a row (default 50). */
  maxFailures?: number;
  /** Terminal clock minus true time (sent in the Date header), ms. */
  clockSkewMs?: number;
  /** Per-request timeout, ms. */
  timeoutMs?: number;
  /** Shared keep-alive agent (several terminals in one process). */
  agent?: http.Agent;
}

export interface PushStats {
  serial: string;
  records: number;
  batches: number;
  posts: number;
  /** Requests that failed (dropped, refused, timed out) and were sent again. */
  retries: number;
  droppedOks: number;
  duplicateBatches: number;
  commands: number;
  seconds: number;
}

interface Reply {
  status: number;
  text: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A terminal that pushes its log to a server, faults included. */
export class PushTerminal {
  readonly serial: string;
  readonly users: UserRecord[];
  readonly log: AttRecord[];
  private readonly o: Required<Omit<PushTerminalOptions, 'agent' | 'faults'>> & { agent?: http.Agent; faults: Set<PushFault> };
  private stamp = 0;
  private readonly stats: PushStats;

  constructor(opts: PushTerminalOptions) {
    const data = generateData({ seed: opts.seed ?? 1, users: opts.users ?? 50, records: opts.records, state255Every: 7 });
    this.serial = opts.serial;
    this.users = data.users;
    this.log = data.log;
    this.o = {
      server: opts.server.replace(/\/+$/, ''),
      serial: opts.serial,
      records: opts.records,
      batch: Math.max(1, opts.batch ?? 500),
      users: opts.users ?? 50,
      seed: opts.seed ?? 1,
      faults: new Set(opts.faults ?? []),
      faultEvery: Math.max(1, opts.faultEvery ?? 4),
      errorDelayMs: opts.errorDelayMs ?? 200,
      maxFailures: opts.maxFailures ?? 50,
      clockSkewMs: opts.clockSkewMs ?? 0,
      timeoutMs: opts.timeoutMs ?? 60_000,
      ...(opts.agent ? { agent: opts.agent } : {}),
    };
    this.stats = {
      serial: opts.serial,
      records: this.log.length,
      batches: 0,
      posts: 0,
      retries: 0,
      droppedOks: 0,
      duplicateBatches: 0,
      commands: 0,
      seconds: 0,
    };
  }

  /** `yyyy-mm-dd hh:mm:ss` rows, as the terminal writes them (status, verify, workcode, 2 reserved). */
  static attlogRow(r: AttRecord): string {
    return `${r.userId}\t${formatNaive(r.time).replace('T', ' ')}\t${r.state}\t${r.verify}\t0\t0\t0`;
  }

  private url(path: string, query: Record<string, string>): URL {
    const u = new URL(`${this.o.server}${path}`);
    u.searchParams.set('SN', this.serial);
    for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
    return u;
  }

  /**
   * One request. `dropAnswer`: hang up when the answer starts to arrive (the server has stored the
   * batch; its `OK` is what is lost). `slow`: the body goes in four pieces, 40 ms apart.
   */
  private request(
    method: 'GET' | 'POST',
    url: URL,
    body?: string,
    opts: { dropAnswer?: boolean; slow?: boolean } = {},
  ): Promise<Reply | null> {
    const mod = url.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      let settled = false;
      const done = (r: Reply | null) => {
        if (!settled) {
          settled = true;
          resolve(r);
        }
      };
      const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
      const req = mod.request(
        url,
        {
          method,
          ...(this.o.agent && url.protocol === 'http:' ? { agent: this.o.agent } : {}),
          headers: {
            'user-agent': 'iClock Proline',
            date: new Date(Date.now() + this.o.clockSkewMs).toUTCString(),
            ...(payload ? { 'content-type': 'text/plain', 'content-length': String(payload.length) } : {}),
          },
          timeout: this.o.timeoutMs,
        },
        (res) => {
          if (opts.dropAnswer) {
            // The server has answered, but the answer never reaches the terminal: a lost OK.
            res.destroy();
            req.destroy();
            done(null);
            return;
          }
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', () => done(null));
        },
      );
      req.on('error', () => done(null));
      req.on('timeout', () => {
        req.destroy();
        done(null);
      });
      if (!payload) {
        req.end();
        return;
      }
      if (!opts.slow) {
        req.end(payload);
        return;
      }
      void (async () => {
        const step = Math.ceil(payload.length / 4);
        for (let i = 0; i < payload.length; i += step) {
          if (req.destroyed) return;
          req.write(payload.subarray(i, i + step));
          await sleep(40);
        }
        req.end();
      })();
    });
  }

  /** Repeats a request until `accept` likes the answer (the terminal's ErrorDelay loop). */
  private async persist(
    send: (attempt: number) => Promise<Reply | null>,
    accept: (r: Reply) => boolean,
    what: string,
  ): Promise<Reply> {
    let failures = 0;
    for (let attempt = 0; ; attempt++) {
      const r = await send(attempt);
      if (r && accept(r)) return r;
      failures++;
      this.stats.retries++;
      if (failures >= this.o.maxFailures) {
        throw new Error(
          `${this.serial}: ${what} failed ${failures} times; last answer ${r ? `${r.status} ${r.text.slice(0, 200)}` : 'none'}`,
        );
      }
      await sleep(this.o.errorDelayMs);
    }
  }

  /** The handshake: the options block; returns its ATTLOGStamp. */
  async handshake(): Promise<string> {
    const r = await this.persist(
      () => this.request('GET', this.url('/iclock/cdata', { options: 'all', pushver: '2.4.1', language: '69' })),
      (x) => x.status === 200 && x.text.startsWith('GET OPTION FROM:'),
      'options',
    );
    return /^ATTLOGStamp=(.*)$/m.exec(r.text)?.[1]?.trim() ?? 'None';
  }

  /** One ATTLOG batch, re-sent until the server answers `OK:<n>`. */
  async pushBatch(rows: readonly AttRecord[], n: number): Promise<void> {
    const faults = this.o.faults;
    const faulty = n % this.o.faultEvery === this.o.faultEvery - 1;
    // Line ends as firmware writes them: LF, with the odd CRLF, and a trailing empty line.
    const body = `${rows.map((r, i) => PushTerminal.attlogRow(r) + (i % 5 === 0 ? '\r\n' : '\n')).join('')}\n`;
    this.stamp++;
    const url = this.url('/iclock/cdata', { table: 'ATTLOG', Stamp: String(this.stamp) });
    await this.persist(
      (attempt) => {
        this.stats.posts++;
        const dropAnswer = faulty && attempt === 0 && faults.has('drop-ok');
        if (dropAnswer) this.stats.droppedOks++;
        return this.request('POST', url, body, { dropAnswer, slow: faulty && faults.has('slow') });
      },
      (x) => x.status === 200 && x.text.trim() === `OK:${rows.length}`,
      `ATTLOG batch ${n}`,
    );
    if (faulty && faults.has('duplicate')) {
      // As if the terminal had not recorded the OK: the same batch once more.
      this.stats.duplicateBatches++;
      this.stats.posts++;
      await this.persist(
        () => this.request('POST', url, body),
        (x) => x.status === 200 && x.text.trim() === `OK:${rows.length}`,
        `ATTLOG batch ${n} (repeat)`,
      );
    }
    this.stats.batches++;
  }

  /** Fetches and carries out queued commands until the server has none; returns how many ran. */
  async serveCommands(): Promise<number> {
    let ran = 0;
    for (;;) {
      const r = await this.persist(
        () => this.request('GET', this.url('/iclock/getrequest', {})),
        (x) => x.status === 200,
        'getrequest',
      );
      const cmds = r.text
        .split(/\r?\n/)
        .map((l) => /^C:(\d+):(.*)$/.exec(l.trim()))
        .filter((m): m is RegExpExecArray => m !== null);
      if (cmds.length === 0) return ran;
      const results: string[] = [];
      for (const [, id, cmd] of cmds) {
        const code = await this.execute(cmd!);
        results.push(`ID=${id}&Return=${code}&CMD=${cmd!.split(' ')[0]}`);
        ran++;
        this.stats.commands++;
      }
      await this.persist(
        () => this.request('POST', this.url('/iclock/devicecmd', {}), `${results.join('\n')}\n`),
        (x) => x.status === 200,
        'devicecmd',
      );
    }
  }

  /** Carries out one command on the simulated terminal; its Return code (0 done, <0 error). */
  private async execute(cmd: string): Promise<number> {
    const kv = (rest: string) =>
      new Map(
        rest.split('\t').map((p) => {
          const i = p.indexOf('=');
          return [p.slice(0, i), p.slice(i + 1)] as [string, string];
        }),
      );
    if (cmd.startsWith('DATA UPDATE USERINFO ')) {
      const m = kv(cmd.slice('DATA UPDATE USERINFO '.length));
      const pin = m.get('PIN');
      if (!pin) return -1002;
      const existing = this.users.find((u) => u.userId === pin);
      const user: UserRecord = {
        uid: existing?.uid ?? this.users.length + 1,
        userId: pin,
        name: m.get('Name') ?? '',
        privilege: Number(m.get('Pri') ?? 0) || 0,
        password: m.get('Passwd') ?? '',
        card: Number(m.get('Card') ?? 0) || 0,
        group: '1',
      };
      if (existing) Object.assign(existing, user);
      else this.users.push(user);
      return 0;
    }
    if (cmd.startsWith('DATA QUERY USERINFO')) {
      const body = this.users
        .map(
          (u) =>
            `USER PIN=${u.userId}\tName=${u.name}\tPri=${u.privilege}\tPasswd=${u.password}\tCard=${u.card}\tGrp=1\tTZ=0000000000000000`,
        )
        .join('\n');
      const r = await this.request('POST', this.url('/iclock/cdata', { table: 'OPERLOG', Stamp: '1' }), `${body}\n`);
      return r?.status === 200 ? 0 : -1;
    }
    if (cmd.startsWith('DATA QUERY ATTLOG')) {
      const m = kv(cmd.slice('DATA QUERY ATTLOG '.length));
      const from = parseNaive(m.get('StartTime') ?? '');
      const to = parseNaive(m.get('EndTime') ?? '');
      if (!Number.isFinite(from) || !Number.isFinite(to)) return -1002;
      const rows = this.log.filter((r) => r.time >= from && r.time <= to);
      if (rows.length > 0) await this.pushBatch(rows, 0);
      return 0;
    }
    if (cmd === 'CHECK' || cmd === 'REBOOT') return 0;
    return -1002;
  }

  /** The whole session: handshake, every record in batches, then the command queue. */
  async run(): Promise<PushStats> {
    const started = performance.now();
    await this.handshake();
    for (let i = 0, n = 0; i < this.log.length; i += this.o.batch, n++) {
      await this.pushBatch(this.log.slice(i, i + this.o.batch), n);
    }
    await this.serveCommands();
    this.stats.seconds = Math.round(performance.now() - started) / 1000;
    return { ...this.stats };
  }
}

/** `--faults drop-ok,duplicate,slow` → the fault list (throws on an unknown name). */
export function parsePushFaults(s: string | undefined): PushFault[] {
  if (!s) return [];
  const out: PushFault[] = [];
  for (const f of s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    if (!(PUSH_FAULTS as readonly string[]).includes(f)) {
      throw new Error(`--faults: unknown fault "${f}" (known: ${PUSH_FAULTS.join(', ')})`);
    }
    out.push(f as PushFault);
  }
  return out;
}
