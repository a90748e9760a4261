/*
 * The ZKTeco ADMS push protocol (iclock, "PUSH SDK" 2.4.x) as text: what a terminal sends and what
 * it expects back. Pure functions, no database. Sources: shared/reference/id-compliance-2026.md
 * ("ZKTeco ADMS push"), the reference gateway das1192/ZKTecoAdmsGateway, and the quirks seen in
 * the field (Horilla #1115: every row with status 255; mixed CR/LF line ends; a trailing empty
 * line; names in the terminal's code page, not UTF-8).
 */
import { wallClockIn } from '../shared/time-zone';

/** Rows one POST may carry: 10,000 is the largest batch a terminal is known to send; a little headroom. */
export const MAX_PUSH_ROWS = 20_000;
/** Bytes one /iclock POST may carry: 10,000 ATTLOG rows are about 500 KiB; OPERLOG carries templates. */
export const PUSH_BODY_LIMIT = 8 * 1024 * 1024;
/** Commands handed out per /iclock/getrequest. */
export const COMMANDS_PER_REQUEST = 50;
/** A command handed out but not answered within this is handed out again (ms). */
export const COMMAND_REDELIVERY_MS = 120_000;

/** Control characters (tab, CR, LF included): never part of a PIN, a name or a password. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_ALL = /[\u0000-\u001f\u007f]/g;

/** A terminal serial as the `SN=` query parameter carries it (same rule as the registry's). */
const SERIAL = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** The serial of a request, or null when absent or not a serial at all. */
export function parseSerial(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return SERIAL.test(s) ? s : null;
}

/** A short printable token (pushver, Stamp, table): at most `max` characters of [A-Za-z0-9._-]. */
export function parseToken(v: unknown, max = 32): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return s.length > 0 && s.length <= max && /^[A-Za-z0-9._-]+$/.test(s) ? s : null;
}

// ---------------------------------------------------------------------------------------------
// Text decoding

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('windows-1252');
let gbk: InstanceType<typeof TextDecoder> | null = null;
try {
  gbk = new TextDecoder('gbk', { fatal: true });
} catch {
  gbk = null;
}

/** Whether every byte above 0x7F sits in a GB2312 hanzi pair (lead B0–F7, trail A1–FE). */
function looksLikeGb2312(buf: Uint8Array): boolean {
  let sawPair = false;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i]!;
    if (b < 0x80) continue;
    const t = buf[i + 1];
    if (b < 0xb0 || b > 0xf7 || t === undefined || t < 0xa1 || t > 0xfe) return false;
    sawPair = true;
    i++;
  }
  return sawPair;
}

/**
 * A terminal's body as text. Terminals send names in their own code page and never say which:
 * UTF-8 when the bytes are valid UTF-8; else the charset of the Content-Type when one is given
 * and known; else GBK when every non-ASCII byte forms a GB2312 hanzi pair (Chinese firmware);
 * else Windows-1252 / latin-1 (which decodes any byte).
 */
export function decodeBody(body: Uint8Array, contentType?: string | null): string {
  try {
    return utf8.decode(body);
  } catch {
    // not UTF-8: fall through
  }
  const charset = /charset\s*=\s*"?([A-Za-z0-9_-]{1,40})/i.exec(contentType ?? '')?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset).decode(body);
    } catch {
      // unknown charset name: fall through
    }
  }
  if (gbk && looksLikeGb2312(body)) {
    try {
      return gbk.decode(body);
    } catch {
      // fall through
    }
  }
  return latin1.decode(body);
}

/** The lines of a body: CRLF, LF and lone CR all end a line; empty lines (a trailing one) dropped. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/).filter((l) => l.trim().length > 0);
}

// ---------------------------------------------------------------------------------------------
// ATTLOG

/** One attendance row of `POST /iclock/cdata?table=ATTLOG`. */
export interface AttlogRow {
  pin: string;
  /** Terminal wall-clock time, `yyyy-mm-ddThh:mm:ss` (no zone: the terminal's own). */
  localTime: string;
  /** Punch state: 0 in, 1 out, 2/3 break, 4/5 overtime, 255 undefined (kept as sent). */
  status: number;
  /** Verify mode: 1 fingerprint, 15 face, 3/4 password/card, … (kept as sent). */
  verify: number;
  workcode: string;
}

export type ParsedLine<T> = { ok: true; row: T } | { ok: false; line: number; reason: string };

const TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** `yyyy-mm-dd hh:mm:ss` → `yyyy-mm-ddThh:mm:ss` when it is a real calendar time, else null. */
export function parseDeviceTime(s: string): string | null {
  const m = TIME.exec(s.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, se] = m.map(Number) as [number, number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || se > 59) return null;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d > days) return null;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
}

/** A small integer field (status, verify); empty or missing is 0; anything else must be 0–65535. */
function smallInt(s: string | undefined): number | null {
  const v = (s ?? '').trim();
  if (v === '') return 0;
  if (!/^\d{1,5}$/.test(v)) return null;
  const n = Number(v);
  return n <= 32767 ? n : null;
}

/**
 * The rows of an ATTLOG body: `PIN \t time \t status \t verify \t workcode \t reserved…` per line.
 * A line that is not a punch (no PIN, bad time, garbage) is returned as a refusal with its line
 * number (1-based, counting non-empty lines); the others are rows.
 */
export function parseAttlog(text: string): ParsedLine<AttlogRow>[] {
  return splitLines(text).map((line, i) => {
    const f = line.split('\t');
    const pin = (f[0] ?? '').trim();
    if (pin === '' || pin.length > 24 || CONTROL.test(pin)) {
      return { ok: false as const, line: i + 1, reason: 'PIN is missing or not printable (at most 24 characters)' };
    }
    const localTime = parseDeviceTime(f[1] ?? '');
    if (!localTime) return { ok: false as const, line: i + 1, reason: 'time must be yyyy-mm-dd hh:mm:ss' };
    const status = smallInt(f[2]);
    const verify = smallInt(f[3]);
    if (status === null || verify === null) {
      return { ok: false as const, line: i + 1, reason: 'status and verify must be whole numbers' };
    }
    return { ok: true as const, row: { pin, localTime, status, verify, workcode: (f[4] ?? '').trim().slice(0, 16) } };
  });
}

// ---------------------------------------------------------------------------------------------
// OPERLOG: USER and FP records (and OPLOG operation entries, which are only counted)

export interface OperUser {
  pin: string;
  name: string;
  privilege: number;
  password: string;
  card: number;
}
export interface OperTemplate {
  pin: string;
  fid: number;
  size: number;
  valid: number;
  tmp: string;
}
export type OperRecord = { kind: 'user'; user: OperUser } | { kind: 'fp'; fp: OperTemplate } | { kind: 'oplog' };

/** `KEY=value\tKEY=value` after the record's type word. Keys are matched case-insensitively. */
function keyValues(rest: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const part of rest.split('\t')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    m.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1));
  }
  return m;
}

const PRINTABLE = (s: string) => !CONTROL.test(s);

/** A card number as terminals write it: `12345`, `[0000003039]` (hex in brackets on some firmware: decimal here). */
function parseCard(s: string | undefined): number {
  const v = (s ?? '').trim().replace(/^\[|\]$/g, '');
  if (!/^\d{1,10}$/.test(v)) return 0;
  const n = Number(v);
  return n <= 4_294_967_295 ? n : 0;
}

