/**
 * The ZK terminal protocol as the clients use it (reference/devices.md §2, checked against
 * pyzk and zk-protocol). Shared by the simulator and the agent's `zk` driver, so both sides
 * agree on one byte layout; the real clients (zkteco-js, node-zklib) are the judges in tests.
 */

export const CMD = {
  CONNECT: 1000,
  EXIT: 1001,
  ENABLE_DEVICE: 1002,
  DISABLE_DEVICE: 1003,
  REFRESH_DATA: 1013,
  GET_VERSION: 1100,
  AUTH: 1102,
  USER_WRQ: 8,
  OPTIONS_RRQ: 11,
  CLEAR_DATA: 14,
  CLEAR_ATTLOG: 15,
  DELETE_USER: 18,
  GET_FREE_SIZES: 50,
  GET_TIME: 201,
  SET_TIME: 202,
  REG_EVENT: 500,
  PREPARE_DATA: 1500,
  DATA: 1501,
  FREE_DATA: 1502,
  DATA_WRRQ: 1503,
  DATA_RDY: 1504,
  ACK_OK: 2000,
  ACK_ERROR: 2001,
  ACK_UNAUTH: 2005,
  ACK_UNKNOWN: 65535,
} as const;

/** DATA_WRRQ table numbers. */
export const TABLE_ATTLOG = 0x0d;
export const TABLE_USERS = 0x09;
/**
 * CMD_DB_RRQ: pyzk's generic table read (`read_with_buffer(CMD_DB_RRQ, fct)`), the only way to
 * read fingerprint templates; DATA_WRRQ carries it in the table field with the FCT_* in `fct`.
 */
export const TABLE_DB = 7;
export const FCT_ATTLOG = 1;
export const FCT_FINGERTMP = 2;
export const FCT_USER = 5;
/** A template record: u16 size (header included), u16 uid, i8 finger index, i8 valid, then the data. */
export const TEMPLATE_HEADER_SIZE = 6;
export const EF_ATTLOG = 1;
/** The clients slice a buffered read into pieces of this many bytes. */
export const MAX_CHUNK = 65_472;
export const ATT_RECORD_SIZE = 40;
export const USER_RECORD_SIZE = 72;
/** Width of the user id field in both record layouts (zkteco-js reads only 9 of it). */
export const USER_ID_WIDTH = 24;

const MAGIC = Buffer.from([0x50, 0x50, 0x82, 0x7d]);

export interface Frame {
  cmd: number;
  checksum: number;
  session: number;
  replyId: number;
  data: Buffer;
}

/** LE u16 word sum with carries folded; devices send 65535 - sum (nobody checks it). */
export function checksum(packet: Buffer): number {
  let sum = 0;
  for (let i = 0; i < packet.length; i += 2) {
    sum += i === packet.length - 1 ? packet[i]! : packet.readUInt16LE(i);
    sum = (sum & 0xffff) + (sum >>> 16);
  }
  return (0xffff - sum) & 0xffff;
}

/** One TCP frame: magic, u32 LE packet length, then cmd, checksum, session, reply id, data. */
export function encodeFrame(cmd: number, session: number, replyId: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const packet = Buffer.alloc(8 + data.length);
  packet.writeUInt16LE(cmd, 0);
  packet.writeUInt16LE(session & 0xffff, 4);
  packet.writeUInt16LE(replyId & 0xffff, 6);
  data.copy(packet, 8);
  packet.writeUInt16LE(checksum(packet), 2);
  const top = Buffer.alloc(8);
  MAGIC.copy(top, 0);
  top.writeUInt32LE(packet.length, 4);
  return Buffer.concat([top, packet]);
}

/**
 * A stream parser: feed it whatever one socket read returned (several frames, or part of
 * one); it returns the whole frames seen so far. Bytes before a magic are skipped.
 */
export class FrameParser {
  private buf: Buffer = Buffer.alloc(0);
  /** Bytes dropped because they did not start a frame. */
  skipped = 0;

