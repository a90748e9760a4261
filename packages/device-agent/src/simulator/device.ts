import { EventEmitter } from 'node:events';
import type { AttRecord, NaiveMs, TemplateRecord, UserRecord } from './zk/protocol';

/**
 * What a terminal holds, shared by the ZK and EasyLink simulators: users, the attendance
 * log (append-only until cleared) and a wall clock without a time zone.
 */

/** Mulberry32: a tiny deterministic PRNG, so a seed always yields the same device. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const DAY = 86_400_000;
const FIRST_NAMES = ['Budi', 'Siti', 'Agus', 'Dewi', 'Rina', 'Joko', 'Wati', 'Eko', 'Sri', 'Andi', 'Putri', 'Hendra'];

export interface GenerateOptions {
  seed?: number;
  users?: number;
  records?: number;
  /** The last day that holds punches (naive 'YYYY-MM-DD'); earlier days are filled backwards. */
  endDay?: string;
  /** User ids longer than 9 characters (`EMP-000123456`), which zkteco-js truncates. */
  longIds?: boolean;
  /** Every n-th punch gets state 255 (undefined). */
  state255Every?: number;
  /** Extra punches a few seconds after an existing one of the same user. */
  duplicates?: number;
  /** Records no real punch could produce (blank id, a time before 2001, a time far in the future). */
  garbage?: number;
  /**
   * How many users (the first ones) have enrolled fingers: one or two templates each, a few
   * hundred seeded bytes apiece. Default: every user, at most 10.
   */
  fingerprintUsers?: number;
}

export interface GeneratedData {
  users: UserRecord[];
  log: AttRecord[];
  templates: TemplateRecord[];
}

/** Fingers enrolled: the right index (6) first, then the left index (1). */
const ENROLLED_FINGERS = [6, 1];

/** One or two templates per user, from a PRNG of its own so the log stays what a seed always gave. */
function generateTemplates(users: readonly UserRecord[], count: number, seed: number): TemplateRecord[] {
  const rand = rng((seed ^ 0x5eed_f1a6) >>> 0);
  const out: TemplateRecord[] = [];
  for (const u of users.slice(0, Math.max(0, count))) {
    const fingers = rand() < 0.5 ? 1 : 2;
    for (let f = 0; f < fingers; f++) {
      const template = Buffer.alloc(300 + Math.floor(rand() * 500));
      for (let i = 0; i < template.length; i++) template[i] = Math.floor(rand() * 256);
      out.push({ uid: u.uid, fid: ENROLLED_FINGERS[f]!, valid: 1, template });
    }
  }
  return out;
}

export const DEFAULT_END_DAY = '2026-11-20';

