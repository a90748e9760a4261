import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Device, type DeviceOptions } from '../device';
import {
  type AttRecord,
  CMD,
  decodeFrame,
  decodeUserRecord,
  decodeZkTime,
  EF_ATTLOG,
  FCT_ATTLOG,
  FCT_FINGERTMP,
  FCT_USER,
  encodeAttRecord,
  encodeBlob,
  encodeFrame,
  encodeTemplateRecord,
  encodeUserRecord,
  encodeZkTime,
  type Frame,
  FrameParser,
  makeCommKey,
  TABLE_ATTLOG,
  TABLE_DB,
  TABLE_USERS,
  USER_RECORD_SIZE,
} from './protocol';

/**
 * Faults a test (or `hr-agent simulate --faults JSON`) can switch on and off at any time.
 * Slices are counted from 0 within one buffered read; `times` says how many reads the
 * fault hits before it heals by itself (default: until cleared).
 */
export interface ZkFaults {
  /** Close the connection after byte `byte` of slice `slice` has been written. */
  dropAt?: { slice: number; byte: number; times?: number };
  /** Stop answering (the socket stays open): during CONNECT, or after byte `byte` of slice `slice`. */
  stallAt?: { phase: 'connect'; times?: number } | { phase: 'slice'; slice: number; byte?: number; times?: number };
  /** Extra latency before every frame, ms. */
  frameDelayMs?: number;
  /** A slow link: bytes per second for everything the device writes. */
  bytesPerSecond?: number;
  /** Send a slice's PREPARE_DATA, DATA and ACK_OK in one TCP write (zkteco-js defect 1). */
  coalesce?: boolean;
  /** Reset (RST) every connection as soon as it is accepted. */
  resetOnConnect?: boolean;
  /** Accept connections but never answer. */
  silentAccept?: boolean;
  /** Clear the attendance log right after the next complete attendance read. */
  clearLogAfterRead?: boolean;
  /** Report this many more log records than the log holds (a count that moved mid-read). */
  extraLogCount?: number;
  /**
   * Template reads lose their last `cutBytes` bytes; the blob's byte count announces the total
   * before the cut (a count that does not match the data) or after it (the last record is cut short).
   */
  templateCut?: { cutBytes: number; announced: 'before-cut' | 'after-cut' };
}

export interface ZkSimulatorOptions extends DeviceOptions {
  /** TCP port; 0 picks a free one (tests). Default 4370. */
  port?: number;
  host?: string;
  /** Comm key (CMD_AUTH); unset means none. */
  commKey?: number;
  /** Blobs up to this many bytes are answered with one DATA frame (the direct path). */
  directMaxBytes?: number;
  /** Pause between the frames of one answer, ms (real terminals send them separately). */
  frameGapMs?: number;
  faults?: ZkFaults;
  /** Use this device instead of generating one (e.g. shared with a test). */
  device?: Device;
}

interface Conn {
  socket: Socket;
  session: number;
  authed: boolean;
  blob: Buffer | null;
  blobTable: number;
  slice: number;
  stalled: boolean;
  closed: boolean;
  events: boolean;
}

/** CMD_DB_RRQ's FCT_* codes, as the table the simulator serves (TABLE_DB: the templates). */
const DB_TABLES: Record<number, number> = { [FCT_ATTLOG]: TABLE_ATTLOG, [FCT_USER]: TABLE_USERS, [FCT_FINGERTMP]: TABLE_DB };

const OPTIONS: Record<string, (d: Device) => string> = {
  '~SerialNumber': (d) => d.serial,
  '~DeviceName': (d) => d.name,
  '~Platform': () => 'ZMM220_TFT',
  '~OS': () => '1',
  '~ZKFPVersion': () => '10',
  '~OEMVendor': () => 'HR Simulator',
  '~PIN2Width': () => '24',
  '~SSR': () => '1',
  '~ProductTime': () => '2024-01-15 10:00:00',
  MAC: () => '00:17:61:00:00:01',
  FaceFunOn: () => '0',
  WorkCode: () => '0',
};

/** A ZK-protocol terminal over TCP (reference/devices.md §2). */
export class ZkSimulator {
  readonly device: Device;
  faults: ZkFaults;
  commKey: number | undefined;
  directMaxBytes: number;
  frameGapMs: number;
  /** Frames received, by command (for tests). */
  readonly received: number[] = [];
  private server: Server | null = null;
  private conns = new Set<Conn>();
  private nextSession = 0x2a1b;
  private boundPort = 0;
  private readonly host: string;
  private readonly wantedPort: number;

