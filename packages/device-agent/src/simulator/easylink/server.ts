import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Device, type DeviceOptions } from '../device';
import { formatNaive } from '../zk/protocol';
import { closeHttpServer } from '../../http-server';

/**
 * A twin of Fingerspot's EasyLink SDK bridge (FService, reference/devices.md §3): every
 * call is a form POST naming the terminal by `sn`; every answer is JSON with `Result`.
 */

export interface EasyLinkFaults {
  /** The next n calls answer `{"Result":false}`. */
  failNext?: number;
  /** The next n calls answer "busy" (`message_code` 3). */
  busyNext?: number;
  /** Delay before every answer, ms. */
  delayMs?: number;
}

export interface EasyLinkSimulatorOptions extends DeviceOptions {
  port?: number;
  host?: string;
  faults?: EasyLinkFaults;
  device?: Device;
}

const scanDate = (t: number) => formatNaive(t).replace('T', ' ');

export class EasyLinkSimulator {
  readonly device: Device;
  faults: EasyLinkFaults;
  /** Paths called, in order (for tests). */
  readonly calls: string[] = [];
  private server: Server | null = null;
  private boundPort = 0;
  /** How many log rows /scanlog/new has handed out (a consuming read). */
  private handedOut = 0;
  private scanCursor = 0;
  private userCursor = 0;
  private readonly host: string;
  private readonly wantedPort: number;

  constructor(opts: EasyLinkSimulatorOptions = {}) {
    this.device = opts.device ?? new Device({ serial: `FIO${String(opts.seed ?? 1).padStart(8, '0')}`, ...opts });
    this.faults = opts.faults ?? {};
    this.host = opts.host ?? '127.0.0.1';
    this.wantedPort = opts.port ?? 7005;
  }

  get port(): number {
    return this.boundPort;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.wantedPort, this.host, () => {
        server.off('error', reject);
        this.boundPort = (server.address() as AddressInfo).port;
        resolve();
      });
    });
    return this;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await closeHttpServer(s);
  }

  /** Forget which rows /scanlog/new handed out (e.g. the log was cleared). */
  private clampCursors(): void {
    if (this.handedOut > this.device.log.length) this.handedOut = 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const path = (req.url ?? '/').split('?')[0]!;
    this.calls.push(path);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const f = this.faults;
    if (f.delayMs) await sleep(f.delayMs);
    if (req.method !== 'POST') return send(405, { Result: false, message: 'POST only' });
    if (f.failNext) {
      f.failNext -= 1;
      return send(200, { Result: false });
    }
    if (f.busyNext) {
      f.busyNext -= 1;
      return send(200, { Result: false, message_code: 3, message: 'Device busy' });
    }
    const d = this.device;
    if (form.get('sn') !== d.serial) return send(200, { Result: false, message: 'Unknown sn' });
    this.clampCursors();
    const limit = Math.min(1000, Math.max(1, Number(form.get('limit')) || 100));
    const row = (i: number) => {
      const r = d.log[i]!;
      return { SN: d.serial, ScanDate: scanDate(r.time), PIN: r.userId, VerifyMode: r.verify, IOMode: r.state, WorkCode: 0 };
    };
    switch (path) {
      case '/dev/info': {
        const admins = d.users.filter((u) => u.privilege === 14).length;
        return send(200, {
          Result: true,
          DEVINFO: {
            Jam: scanDate(d.now()),
            Admin: String(admins),
            User: String(d.users.length),
            FP: String(d.users.length),
            Face: '0',
            Vein: '0',
            CARD: '0',
            PWD: '0',
            'All Operasional': '0',
            'All Presensi': String(d.log.length),
            'New Presensi': String(d.log.length - this.handedOut),
          },
        });
      }
      case '/dev/settime':
        d.clockSkewMs = 0;
        return send(200, { Result: true });
      case '/dev/init':
        d.clearLog();
        d.users = [];
        this.handedOut = 0;
        return send(200, { Result: true });
      case '/dev/deladmin':
        for (const u of d.users) u.privilege = 0;
        return send(200, { Result: true });
      case '/log/del':
        return send(200, { Result: true });
      case '/scanlog/all/paging': {
        if (this.scanCursor >= d.log.length) this.scanCursor = 0;
        const from = this.scanCursor;
        const to = Math.min(d.log.length, from + limit);
        const data = [];
        for (let i = from; i < to; i++) data.push(row(i));
        const more = to < d.log.length;
        this.scanCursor = more ? to : 0;
        return send(200, { Result: true, Data: data, IsSession: more });
      }
      case '/scanlog/new': {
        const data = [];
        for (let i = this.handedOut; i < d.log.length; i++) data.push(row(i));
        this.handedOut = d.log.length;
        return send(200, { Result: true, Data: data });
      }
      case '/scanlog/del':
        d.clearLog();
        this.handedOut = 0;
        this.scanCursor = 0;
        return send(200, { Result: true });
      case '/user/all/paging': {
        if (this.userCursor >= d.users.length) this.userCursor = 0;
        const from = this.userCursor;
        const to = Math.min(d.users.length, from + limit);
        const data = d.users.slice(from, to).map((u) => ({
          PIN: u.userId,
          Name: u.name,
          RFID: u.card ? String(u.card) : '',
          Password: u.password,
          Privilege: u.privilege,
          // Fingerspot's shape: one entry per enrolled finger, the template base64 (alg_ver 39: ZK 10.0).
          Template: d.templates
            .filter((t) => t.uid === u.uid)
            .map((t) => ({ pin: u.userId, idx: t.fid, alg_ver: 39, template: t.template.toString('base64') })),
        }));
        const more = to < d.users.length;
        this.userCursor = more ? to : 0;
        return send(200, { Result: true, Data: data, IsSession: more });
      }
      case '/user/set': {
        const pin = form.get('pin')?.trim();
        if (!pin) return send(200, { Result: false, message: 'pin is required' });
        const existing = d.users.find((u) => u.userId === pin);
        d.upsertUser({
          uid: existing?.uid ?? Math.max(0, ...d.users.map((u) => u.uid)) + 1,
          privilege: Number(form.get('priv')) || 0,
          password: form.get('pwd') ?? '',
          name: form.get('nama') ?? '',
          card: Number(form.get('rfid')) || 0,
          group: '1',
          userId: pin,
        });
        return send(200, { Result: true });
      }
      case '/user/del': {
        const pin = form.get('pin');
        d.deleteUser((u) => u.userId === pin);
        return send(200, { Result: true });
      }
      case '/user/delall':
        d.users = [];
        return send(200, { Result: true });
      default:
        return send(404, { Result: false, message: 'Unknown endpoint' });
    }
  }
}