  push(chunk: Buffer): Buffer[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: Buffer[] = [];
    for (;;) {
      if (this.buf.length < 8) break;
      if (!this.buf.subarray(0, 4).equals(MAGIC)) {
        const next = this.buf.indexOf(MAGIC, 1);
        const drop = next < 0 ? this.buf.length - 3 : next;
        this.skipped += drop;
        this.buf = this.buf.subarray(drop);
        continue;
      }
      const len = this.buf.readUInt32LE(4);
      if (this.buf.length < 8 + len) break;
      out.push(this.buf.subarray(0, 8 + len));
      this.buf = this.buf.subarray(8 + len);
    }
    return out;
  }
}

export function decodeFrame(frame: Buffer): Frame {
  const p = frame.subarray(8);
  return {
    cmd: p.readUInt16LE(0),
    checksum: p.readUInt16LE(2),
    session: p.readUInt16LE(4),
    replyId: p.readUInt16LE(6),
    data: p.subarray(8),
  };
}

/**
 * A naive device-local wall-clock time, as "milliseconds" of a UTC calendar: the terminal
 * has no time zone, so the agent never lets the host zone touch it (zkteco-js defect).
 */
export type NaiveMs = number;

export function encodeZkTime(t: NaiveMs): number {
  const d = new Date(t);
  const yy = d.getUTCFullYear() % 100;
  return (
    ((yy * 12 * 31 + d.getUTCMonth() * 31 + d.getUTCDate() - 1) * 86_400 +
      (d.getUTCHours() * 60 + d.getUTCMinutes()) * 60 +
      d.getUTCSeconds()) >>>
    0
  );
}

export function decodeZkTime(v: number): NaiveMs {
  let t = v;
  const s = t % 60;
  t = (t - s) / 60;
  const mi = t % 60;
  t = (t - mi) / 60;
  const h = t % 24;
  t = (t - h) / 24;
  const day = (t % 31) + 1;
  t = (t - (day - 1)) / 31;
  const mon = t % 12;
  t = (t - mon) / 12;
  return Date.UTC(2000 + t, mon, day, h, mi, s);
}

/** 'YYYY-MM-DDTHH:mm:ss' of a naive time. */
export function formatNaive(t: NaiveMs): string {
  return new Date(t).toISOString().slice(0, 19);
}

export function parseNaive(s: string): NaiveMs {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (!m) return Number.NaN;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

export interface AttRecord {
  /** The user's index on the device (not a log id). */
  uid: number;
  userId: string;
  verify: number;
  time: NaiveMs;
  /** Punch state: 0 in, 1 out, 2/3 break, 4/5 overtime, 255 undefined. */
  state: number;
}

export interface UserRecord {
  uid: number;
  privilege: number;
  password: string;
  name: string;
  card: number;
  group: string;
  userId: string;
}

const writeAscii = (buf: Buffer, s: string, at: number, width: number) => {
  buf.write(s.slice(0, width), at, width, 'latin1');
};
const readAscii = (buf: Buffer, at: number, width: number) => {
  const raw = buf.subarray(at, at + width);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? raw.length : end).toString('latin1');
};

export function encodeAttRecord(r: AttRecord): Buffer {
  const b = Buffer.alloc(ATT_RECORD_SIZE);
  b.writeUInt16LE(r.uid & 0xffff, 0);
  writeAscii(b, r.userId, 2, USER_ID_WIDTH);
  b.writeUInt8(r.verify & 0xff, 26);
  b.writeUInt32LE(encodeZkTime(r.time), 27);
  b.writeUInt8(r.state & 0xff, 31);
  return b;
}

export function decodeAttRecord(b: Buffer): AttRecord {
  return {
    uid: b.readUInt16LE(0),
    userId: readAscii(b, 2, USER_ID_WIDTH),
    verify: b.readUInt8(26),
    time: decodeZkTime(b.readUInt32LE(27)),
    state: b.readUInt8(31),
  };
}

