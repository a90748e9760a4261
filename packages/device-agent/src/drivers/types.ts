import type { AttRecord, NaiveMs } from '../simulator/zk/protocol';

/** One complete read of a terminal's attendance log. */
export interface DeviceRead {
  serial: string;
  /** The device clock, read during the poll (naive local time). */
  deviceTime: NaiveMs;
  /** Device clock minus true local time in the device's zone, ms (positive: device is fast). */
  skewMs: number;
  /** The record count the terminal reports; `records.length` always equals it. */
  logCount: number;
  /** How many records the terminal can hold, when it says. */
  logCapacity?: number;
  records: AttRecord[];
}

/** A user on a terminal, as the server sends and receives it (`device_commands`). */
export interface DeviceUser {
  pin: string;
  name: string;
  privilege: number;
  password: string;
  card: number;
  /**
   * Fingerprint templates: as the terminal gave them (EasyLink `{pin, idx, alg_ver, template}`),
   * or `DeviceTemplate`s (zk).
   */
  templates?: unknown[];
}

/** A fingerprint template read by the zk driver (pyzk `Finger`), with its user's PIN. */
export interface DeviceTemplate {
  pin: string;
  /** Finger index, 0-9. */
  fingerIndex: number;
  /** 1 when the terminal marks the template valid. */
  valid: number;
  /** The template bytes, base64. */
  template: string;
}

export interface DeviceDriver {
  /** Reads the whole log; throws rather than return a partial one. */
  read(): Promise<DeviceRead>;
  /**
   * Re-reads the log and clears it only if `confirmed` holds for every record in it
   * (the server has them). Returns whether the log was cleared.
   */
  clearLogIfConfirmed(confirmed: (r: AttRecord) => boolean): Promise<boolean>;
  /**
   * Optional: listens for real-time punches on a separate connection until `signal` aborts,
   * reconnecting as needed. Events only trigger an earlier poll; the poll stays the source of truth.
   */
  watch?(onPunch: (userId: string) => void, signal: AbortSignal): Promise<void>;
  /** Reads every user of the terminal (a backup). */
  getUsers?(): Promise<DeviceUser[]>;
  /** Writes users (added, or updated by PIN); returns how many were written. */
  setUsers?(users: readonly DeviceUser[]): Promise<number>;
}

/** A read that must not be accepted (truncated, garbled or inconsistent). */
export class DeviceReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeviceReadError';
  }
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();

/** True wall-clock time now in `timeZone`, as a naive time (for clock-skew measurement). */
export function naiveNowIn(timeZone: string, at = Date.now()): NaiveMs {
  let f = partsFormat.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) + (at % 1000);
}