  constructor(opts: ZkSimulatorOptions = {}) {
    this.device = opts.device ?? new Device(opts);
    this.faults = opts.faults ?? {};
    this.commKey = opts.commKey;
    this.directMaxBytes = opts.directMaxBytes ?? 1024;
    this.frameGapMs = opts.frameGapMs ?? 1;
    this.host = opts.host ?? '127.0.0.1';
    this.wantedPort = opts.port ?? 4370;
    this.device.on('punch', (r: AttRecord) => this.pushEvent(r));
  }

  get port(): number {
    return this.boundPort;
  }

  async start(): Promise<this> {
    await this.listen(this.wantedPort);
    return this;
  }

  private listen(port: number): Promise<void> {
    const server = createServer((s) => this.accept(s));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.host, () => {
        server.off('error', reject);
        this.boundPort = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  /** Connection refused: stop listening (true) or listen again on the same port (false). */
  async setRefusing(refuse: boolean): Promise<void> {
    if (refuse && this.server) {
      const s = this.server;
      this.server = null;
      await new Promise<void>((r) => s.close(() => r()));
    } else if (!refuse && !this.server) {
      await this.listen(this.boundPort);
    }
  }

  /** Drops every open connection (as a power cut would). */
  dropConnections(): void {
    for (const c of this.conns) c.socket.destroy();
  }

  async stop(): Promise<void> {
    for (const c of this.conns) c.socket.destroy();
    this.conns.clear();
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((r) => s.close(() => r()));
  }

  private accept(socket: Socket): void {
    if (this.faults.resetOnConnect) {
      socket.resetAndDestroy();
      return;
    }
    socket.setNoDelay(true);
    const conn: Conn = {
      socket,
      session: 0,
      authed: false,
      blob: null,
      blobTable: 0,
      slice: 0,
      stalled: !!this.faults.silentAccept,
      closed: false,
      events: false,
    };
    this.conns.add(conn);
    const parser = new FrameParser();
    let queue: Promise<void> = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      for (const raw of parser.push(chunk)) {
        const frame = decodeFrame(raw);
        queue = queue
          .then(() => this.handle(conn, frame))
          .catch(() => {
            socket.destroy();
          });
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      conn.closed = true;
      this.conns.delete(conn);
    });
  }

  private consume<K extends 'dropAt' | 'stallAt'>(key: K): void {
    const f = this.faults[key];
    if (f?.times === undefined) return;
    f.times -= 1;
    if (f.times <= 0) delete this.faults[key];
  }

  private async handle(c: Conn, f: Frame): Promise<void> {
    if (c.stalled || c.closed) return;
    this.received.push(f.cmd);
    const reply = (cmd: number, data?: Buffer) => this.send(c, [encodeFrame(cmd, c.session, f.replyId, data)]);
    if (f.cmd === CMD.CONNECT) {
      const stall = this.faults.stallAt;
      if (stall?.phase === 'connect') {
        this.consume('stallAt');
        c.stalled = true;
        return;
      }
      c.session = this.nextSession++ & 0xffff;
      c.authed = this.commKey === undefined;
      return reply(c.authed ? CMD.ACK_OK : CMD.ACK_UNAUTH);
    }
    if (f.cmd === CMD.AUTH) {
      const ok =
        this.commKey !== undefined &&
        f.data.length >= 4 &&
        makeCommKey(this.commKey, c.session, f.data[2]).equals(f.data.subarray(0, 4));
      c.authed = c.authed || ok;
      return reply(ok || this.commKey === undefined ? CMD.ACK_OK : CMD.ACK_UNAUTH);
    }
    if (f.cmd === CMD.EXIT) {
      await reply(CMD.ACK_OK);
      c.socket.end(() => {});
      return;
    }
    // A client acknowledging a pushed event (pyzk does): nothing to answer.
    if (f.cmd === CMD.ACK_OK) return;
    if (!c.authed) return reply(CMD.ACK_UNAUTH);
    const d = this.device;
    switch (f.cmd) {
      case CMD.ENABLE_DEVICE:
        d.enabled = true;
        return reply(CMD.ACK_OK);
      case CMD.DISABLE_DEVICE:
        d.enabled = false;
        return reply(CMD.ACK_OK);
      case CMD.REFRESH_DATA:
        return reply(CMD.ACK_OK);
      case CMD.GET_VERSION:
        return reply(CMD.ACK_OK, Buffer.from('Ver 6.60 Apr 13 2022\0', 'latin1'));
      case CMD.OPTIONS_RRQ: {
        const key = f.data.toString('latin1').split('\0')[0]!;
        const value = OPTIONS[key]?.(d) ?? '';
        return reply(CMD.ACK_OK, Buffer.from(`${key}=${value}\0`, 'latin1'));
      }
      case CMD.GET_FREE_SIZES: {
        const b = Buffer.alloc(92);
        // pyzk read_sizes: users@16, fingers@24, records@32, capacities fingers@56 users@60
        // records@64, free fingers@68 users@72 records@76.
        b.writeInt32LE(d.users.length, 16);
        b.writeInt32LE(d.templates.length, 24);
        b.writeInt32LE(d.log.length + (this.faults.extraLogCount ?? 0), 32);
        b.writeInt32LE(0, 40);
        b.writeInt32LE(d.fingerCapacity, 56);
        b.writeInt32LE(d.userCapacity, 60);
        b.writeInt32LE(d.logCapacity, 64);
        b.writeInt32LE(Math.max(0, d.fingerCapacity - d.templates.length), 68);
        b.writeInt32LE(Math.max(0, d.userCapacity - d.users.length), 72);
        b.writeInt32LE(Math.max(0, d.logCapacity - d.log.length), 76);
        b.writeInt32LE(0, 80);
        return reply(CMD.ACK_OK, b);
      }
      case CMD.GET_TIME: {
        const b = Buffer.alloc(4);
        b.writeUInt32LE(encodeZkTime(d.now()), 0);
        return reply(CMD.ACK_OK, b);
      }
      case CMD.SET_TIME:
        if (f.data.length < 4) return reply(CMD.ACK_ERROR);
        d.setTime(decodeZkTime(f.data.readUInt32LE(0)));
        return reply(CMD.ACK_OK);
      case CMD.USER_WRQ: {
        if (f.data.length < USER_RECORD_SIZE) return reply(CMD.ACK_ERROR);
        const u = decodeUserRecord(f.data);
        if (!u.userId || u.uid === 0) return reply(CMD.ACK_ERROR);
        d.upsertUser(u);
        return reply(CMD.ACK_OK);
      }
      case CMD.DELETE_USER: {
        if (f.data.length < 2) return reply(CMD.ACK_ERROR);
        const uid = f.data.readUInt16LE(0);
        d.deleteUser((u) => u.uid === uid);
        return reply(CMD.ACK_OK);
      }
      case CMD.CLEAR_ATTLOG:
        d.clearLog();
        return reply(CMD.ACK_OK);
      case CMD.CLEAR_DATA:
        d.clearLog();
        d.users = [];
        d.templates = [];
        return reply(CMD.ACK_OK);
      case CMD.REG_EVENT: {
        const mask = f.data.length >= 4 ? f.data.readUInt32LE(0) : 0;
        // Only one client receives events (reference §2): the last to register.
        for (const o of this.conns) o.events = false;
        c.events = (mask & EF_ATTLOG) !== 0;
        return reply(CMD.ACK_OK);
      }
      case CMD.FREE_DATA:
        c.blob = null;
        return reply(CMD.ACK_OK);
      case CMD.DATA_WRRQ: {
        // zkteco-js names the table (0x0D, 0x09); pyzk asks CMD_DB_RRQ (7) with an FCT_* code.
        const asked = f.data.length >= 3 ? f.data.readUInt16LE(1) : -1;
        const fct = f.data.length >= 7 ? f.data.readUInt32LE(3) : -1;
        const table = asked === TABLE_DB ? (DB_TABLES[fct] ?? -1) : asked;
        let blob: Buffer;
        if (table === TABLE_ATTLOG) blob = encodeBlob(d.log.map(encodeAttRecord));
        else if (table === TABLE_USERS) blob = encodeBlob(d.users.map(encodeUserRecord));
        else if (table === TABLE_DB) blob = this.templateBlob();
        else return reply(CMD.ACK_ERROR);
        if (blob.length <= this.directMaxBytes) {
          await reply(CMD.DATA, blob);
          if (table === TABLE_ATTLOG) this.afterAttRead();
          return;
        }
        c.blob = blob;
        c.blobTable = table;
        c.slice = 0;
        const info = Buffer.alloc(13);
        info.writeUInt32LE(blob.length, 1);
        info.writeUInt32LE(blob.length, 5);
        return reply(CMD.ACK_OK, info);
      }
      case CMD.DATA_RDY: {
        const blob = c.blob;
        if (!blob || f.data.length < 8) return reply(CMD.ACK_ERROR);
        const start = f.data.readUInt32LE(0);
        const len = f.data.readUInt32LE(4);
        const piece = blob.subarray(start, start + len);
        const prep = Buffer.alloc(8);
        prep.writeUInt32LE(piece.length, 0);
        const slice = c.slice++;
        await this.send(
          c,
          [
            encodeFrame(CMD.PREPARE_DATA, c.session, f.replyId, prep),
            encodeFrame(CMD.DATA, c.session, f.replyId, piece),
            encodeFrame(CMD.ACK_OK, c.session, f.replyId),
          ],
          slice,
        );
        if (!c.closed && !c.stalled && c.blobTable === TABLE_ATTLOG && start + len >= blob.length) this.afterAttRead();
        return;
      }
      default:
        return reply(CMD.ACK_UNKNOWN);
    }
  }

  private templateBlob(): Buffer {
    const blob = encodeBlob(this.device.templates.map(encodeTemplateRecord));
    const cut = this.faults.templateCut;
    if (!cut) return blob;
    const out = blob.subarray(0, Math.max(4, blob.length - cut.cutBytes));
    if (cut.announced === 'after-cut') out.writeUInt32LE(out.length - 4, 0);
    return out;
  }

  private afterAttRead(): void {
    if (this.faults.clearLogAfterRead) {
      delete this.faults.clearLogAfterRead;
      this.device.clearLog();
    }
  }

  private pushEvent(r: AttRecord): void {
    const b = Buffer.alloc(52);
    b.write(r.userId.slice(0, 24), 0, 24, 'latin1');
    const t = new Date(r.time);
    b.writeUInt8(r.verify, 24);
    b.writeUInt8(r.state, 25);
    b.writeUInt8(t.getUTCFullYear() - 2000, 26);
    b.writeUInt8(t.getUTCMonth() + 1, 27);
    b.writeUInt8(t.getUTCDate(), 28);
    b.writeUInt8(t.getUTCHours(), 29);
    b.writeUInt8(t.getUTCMinutes(), 30);
    b.writeUInt8(t.getUTCSeconds(), 31);
    for (const c of this.conns) {
      if (c.events && !c.closed && !c.stalled) void this.send(c, [encodeFrame(CMD.REG_EVENT, EF_ATTLOG, 0, b)]);
    }
  }

  /** Writes frames with the configured gaps and faults; `slice` marks a buffered-read slice. */
  private async send(c: Conn, frames: Buffer[], slice?: number): Promise<void> {
    const f = this.faults;
    const writes = f.coalesce && frames.length > 1 ? [Buffer.concat(frames)] : frames;
    let sliceBytes = 0;
    const drop = slice !== undefined && f.dropAt?.slice === slice ? f.dropAt : undefined;
    const stall = slice !== undefined && f.stallAt?.phase === 'slice' && f.stallAt.slice === slice ? f.stallAt : undefined;
    const cut = drop ? drop.byte : stall ? (stall.byte ?? 0) : Number.POSITIVE_INFINITY;
    for (let i = 0; i < writes.length; i++) {
      if (c.closed || c.stalled) return;
      if (f.frameDelayMs) await sleep(f.frameDelayMs);
      else if ((i > 0 || slice !== undefined) && this.frameGapMs > 0) await sleep(this.frameGapMs);
      let chunk = writes[i]!;
      if (sliceBytes + chunk.length > cut) {
        chunk = chunk.subarray(0, Math.max(0, cut - sliceBytes));
        await this.write(c, chunk);
        if (drop) {
          this.consume('dropAt');
          c.socket.destroy();
        } else {
          this.consume('stallAt');
          c.stalled = true;
        }
        return;
      }
      sliceBytes += chunk.length;
      await this.write(c, chunk);
    }
  }

  private async write(c: Conn, chunk: Buffer): Promise<void> {
    const bps = this.faults.bytesPerSecond;
    if (!bps) return this.writeRaw(c, chunk);
    const step = Math.max(1, Math.floor(bps / 50));
    for (let at = 0; at < chunk.length; at += step) {
      if (c.closed) return;
      await this.writeRaw(c, chunk.subarray(at, at + step));
      await sleep(20);
    }
  }

  private writeRaw(c: Conn, chunk: Buffer): Promise<void> {
    if (c.closed || chunk.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      c.socket.write(chunk, () => resolve());
    });
  }
}
