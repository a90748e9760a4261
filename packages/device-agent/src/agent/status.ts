import path from 'node:path';
import type { AgentConfig } from '../config';
import { OUTBOX_ALERT, SKEW_ALERT_MS } from './agent';
import { Outbox } from './outbox';
import { type QuarantineSummary, readQuarantine, summarizeQuarantine } from './quarantine';
import { readState } from './state';

export interface DeviceStatus {
  name: string;
  serial: string | null;
  lastPollAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  skewMs: number | null;
  highWaterMark: string | null;
  logCount: number | null;
  waiting: number;
}

export interface AgentStatus {
  dataDir: string;
  outbox: number;
  lastUploadAt: string | null;
  uploadError: string | null;
  nextUploadAttemptAt: string | null;
  /** Entries in quarantine.jsonl (kept until `hr-agent quarantine retry` or `clear`). */
  quarantined: number;
  quarantine: QuarantineSummary;
  devices: DeviceStatus[];
}

/** Reads the agent's files (state.json, outbox.jsonl); works while the agent runs. */
export function readStatus(config: AgentConfig): AgentStatus {
  const dataDir = path.resolve(config.agent.dataDir);
  const state = readState(dataDir);
  const outbox = new Outbox(dataDir, { readOnly: true });
  const quarantine = summarizeQuarantine(readQuarantine(dataDir));
  return {
    dataDir,
    outbox: outbox.size,
    lastUploadAt: state.upload.lastSuccessAt ?? null,
    uploadError: state.upload.lastError ?? null,
    nextUploadAttemptAt: state.upload.nextAttemptAt ?? null,
    quarantined: quarantine.total,
    quarantine,
    devices: config.devices.map((d) => {
      const s = state.devices[d.name] ?? {};
      const serial = s.serial ?? d.serial ?? null;
      return {
        name: d.name,
        serial,
        lastPollAt: s.lastPollAt ?? null,
        lastSuccessAt: s.lastSuccessAt ?? null,
        lastError: s.lastError ?? null,
        skewMs: s.skewMs ?? null,
        highWaterMark: s.highWaterMark ?? null,
        logCount: s.lastLogCount ?? null,
        waiting: serial ? outbox.pendingFor(serial) : 0,
      };
    }),
  };
}

export function describeStatus(s: AgentStatus): string[] {
  const lines = [
    `Data dir      ${s.dataDir}`,
    `Outbox        ${s.outbox} punch(es) waiting${s.outbox > OUTBOX_ALERT ? '  (large: is the server reachable?)' : ''}`,
    `Last upload   ${s.lastUploadAt ?? 'never'}${s.uploadError ? `  (last error: ${s.uploadError}${s.nextUploadAttemptAt ? `; retry at ${s.nextUploadAttemptAt}` : ''})` : ''}`,
    `Quarantined   ${s.quarantined}${s.quarantine.retryable ? `  (${s.quarantine.retryable} punch(es) can be uploaded again: hr-agent quarantine retry)` : ''}`,
  ];
  for (const g of s.quarantine.groups.slice(0, 10)) {
    lines.push(`  ${g.count} ${g.kind}${g.serial ? ` from ${g.serial}` : ''}: ${g.reason}  (last ${g.lastAt})`);
  }
  if (s.quarantine.groups.length > 10)
    lines.push(`  … ${s.quarantine.groups.length - 10} more reason(s): hr-agent quarantine list`);
  for (const d of s.devices) {
    const skew =
      d.skewMs === null
        ? 'skew unknown'
        : `skew ${(d.skewMs / 1000).toFixed(1)} s${Math.abs(d.skewMs) > SKEW_ALERT_MS ? ' (!)' : ''}`;
    lines.push(
      `${d.name}: serial ${d.serial ?? '?'}  last poll ${d.lastPollAt ?? 'never'}${d.lastError ? ` FAILED (${d.lastError})` : ''}  ${skew}  high-water mark ${d.highWaterMark ?? 'none'}  log ${d.logCount ?? '?'}  waiting ${d.waiting}`,
    );
  }
  return lines;
}