/** The records of an OPERLOG body. */
export function parseOperlog(text: string): ParsedLine<OperRecord>[] {
  return splitLines(text).map((line, i) => {
    const sp = line.search(/[ \t]/);
    const type = (sp < 0 ? line : line.slice(0, sp)).trim().toUpperCase();
    const rest = sp < 0 ? '' : line.slice(sp + 1);
    if (type === 'OPLOG') return { ok: true as const, row: { kind: 'oplog' as const } };
    if (type !== 'USER' && type !== 'FP')
      return { ok: false as const, line: i + 1, reason: `unknown record ${type.slice(0, 20)}` };
    const kv = keyValues(rest);
    const pin = (kv.get('pin') ?? '').trim();
    if (pin === '' || pin.length > 24 || !PRINTABLE(pin)) {
      return { ok: false as const, line: i + 1, reason: 'PIN is missing or not printable (at most 24 characters)' };
    }
    if (type === 'USER') {
      const name = [...(kv.get('name') ?? '').replace(CONTROL_ALL, '').trim()].slice(0, 24).join('');
      const pri = smallInt(kv.get('pri'));
      return {
        ok: true as const,
        row: {
          kind: 'user' as const,
          user: {
            pin,
            name,
            privilege: pri === null || pri > 255 ? 0 : pri,
            password: (kv.get('passwd') ?? '').replace(CONTROL_ALL, '').slice(0, 8),
            card: parseCard(kv.get('card')),
          },
        },
      };
    }
    const fid = smallInt(kv.get('fid'));
    const tmp = (kv.get('tmp') ?? '').trim();
    if (fid === null || fid > 9) return { ok: false as const, line: i + 1, reason: 'FID must be 0 to 9' };
    if (tmp === '' || tmp.length > 20_000 || !/^[A-Za-z0-9+/=]+$/.test(tmp)) {
      return { ok: false as const, line: i + 1, reason: 'TMP must be a base64 template (at most 20,000 characters)' };
    }
    return {
      ok: true as const,
      row: {
        kind: 'fp' as const,
        fp: { pin, fid, size: smallInt(kv.get('size')) ?? 0, valid: smallInt(kv.get('valid')) ?? 1, tmp },
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Answers

export interface PushOptions {
  serial: string;
  attlogStamp: string;
  operlogStamp: string;
  /** Hours from UTC of the terminal's registry time zone (7 for Asia/Jakarta). */
  timeZoneHours: number;
  /** Seconds between getrequest heartbeats. */
  delay: number;
  /** Seconds to wait after a failed request. */
  errorDelay: number;
}

/**
 * The options block answered to `GET /iclock/cdata?options=all`: the stamps tell the terminal from
 * where to resume; TransFlag lists what it pushes; Realtime=1 pushes each punch as it happens.
 */
export function formatOptions(o: PushOptions): string {
  return [
    `GET OPTION FROM: ${o.serial}`,
    `ATTLOGStamp=${o.attlogStamp}`,
    `OPERLOGStamp=${o.operlogStamp}`,
    'ATTPHOTOStamp=None',
    `ErrorDelay=${o.errorDelay}`,
    `Delay=${o.delay}`,
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    'TransFlag=TransData AttLog OpLog EnrollUser ChgUser EnrollFP ChgFP',
    `TimeZone=${o.timeZoneHours}`,
    'Realtime=1',
    'Encrypt=0',
    '',
  ].join('\n');
}

/** Hours from UTC of `timeZone` at `at` (Indonesia has no DST: 7, 8 or 9), to the half hour. */
export function utcOffsetHours(timeZone: string, at: Date): number {
  const w = wallClockIn(at, timeZone);
  const asUtc = Date.UTC(+w.year, +w.month - 1, +w.day, +w.hour, +w.minute, +w.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 1_800_000) / 2;
}

/** Clock skew from a request's `Date` header (terminal clock minus server clock, ms); null if absent or unreadable. */
export function skewFromDateHeader(header: string | undefined, now: Date): number | null {
  if (!header || header.length > 64) return null;
  const t = Date.parse(header);
  if (!Number.isFinite(t)) return null;
  return t - now.getTime();
}

/** A `DATA UPDATE USERINFO` line for one user (tab-separated, as the terminal's own OPERLOG). */
export function userInfoCommand(u: { pin: string; name: string; privilege: number; password: string; card: number }): string {
  const clean = (s: string) => s.replace(CONTROL_ALL, ' ');
  return `DATA UPDATE USERINFO PIN=${clean(u.pin)}\tName=${clean(u.name)}\tPri=${u.privilege}\tPasswd=${clean(u.password)}\tCard=${u.card}\tGrp=1`;
}

/** `DATA QUERY ATTLOG` for a range of terminal-local times (`yyyy-mm-ddThh:mm:ss`). */
export function queryAttlogCommand(from: string, to: string): string {
  return `DATA QUERY ATTLOG StartTime=${from.replace('T', ' ')}\tEndTime=${to.replace('T', ' ')}`;
}

/** One result line of `POST /iclock/devicecmd`: `ID=<id>&Return=<code>&CMD=<cmd>`. */
export interface CommandReturn {
  id: number;
  code: number;
  cmd: string;
}

/** The results in a devicecmd body (one per line); lines without a numeric ID and Return are skipped. */
export function parseDeviceCmd(text: string): CommandReturn[] {
  const out: CommandReturn[] = [];
  for (const line of splitLines(text)) {
    const q = new URLSearchParams(line.trim());
    const id = q.get('ID') ?? q.get('id');
    const ret = q.get('Return') ?? q.get('return');
    if (!id || !/^\d{1,15}$/.test(id) || !ret || !/^-?\d{1,9}$/.test(ret)) continue;
    out.push({ id: Number(id), code: Number(ret), cmd: (q.get('CMD') ?? q.get('cmd') ?? '').slice(0, 40) });
  }
  return out;
}
