import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';

/** What the server receives for one punch (the ingest contract). */
export interface Punch {
  deviceSerial: string;
  pin: string;
  /** Device-local wall-clock time, 'YYYY-MM-DDTHH:mm:ss'. */
  localTime: string;
  state: number;
  verifyType: number;
}

/** The dedupe key: the server is idempotent on device serial + PIN + device-local time. */
export const punchKey = (p: Pick<Punch, 'deviceSerial' | 'pin' | 'localTime'>): string =>
  `${p.deviceSerial}|${p.pin}|${p.localTime}`;

/** `retry`: a punch the server answered before (done) is to be uploaded again (`hr-agent quarantine retry`). */
type Line = { op: 'add'; p: Punch } | { op: 'done'; k: string[] } | { op: 'retry'; p: Punch };

/** fsyncs a directory so a rename or a new file in it survives a power cut. */
export function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // some platforms cannot open a directory; the data file itself is fsynced
  }
}

/** Appends lines to a file and fsyncs before returning. */
export function appendDurable(file: string, lines: string[]): void {
  if (!lines.length) return;
  const fd = openSync(file, 'a');
  try {
    writeSync(fd, `${lines.join('\n')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The durable outbox: an append-only JSON-lines journal (`outbox.jsonl`), fsynced on every
 * write. `add` lines hold punches waiting for the server, `done` lines the keys it has
 * confirmed. Replaying the journal after a crash restores both sets; a line torn by the
 * crash is ignored (its punches are re-read from the terminal, which still has them,
 * because the high-water mark moves only after the journal write returned).
 */
export class Outbox {
  readonly file: string;
  private readonly pending = new Map<string, Punch>();
  private readonly done = new Set<string>();
  private lines = 0;

  /** `readOnly` (for `hr-agent status`): replay only, never rewrite the journal. */
  constructor(
    readonly dir: string,
    opts: { readOnly?: boolean } = {},
  ) {
    this.file = path.join(dir, 'outbox.jsonl');
    if (!opts.readOnly) mkdirSync(dir, { recursive: true });
    this.replay(opts.readOnly);
    if (!opts.readOnly && this.lines > 1000 && this.lines > 2 * (this.pending.size + 1)) this.compact();
  }

  private replay(readOnly = false): void {
    if (!existsSync(this.file)) return;
    const all = readFileSync(this.file, 'utf8');
    // A crash can leave a torn last line without its newline: end it, or the next append would join it.
    if (!readOnly && all.length && !all.endsWith('\n')) appendDurable(this.file, ['']);
    for (const text of all.split('\n')) {
      if (!text) continue;
      let line: Line;
      try {
        line = JSON.parse(text) as Line;
      } catch {
        continue;
      }
      this.lines++;
      if (line.op === 'add') {
        const k = punchKey(line.p);
        if (!this.done.has(k)) this.pending.set(k, line.p);
      } else if (line.op === 'retry') {
        const k = punchKey(line.p);
        this.done.delete(k);
        this.pending.set(k, line.p);
      } else if (line.op === 'done') {
        for (const k of line.k) {
          this.pending.delete(k);
          this.done.add(k);
        }
      }
    }
  }

  /** Rewrites the journal with only the live state (pending punches and confirmed keys). */
  compact(): void {
    const tmp = `${this.file}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      const keys = [...this.done];
      for (let i = 0; i < keys.length; i += 1000)
        writeSync(fd, `${JSON.stringify({ op: 'done', k: keys.slice(i, i + 1000) })}\n`);
      for (const p of this.pending.values()) writeSync(fd, `${JSON.stringify({ op: 'add', p })}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
    fsyncDir(this.dir);
    this.lines = Math.ceil(this.done.size / 1000) + this.pending.size;
  }

  /** Known to the outbox: waiting, or already confirmed by the server. */
  has(key: string): boolean {
    return this.pending.has(key) || this.done.has(key);
  }

  isDone(key: string): boolean {
    return this.done.has(key);
  }

  /** Durably adds the punches not seen before; returns how many were new. */
  add(punches: Punch[]): number {
    const fresh: Punch[] = [];
    const seen = new Set<string>();
    for (const p of punches) {
      const k = punchKey(p);
      if (this.has(k) || seen.has(k)) continue;
      seen.add(k);
      fresh.push(p);
    }
    appendDurable(
      this.file,
      fresh.map((p) => JSON.stringify({ op: 'add', p })),
    );
    for (const p of fresh) this.pending.set(punchKey(p), p);
    this.lines += fresh.length;
    return fresh.length;
  }

  /**
   * Durably puts punches the server answered before back in line (they were quarantined); returns
   * how many were not waiting already.
   */
  requeue(punches: Punch[]): number {
    const seen = new Set<string>();
    const again = punches.filter((p) => {
      const k = punchKey(p);
      if (this.pending.has(k) || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    appendDurable(
      this.file,
      again.map((p) => JSON.stringify({ op: 'retry', p })),
    );
    for (const p of again) {
      const k = punchKey(p);
      this.done.delete(k);
      this.pending.set(k, p);
    }
    this.lines += again.length;
    return again.length;
  }

  /** Durably records that the server answered for these keys. */
  markDone(keys: string[]): void {
    if (!keys.length) return;
    appendDurable(this.file, [JSON.stringify({ op: 'done', k: keys })]);
    for (const k of keys) {
      this.pending.delete(k);
      this.done.add(k);
    }
    this.lines++;
  }

  get size(): number {
    return this.pending.size;
  }

  pendingFor(serial: string): number {
    let n = 0;
    for (const p of this.pending.values()) if (p.deviceSerial === serial) n++;
    return n;
  }

  /** The oldest waiting punches, all of one device (a batch carries one device's clock skew). */
  nextBatch(limit: number): Punch[] {
    const out: Punch[] = [];
    let serial: string | undefined;
    for (const p of this.pending.values()) {
      serial ??= p.deviceSerial;
      if (p.deviceSerial !== serial) continue;
      out.push(p);
      if (out.length >= limit) break;
    }
    return out;
  }
}