export function encodeUserRecord(u: UserRecord): Buffer {
  const b = Buffer.alloc(USER_RECORD_SIZE);
  b.writeUInt16LE(u.uid & 0xffff, 0);
  b.writeUInt8(u.privilege & 0xff, 2);
  writeAscii(b, u.password, 3, 8);
  writeAscii(b, u.name, 11, 24);
  b.writeUInt32LE(u.card >>> 0, 35);
  writeAscii(b, u.group, 40, 7);
  writeAscii(b, u.userId, 48, USER_ID_WIDTH);
  return b;
}

export function decodeUserRecord(b: Buffer): UserRecord {
  return {
    uid: b.readUInt16LE(0),
    privilege: b.readUInt8(2),
    password: readAscii(b, 3, 8),
    name: readAscii(b, 11, 24),
    card: b.readUInt32LE(35),
    group: readAscii(b, 40, 7),
    userId: readAscii(b, 48, USER_ID_WIDTH),
  };
}

/** One fingerprint template as the terminal stores it (pyzk `Finger`). */
export interface TemplateRecord {
  /** The user's index on the device (the user record's uid). */
  uid: number;
  /** Finger index, 0-9. */
  fid: number;
  /** 1 when the template is valid. */
  valid: number;
  template: Buffer;
}

export function encodeTemplateRecord(t: TemplateRecord): Buffer {
  const b = Buffer.alloc(TEMPLATE_HEADER_SIZE + t.template.length);
  b.writeUInt16LE(b.length, 0);
  b.writeUInt16LE(t.uid & 0xffff, 2);
  b.writeInt8(t.fid, 4);
  b.writeInt8(t.valid, 5);
  t.template.copy(b, TEMPLATE_HEADER_SIZE);
  return b;
}

/**
 * The template records of a table body (after the u32 byte count). Throws when a record's size
 * is shorter than its header or runs past the end: the body must be exactly whole records.
 */
export function decodeTemplateRecords(body: Buffer): TemplateRecord[] {
  const out: TemplateRecord[] = [];
  for (let at = 0; at < body.length; ) {
    if (body.length - at < TEMPLATE_HEADER_SIZE) {
      throw new Error(`template data ends ${body.length - at} bytes into a record header at byte ${at}`);
    }
    const size = body.readUInt16LE(at);
    if (size < TEMPLATE_HEADER_SIZE || at + size > body.length) {
      throw new Error(`template record at byte ${at} announces ${size} bytes but ${body.length - at} remain`);
    }
    out.push({
      uid: body.readUInt16LE(at + 2),
      fid: body.readInt8(at + 4),
      valid: body.readInt8(at + 5),
      template: Buffer.from(body.subarray(at + TEMPLATE_HEADER_SIZE, at + size)),
    });
    at += size;
  }
  return out;
}

/** A bulk-read blob: u32 byte count, then the records. */
export function encodeBlob(records: Buffer[]): Buffer {
  const body = Buffer.concat(records);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length, 0);
  return Buffer.concat([head, body]);
}

/** pyzk's make_commkey: the 4 bytes a client sends with CMD_AUTH. */
export function makeCommKey(key: number, session: number, ticks = 50): Buffer {
  let k = 0;
  for (let i = 0; i < 32; i++) k = (key & (1 << i) ? (k << 1) | 1 : k << 1) >>> 0;
  k = (k + session) >>> 0;
  const b = Buffer.alloc(4);
  b.writeUInt32LE(k, 0);
  const x = Buffer.from([b[0]! ^ 0x5a, b[1]! ^ 0x4b, b[2]! ^ 0x53, b[3]! ^ 0x4f]);
  // unpack HH, pack swapped
  const swapped = Buffer.from([x[2]!, x[3]!, x[0]!, x[1]!]);
  const t = ticks & 0xff;
  return Buffer.from([swapped[0]! ^ t, swapped[1]! ^ t, t, swapped[3]! ^ t]);
}
