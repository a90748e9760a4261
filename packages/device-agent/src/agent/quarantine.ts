import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fsyncDir, type Punch } from './outbox';

/*
 * The quarantine (issue 19 item 18): what the agent read but the server will not take, kept in
 * `quarantine.jsonl` in the data dir until a person looks at it. Three kinds:
 * - invalid: a terminal record that cannot be a punch (blank id, time before 2001 or more than a
 *   day ahead). Never uploaded; `hr-agent quarantine clear` is the only way out.
 * - rejected: a punch the server answered `rejected` (e.g. the agent's credential is bound to
 *   another terminal). The server records the refusal on the terminal's page and in
 *   /developer/logs; once the cause is fixed, `hr-agent quarantine retry` uploads them again.
 * - refused: a whole batch the server refused (HTTP 400/413/422). Retried the same way.
 * Nothing leaves the quarantine by itself: a refusal that repeats every poll would otherwise loop.
 */

export const QUARANTINE_FILE = 'quarantine.jsonl';
/** Written by `hr-agent quarantine retry`; the running agent (or the next start) carries it out. */
export const RETRY_REQUEST_FILE = 'quarantine-retry.request';

export type QuarantineKind = 'invalid' | 'rejected' | 'refused';

export interface QuarantineEntry {
  key: string;
  at: string;
  reason: string;
  /** Missing in files written before the kinds existed: `punch` present means refused, else invalid. */
  kind?: QuarantineKind;
  device?: string;
  /** A punch that can be uploaded again (rejected, refused). */
  punch?: Punch;
  /** The raw terminal record (invalid). */
  record?: unknown;
}

export const kindOf = (e: QuarantineEntry): QuarantineKind => e.kind ?? (e.punch ? 'refused' : 'invalid');

/** Every entry of the quarantine file (a torn last line is skipped). */
export function readQuarantine(dir: string): QuarantineEntry[] {
  const file = path.join(dir, QUARANTINE_FILE);
  if (!existsSync(file)) return [];
  const out: QuarantineEntry[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    try {
      const e = JSON.parse(line) as QuarantineEntry;
      if (typeof e?.key === 'string') out.push(e);
    } catch {
      // a torn last line
    }
  }
  return out;
}

export interface QuarantineSummary {
  total: number;
  /** Entries that hold a punch: `hr-agent quarantine retry` uploads them again. */
  retryable: number;
  /** Counts per kind, terminal serial and reason (dates in reasons folded), largest first. */
  groups: { kind: QuarantineKind; serial: string | null; reason: string; count: number; lastAt: string }[];
}

const fold = (reason: string) => reason.replace(/\d{4}-\d\d-\d\d[T ][\d:]+/g, '<time>').slice(0, 200);

export function summarizeQuarantine(entries: readonly QuarantineEntry[]): QuarantineSummary {
  const groups = new Map<string, QuarantineSummary['groups'][number]>();
  for (const e of entries) {
    const kind = kindOf(e);
    const serial = e.punch?.deviceSerial ?? (typeof e.key === 'string' ? (e.key.split('|')[0] ?? null) : null);
    const reason = fold(e.reason ?? '');
    const id = `${kind}|${serial}|${reason}`;
    const g = groups.get(id);
    if (g) {
      g.count++;
      if (e.at > g.lastAt) g.lastAt = e.at;
    } else groups.set(id, { kind, serial, reason, count: 1, lastAt: e.at });
  }
  return {
    total: entries.length,
    retryable: entries.filter((e) => e.punch).length,
    groups: [...groups.values()].sort((a, b) => b.count - a.count || b.lastAt.localeCompare(a.lastAt)),
  };
}

/** Replaces the quarantine file atomically with `entries` (removes it when there are none). */
export function writeQuarantine(dir: string, entries: readonly QuarantineEntry[]): void {
  const file = path.join(dir, QUARANTINE_FILE);
  if (entries.length === 0) {
    rmSync(file, { force: true });
    fsyncDir(dir);
    return;
  }
  const tmp = `${file}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, `${entries.map((e) => JSON.stringify(e)).join('\n')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  fsyncDir(dir);
}

/**
 * `hr-agent quarantine clear`: moves the quarantine to `quarantine-cleared-<time>.jsonl` (kept for
 * the record, no longer counted). Returns how many entries were cleared and where they went.
 */
export function clearQuarantine(dir: string, now = new Date()): { cleared: number; archive: string | null } {
  const entries = readQuarantine(dir);
  if (entries.length === 0) return { cleared: 0, archive: null };
  const archive = path.join(dir, `quarantine-cleared-${now.toISOString().replace(/[:.]/g, '-')}.jsonl`);
  renameSync(path.join(dir, QUARANTINE_FILE), archive);
  fsyncDir(dir);
  return { cleared: entries.length, archive };
}

/** `hr-agent quarantine retry`: asks the agent to upload the quarantined punches again. */
export function requestRetry(dir: string, now = new Date()): void {
  writeFileSync(path.join(dir, RETRY_REQUEST_FILE), `${now.toISOString()}\n`);
  fsyncDir(dir);
}

/** Whether `hr-agent quarantine retry` asked for a retry (the request stays until retryDone). */
export function retryRequested(dir: string): boolean {
  return existsSync(path.join(dir, RETRY_REQUEST_FILE));
}

/** Removes the retry request, after the punches are back in the outbox and out of the quarantine. */
export function retryDone(dir: string): void {
  rmSync(path.join(dir, RETRY_REQUEST_FILE), { force: true });
  fsyncDir(dir);
}