/** Users with PINs 1001, 1002, … and a log of in/out punches over work days, oldest first. */
export function generateData(opts: GenerateOptions = {}): GeneratedData {
  const rand = rng(opts.seed ?? 1);
  const nUsers = Math.max(1, opts.users ?? 50);
  const nRecords = Math.max(0, opts.records ?? 0);
  const users: UserRecord[] = [];
  for (let i = 0; i < nUsers; i++) {
    const pin = 1001 + i;
    users.push({
      uid: i + 1,
      privilege: i === 0 ? 14 : 0,
      password: '',
      name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${pin}`,
      card: 0,
      group: '1',
      userId: opts.longIds ? `EMP-000${String(pin).padStart(6, '0')}` : String(pin),
    });
  }
  const perDay = nUsers * 2;
  const days = Math.ceil(nRecords / perDay);
  const [y, m, d] = (opts.endDay ?? DEFAULT_END_DAY).split('-').map(Number) as [number, number, number];
  const end = Date.UTC(y, m - 1, d);
  const log: AttRecord[] = [];
  for (let day = days - 1; day >= 0 && log.length < nRecords; day--) {
    const base = end - day * DAY;
    const dayPunches: AttRecord[] = [];
    for (const u of users) {
      const tin = base + 7 * 3_600_000 + Math.floor(rand() * 90 * 60) * 1000;
      const tout = base + 16 * 3_600_000 + Math.floor(rand() * 120 * 60) * 1000;
      const verify = rand() < 0.9 ? 1 : 15;
      dayPunches.push({ uid: u.uid, userId: u.userId, verify, time: tin, state: 0 });
      dayPunches.push({ uid: u.uid, userId: u.userId, verify, time: tout, state: 1 });
    }
    dayPunches.sort((a, b) => a.time - b.time || a.uid - b.uid);
    for (const p of dayPunches) if (log.length < nRecords) log.push(p);
  }
  const every = opts.state255Every;
  if (every) {
    for (let i = 0; i < log.length; i += every) log[i]!.state = 255;
  }
  for (let i = 0; i < (opts.duplicates ?? 0) && log.length; i++) {
    const at = Math.floor(rand() * log.length);
    const src = log[at]!;
    log.splice(at + 1, 0, { ...src, time: src.time + (2 + Math.floor(rand() * 5)) * 1000 });
  }
  for (let i = 0; i < (opts.garbage ?? 0); i++) {
    const at = Math.floor(rand() * (log.length + 1));
    const kind = i % 4;
    const g: AttRecord =
      kind === 0
        ? { uid: 0, userId: '', verify: 0, time: end + i * 1000, state: 0 }
        : kind === 1
          ? { uid: 9999, userId: '\u00ff\u00fe??', verify: 200, time: end + i * 1000, state: 7 }
          : kind === 2
            ? { uid: 1, userId: users[0]!.userId, verify: 1, time: Date.UTC(2000, 0, 1) + i * 1000, state: 0 }
            : { uid: 1, userId: users[0]!.userId, verify: 1, time: Date.UTC(2099, 11, 31, 23, 59, 59) - i * 1000, state: 0 };
    log.splice(at, 0, g);
  }
  const templates = generateTemplates(users, opts.fingerprintUsers ?? Math.min(nUsers, 10), opts.seed ?? 1);
  return { users, log, templates };
}

export interface DeviceOptions extends GenerateOptions {
  serial?: string;
  name?: string;
  /** The zone the terminal's wall clock follows, in minutes east of UTC (WIB = 420). */
  utcOffsetMinutes?: number;
  /** Device clock minus true local time, in ms. */
  clockSkewMs?: number;
  userCapacity?: number;
  logCapacity?: number;
  fingerCapacity?: number;
}

/** One terminal's state; emits 'punch' (AttRecord) for every punch made "at the terminal". */
export class Device extends EventEmitter {
  serial: string;
  name: string;
  users: UserRecord[];
  log: AttRecord[];
  /** Enrolled fingerprints, by the user's uid. */
  templates: TemplateRecord[];
  utcOffsetMinutes: number;
  clockSkewMs: number;
  userCapacity: number;
  logCapacity: number;
  fingerCapacity: number;
  enabled = true;

  constructor(opts: DeviceOptions = {}) {
    super();
    const data = generateData(opts);
    this.serial = opts.serial ?? `SIM${String(opts.seed ?? 1).padStart(10, '0')}`;
    this.name = opts.name ?? 'HR Simulator';
    this.users = data.users;
    this.log = data.log;
    this.templates = data.templates;
    this.utcOffsetMinutes = opts.utcOffsetMinutes ?? 420;
    this.clockSkewMs = opts.clockSkewMs ?? 0;
    this.userCapacity = opts.userCapacity ?? 3000;
    this.logCapacity = opts.logCapacity ?? 200_000;
    this.fingerCapacity = opts.fingerCapacity ?? 3000;
  }

  /** True local wall-clock time now (no skew), as a naive time. */
  trueNow(): NaiveMs {
    return Date.now() + this.utcOffsetMinutes * 60_000;
  }

  /** The device's clock, whole seconds. */
  now(): NaiveMs {
    return Math.floor((this.trueNow() + this.clockSkewMs) / 1000) * 1000;
  }

  setTime(t: NaiveMs): void {
    this.clockSkewMs = t - this.trueNow();
  }

  /** A clock jump: the device clock now reads `t`. */
  jumpClock(t: NaiveMs): void {
    this.setTime(t);
  }

  /** A punch at the terminal, stamped with the device clock unless a time is given. */
  punch(userId: string, opts: { state?: number; verify?: number; time?: NaiveMs } = {}): AttRecord {
    const user = this.users.find((u) => u.userId === userId);
    const rec: AttRecord = {
      uid: user?.uid ?? 0,
      userId,
      verify: opts.verify ?? 1,
      time: opts.time ?? this.now(),
      state: opts.state ?? 0,
    };
    this.log.push(rec);
    this.emit('punch', rec);
    return rec;
  }

  clearLog(): void {
    this.log = [];
  }

  upsertUser(u: UserRecord): void {
    const i = this.users.findIndex((x) => x.uid === u.uid || x.userId === u.userId);
    if (i >= 0) this.users[i] = u;
    else this.users.push(u);
  }

  deleteUser(match: (u: UserRecord) => boolean): void {
    const gone = new Set(this.users.filter(match).map((u) => u.uid));
    this.users = this.users.filter((u) => !gone.has(u.uid));
    this.templates = this.templates.filter((t) => !gone.has(t.uid));
  }

  /** Enrolls (or re-enrolls) one finger of a user. */
  enroll(uid: number, fid: number, template: Buffer, valid = 1): void {
    this.templates = this.templates.filter((t) => t.uid !== uid || t.fid !== fid);
    this.templates.push({ uid, fid, valid, template });
  }
}
