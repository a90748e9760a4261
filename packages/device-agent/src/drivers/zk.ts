import type { Socket } from 'node:net';
import ZTCP from 'zkteco-js/src/ztcp.js';
import {
  ATT_RECORD_SIZE,
  type AttRecord,
  CMD,
  decodeAttRecord,
  decodeFrame,
  decodeTemplateRecords,
  decodeUserRecord,
  encodeUserRecord,
  decodeZkTime,
  encodeFrame,
  type Frame,
  FrameParser,
  EF_ATTLOG,
  FCT_FINGERTMP,
  MAX_CHUNK,
  makeCommKey,
  TABLE_ATTLOG,
  TABLE_DB,
  TABLE_USERS,
  type TemplateRecord,
  USER_RECORD_SIZE,
  type UserRecord,
} from '../simulator/zk/protocol';
import { type DeviceDriver, type DeviceRead, DeviceReadError, type DeviceTemplate, type DeviceUser, naiveNowIn } from './types';

/**
 * Driver `zk`: zkteco-js 1.7.2 for the socket, CONNECT and the plain commands, wrapped to fix
 * the defects that lose data silently (reference/devices.md §1):
 * - frames coalesced into one TCP read (or split over several) are re-cut into exactly one
 *   frame per socket `data` event before zkteco-js sees them;
 * - the bulk read (FREE_DATA / DATA_WRRQ / DATA_RDY per slice / FREE_DATA) is done here,
 *   one slice at a time, matching reply ids, checking every length and surfacing every error
 *   (zkteco-js returns partial data without an error and leaves a stale listener behind);
 * - records are decoded here: the full 24-byte user id (zkteco-js keeps 9 characters) and
 *   the device's naive wall-clock time (zkteco-js reads it in the host's time zone);
 * - the comm key (CMD_AUTH), which zkteco-js does not support;
 * - a read whose record count differs from the device's reported log count is refused;
 * - fingerprint templates (pyzk `get_templates`: CMD_DB_RRQ with FCT_FINGERTMP), which
 *   zkteco-js cannot read at all.
 */

export interface ZkDriverOptions {
  host: string;
  port: number;
  timeZone: string;
  commKey?: number;
  /** The serial the configuration expects; a different terminal at the address is refused. */
  serial?: string;
  timeoutMs?: number;
}

/** Makes every socket `data` event carry exactly one whole frame. */
function reframe(socket: Socket): void {
  const parser = new FrameParser();
  const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
  socket.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event !== 'data') return emit(event, ...args);
    for (const frame of parser.push(args[0] as Buffer)) emit('data', frame);
    return true;
  }) as typeof socket.emit;
}

class Session {
  readonly tcp: ZTCP;
  private socket!: Socket;
  private closedError: Error | null = null;

  constructor(private readonly o: ZkDriverOptions) {
    this.tcp = new ZTCP(o.host, o.port, o.timeoutMs ?? 10_000);
  }

  async open(): Promise<void> {
    try {
      this.socket = await this.tcp.createSocket();
    } catch (e) {
      throw new DeviceReadError(`cannot connect to ${this.o.host}:${this.o.port}: ${describe(e)}`);
    }
    // zkteco-js listens for one 'error' only; a second one would crash the process.
    this.socket.on('error', (e) => {
      this.closedError ??= e;
    });
    this.socket.on('close', () => {
      this.closedError ??= new Error('connection closed by the device');
    });
    reframe(this.socket);
    const reply = await this.exec(CMD.CONNECT, undefined, true);
    if (reply.cmd === CMD.ACK_UNAUTH) {
      if (this.o.commKey === undefined) throw new DeviceReadError('the terminal requires a comm key (set commKey)');
      const auth = await this.exec(CMD.AUTH, makeCommKey(this.o.commKey, this.tcp.sessionId ?? 0), true);
      if (auth.cmd !== CMD.ACK_OK) throw new DeviceReadError('the terminal refused the comm key');
    } else if (reply.cmd !== CMD.ACK_OK) {
      throw new DeviceReadError(`CONNECT answered ${reply.cmd}`);
    }
  }

  /** A plain command through zkteco-js; returns the decoded answer frame. */
  async exec(cmd: number, data?: Buffer, anyAnswer = false): Promise<Frame> {
    let raw: Buffer;
    try {
      raw = await this.tcp.executeCmd(cmd, data ?? '');
    } catch (e) {
      throw new DeviceReadError(`command ${cmd} failed: ${describe(this.closedError ?? e)}`);
    }
    const f = decodeFrame(Buffer.concat([Buffer.alloc(8), raw]));
    if (!anyAnswer && f.cmd !== CMD.ACK_OK) throw new DeviceReadError(`command ${cmd} answered ${f.cmd}`);
    return f;
  }

