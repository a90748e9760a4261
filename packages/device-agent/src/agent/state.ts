import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fsyncDir } from './outbox';

/** What the agent remembers about one terminal between polls (state.json). */
export interface DeviceState {
  serial?: string;
  /** Newest punch time accepted so far (device-local 'YYYY-MM-DDTHH:mm:ss'). */
  highWaterMark?: string;
  /** The log count at the last accepted read, and the key of its last record. */
  lastLogCount?: number;
  lastKey?: string | null;
  lastPollAt?: string;
  lastSuccessAt?: string;
  lastError?: string | null;
  consecutiveFailures?: number;
  skewMs?: number | null;
  lastClearedAt?: string;
}

export interface AgentState {
  devices: Record<string, DeviceState>;
  upload: { lastSuccessAt?: string; lastError?: string | null; nextAttemptAt?: string | null; quarantined?: number };
}

export const STATE_FILE = 'state.json';

export function readState(dir: string): AgentState {
  const file = path.join(dir, STATE_FILE);
  if (!existsSync(file)) return { devices: {}, upload: {} };
  const s = JSON.parse(readFileSync(file, 'utf8')) as Partial<AgentState>;
  return { devices: s.devices ?? {}, upload: s.upload ?? {} };
}

/** Writes state.json atomically: a temporary file, fsync, rename, fsync of the directory. */
export function writeState(dir: string, state: AgentState): void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, STATE_FILE);
  const tmp = `${file}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, `${JSON.stringify(state, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  fsyncDir(dir);
}