  /** The buffered (or direct) read of one table: the whole blob, or an error. */
  async readTable(table: number, fct: number): Promise<Buffer> {
    await this.exec(CMD.FREE_DATA);
    const timeoutMs = this.o.timeoutMs ?? 10_000;
    const queue: Frame[] = [];
    let wake: (() => void) | null = null;
    let wantId = -1;
    const onData = (buf: Buffer) => {
      const f = decodeFrame(buf);
      if (f.cmd === CMD.REG_EVENT || f.replyId !== wantId) return;
      queue.push(f);
      wake?.();
    };
    const onClose = () => wake?.();
    this.socket.on('data', onData);
    this.socket.on('close', onClose);
    const next = async (): Promise<Frame> => {
      const deadline = Date.now() + timeoutMs;
      while (!queue.length) {
        if (this.closedError) throw new DeviceReadError(`bulk read interrupted: ${this.closedError.message}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new DeviceReadError('bulk read timed out waiting for the terminal');
        await new Promise<void>((r) => {
          const t = setTimeout(r, left);
          wake = () => {
            clearTimeout(t);
            r();
          };
        });
        wake = null;
      }
      return queue.shift()!;
    };
    const request = (cmd: number, data: Buffer) => {
      this.tcp.replyId = (this.tcp.replyId + 1) % 65_535;
      wantId = this.tcp.replyId;
      queue.length = 0;
      this.socket.write(encodeFrame(cmd, this.tcp.sessionId ?? 0, wantId, data));
    };
    try {
      const wrrq = Buffer.alloc(11);
      wrrq.writeUInt8(1, 0);
      wrrq.writeUInt16LE(table, 1);
      wrrq.writeUInt32LE(fct, 3);
      request(CMD.DATA_WRRQ, wrrq);
      const first = await next();
      let blob: Buffer;
      if (first.cmd === CMD.DATA) blob = first.data;
      else if (first.cmd === CMD.ACK_OK && first.data.length >= 5) {
        const size = first.data.readUInt32LE(1);
        const parts: Buffer[] = [];
        for (let start = 0; start < size; start += MAX_CHUNK) {
          const len = Math.min(MAX_CHUNK, size - start);
          const rdy = Buffer.alloc(8);
          rdy.writeUInt32LE(start, 0);
          rdy.writeUInt32LE(len, 4);
          request(CMD.DATA_RDY, rdy);
          const prep = await next();
          if (prep.cmd !== CMD.PREPARE_DATA || prep.data.length < 4 || prep.data.readUInt32LE(0) !== len) {
            throw new DeviceReadError(`slice at ${start}: expected PREPARE_DATA for ${len} bytes, got command ${prep.cmd}`);
          }
          let got = 0;
          while (got < len) {
            const d = await next();
            if (d.cmd !== CMD.DATA) throw new DeviceReadError(`slice at ${start}: expected DATA, got command ${d.cmd}`);
            parts.push(d.data);
            got += d.data.length;
          }
          if (got !== len) throw new DeviceReadError(`slice at ${start}: ${got} bytes instead of ${len}`);
          const ack = await next();
          if (ack.cmd !== CMD.ACK_OK) throw new DeviceReadError(`slice at ${start}: expected ACK_OK, got command ${ack.cmd}`);
        }
        blob = Buffer.concat(parts);
        if (blob.length !== size) throw new DeviceReadError(`read ${blob.length} bytes instead of ${size}`);
      } else throw new DeviceReadError(`DATA_WRRQ answered command ${first.cmd}`);
      wantId = -1;
      await this.exec(CMD.FREE_DATA);
      if (blob.length < 4 || blob.readUInt32LE(0) !== blob.length - 4) {
        throw new DeviceReadError(
          `the data announces ${blob.length >= 4 ? blob.readUInt32LE(0) : '?'} bytes but holds ${blob.length - 4}`,
        );
      }
      return blob.subarray(4);
    } finally {
      this.socket.off('data', onData);
      this.socket.off('close', onClose);
    }
  }

  /** GET_FREE_SIZES: attendance records @32, attendance capacity @64 (reference §2). */
  async logCount(): Promise<{ count: number; capacity?: number }> {
    const f = await this.exec(CMD.GET_FREE_SIZES);
    if (f.data.length < 36) throw new DeviceReadError('GET_FREE_SIZES answer too short');
    return { count: f.data.readInt32LE(32), capacity: f.data.length >= 68 ? f.data.readInt32LE(64) || undefined : undefined };
  }

  async serial(): Promise<string> {
    const f = await this.exec(CMD.OPTIONS_RRQ, Buffer.from('~SerialNumber\0', 'latin1'));
    return f.data.toString('latin1').replace('~SerialNumber=', '').replace(/\0/g, '').trim();
  }

  /** Device clock and skew against true local time in the device's zone. */
  async clock(): Promise<{ deviceTime: number; skewMs: number }> {
    const before = Date.now();
    const f = await this.exec(CMD.GET_TIME);
    const after = Date.now();
    if (f.data.length < 4) throw new DeviceReadError('GET_TIME answer too short');
    const deviceTime = decodeZkTime(f.data.readUInt32LE(0));
    // The device clock has whole seconds: compare with the middle of the round trip.
    const hostNow = naiveNowIn(this.o.timeZone, Math.round((before + after) / 2));
    return { deviceTime, skewMs: Math.round(deviceTime + 500 - hostNow) };
  }

  async attendance(): Promise<AttRecord[]> {
    const body = await this.readTable(TABLE_ATTLOG, 0);
    if (body.length % ATT_RECORD_SIZE !== 0) {
      throw new DeviceReadError(`attendance data of ${body.length} bytes is not a whole number of 40-byte records`);
    }
    const out: AttRecord[] = [];
    for (let at = 0; at < body.length; at += ATT_RECORD_SIZE) out.push(decodeAttRecord(body.subarray(at, at + ATT_RECORD_SIZE)));
    return out;
  }

  /**
   * The user table, read like the attendance log (zkteco-js getUsers keeps only 9 characters of
   * the user id, so the 72-byte records are decoded here).
   */
  async users(): Promise<UserRecord[]> {
    const body = await this.readTable(TABLE_USERS, 5);
    if (body.length % USER_RECORD_SIZE !== 0) {
      throw new DeviceReadError(`user data of ${body.length} bytes is not a whole number of 72-byte records`);
    }
    const out: UserRecord[] = [];
    for (let at = 0; at < body.length; at += USER_RECORD_SIZE)
      out.push(decodeUserRecord(body.subarray(at, at + USER_RECORD_SIZE)));
    return out;
  }

  /**
   * The fingerprint templates (pyzk `get_templates`): the table body must be exactly whole
   * records, each `size` bytes long, header included.
   */
  async templates(): Promise<TemplateRecord[]> {
    const body = await this.readTable(TABLE_DB, FCT_FINGERTMP);
    try {
      return decodeTemplateRecords(body);
    } catch (e) {
      throw new DeviceReadError(`${(e as Error).message}; read refused`);
    }
  }

  /** Registers for attendance events; calls `onEvent` per pushed punch until the connection ends. */
  async listen(onEvent: (userId: string) => void, signal: AbortSignal): Promise<void> {
    const mask = Buffer.alloc(4);
    mask.writeUInt32LE(EF_ATTLOG, 0);
    await this.exec(CMD.REG_EVENT, mask);
    await new Promise<void>((resolve) => {
      const onData = (buf: Buffer) => {
        const f = decodeFrame(buf);
        if (f.cmd !== CMD.REG_EVENT || f.data.length < 24) return;
        // Acknowledge like pyzk does, so firmware that waits for it keeps sending.
        this.socket.write(encodeFrame(CMD.ACK_OK, this.tcp.sessionId ?? 0, 0));
        onEvent(f.data.subarray(0, 24).toString('latin1').split('\0')[0]!);
      };
      const done = () => {
        this.socket.off('data', onData);
        signal.removeEventListener('abort', done);
        resolve();
      };
      this.socket.on('data', onData);
      this.socket.once('close', done);
      signal.addEventListener('abort', done);
      if (signal.aborted) done();
    });
  }

  /** Leaves politely when the connection is healthy, otherwise just drops it. */
  async close(healthy: boolean): Promise<void> {
    if (healthy && !this.closedError) {
      try {
        await this.exec(CMD.EXIT, undefined, true);
      } catch {
        // the terminal went away while saying goodbye; nothing is lost
      }
    }
    this.tcp.socket?.destroy();
    this.socket?.destroy();
  }
}

const describe = (e: unknown): string => {
  let x: unknown = e;
  // zkteco-js throws plain nested objects ({ err: { err: Error } }).
  for (let i = 0; i < 5 && x && typeof x === 'object' && 'err' in x; i++) x = (x as { err: unknown }).err;
  if (x instanceof Error) return (x as NodeJS.ErrnoException).code ?? x.message;
  return typeof x === 'string' ? x : JSON.stringify(x);
};

/**
 * Templates mapped to PINs through the user table (a template carries the device's uid, not the
 * PIN), in the terminal's order. A template whose uid no user has is left out: nobody could use it.
 */
function templatesOf(users: readonly UserRecord[], templates: readonly TemplateRecord[]): DeviceTemplate[] {
  const pinOf = new Map(users.map((u) => [u.uid, u.userId]));
  const out: DeviceTemplate[] = [];
  for (const t of templates) {
    const pin = pinOf.get(t.uid);
    if (pin === undefined) continue;
    out.push({ pin, fingerIndex: t.fid, valid: t.valid, template: t.template.toString('base64') });
  }
  return out;
}

export class ZkDriver implements DeviceDriver {
  constructor(private readonly o: ZkDriverOptions) {}

  private async withSession<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    const s = new Session(this.o);
    let healthy = false;
    try {
      await s.open();
      const serial = await s.serial();
      if (this.o.serial && serial !== this.o.serial) {
        throw new DeviceReadError(`the terminal at ${this.o.host}:${this.o.port} has serial ${serial}, not ${this.o.serial}`);
      }
      // Disabled, the terminal takes no punches, so the count cannot move during the read.
      await s.exec(CMD.DISABLE_DEVICE, Buffer.alloc(4));
      try {
        const out = await fn(s);
        healthy = true;
        return out;
      } finally {
        await s.exec(CMD.ENABLE_DEVICE).catch(() => {});
      }
    } finally {
      await s.close(healthy);
    }
  }

  private async readAll(s: Session): Promise<DeviceRead> {
    const serial = await s.serial();
    const { deviceTime, skewMs } = await s.clock();
    const { count: logCount, capacity: logCapacity } = await s.logCount();
    const records = await s.attendance();
    if (records.length !== logCount) {
      throw new DeviceReadError(`read ${records.length} records but the terminal reports ${logCount}; read refused`);
    }
    return { serial, deviceTime, skewMs, logCount, logCapacity, records };
  }

  read(): Promise<DeviceRead> {
    return this.withSession((s) => this.readAll(s));
  }

  async watch(onPunch: (userId: string) => void, signal: AbortSignal, retryMs = 5000): Promise<void> {
    while (!signal.aborted) {
      const s = new Session(this.o);
      try {
        await s.open();
        await s.listen(onPunch, signal);
      } catch {
        // the terminal is away; the regular poll reports it
      } finally {
        await s.close(!signal.aborted);
      }
      if (signal.aborted) break;
      await new Promise<void>((r) => {
        const t = setTimeout(r, retryMs);
        signal.addEventListener('abort', () => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  /** Every user with the templates of their fingers (a backup), read in one session. */
  getUsers(): Promise<DeviceUser[]> {
    return this.withSession(async (s) => {
      const users = await s.users();
      const byPin = new Map<string, DeviceTemplate[]>(users.map((u) => [u.userId, []]));
      for (const t of templatesOf(users, await s.templates())) byPin.get(t.pin)!.push(t);
      return users.map((u) => ({
        pin: u.userId,
        name: u.name,
        privilege: u.privilege,
        password: u.password,
        card: u.card,
        templates: byPin.get(u.userId)!,
      }));
    });
  }

  /** Every fingerprint template, with the PIN of its user. */
  readTemplates(): Promise<DeviceTemplate[]> {
    return this.withSession(async (s) => templatesOf(await s.users(), await s.templates()));
  }

  /** CMD_USER_WRQ per user (the 72-byte record, full user id), keeping the uid of a PIN already there. */
  setUsers(users: readonly DeviceUser[]): Promise<number> {
    return this.withSession(async (s) => {
      const existing = await s.users();
      const uidOf = new Map(existing.map((u) => [u.userId, u.uid]));
      let next = Math.max(0, ...existing.map((u) => u.uid)) + 1;
      for (const u of users) {
        const uid = uidOf.get(u.pin) ?? next++;
        if (uid > 0xffff) throw new DeviceReadError('the terminal has no free user slot');
        const record = encodeUserRecord({
          uid,
          privilege: u.privilege,
          password: u.password,
          name: u.name,
          card: u.card,
          group: '1',
          userId: u.pin,
        });
        await s.exec(CMD.USER_WRQ, record);
      }
      return users.length;
    });
  }

  clearLogIfConfirmed(confirmed: (r: AttRecord) => boolean): Promise<boolean> {
    return this.withSession(async (s) => {
      const { records } = await this.readAll(s);
      if (!records.every(confirmed)) return false;
      await s.exec(CMD.CLEAR_ATTLOG);
      return true;
    });
  }
}
