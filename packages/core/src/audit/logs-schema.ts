import { z } from 'zod';
import type { FileDownload } from '../shared/outputs';
import { pageInput, text } from '../shared/zod';

/*
 * /developer/logs (issue 6): the audit log merged with agent/ingest events. Browser-safe (zod only).
 */

export const LOG_LEVELS = ['info', 'warning', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** `audit`: a row of audit_log; `agent`: an ingest batch of punches uploaded by a device agent. */
export const LOG_SOURCES = ['audit', 'agent'] as const;
export type LogSource = (typeof LOG_SOURCES)[number];

/**
 * Level of an audit entry, derived from its action (the audit log stores no level). Case-insensitive
 * POSIX/JS regular expressions, applied in SQL (`~*`) so the level filter stays set-based:
 * - error: the action records a failure (`…failed`, `…error`);
 * - warning: the action refuses, revokes, cancels or removes something (reject, refuse, disapprove,
 *   revoke, cancel, delete, remove, unassign, detach, clear…, retry);
 * - info: everything else (create, update, approve, …).
 */
export const AUDIT_ERROR_PATTERN = '(fail|error)';
export const AUDIT_WARNING_PATTERN = '(reject|refus|disapprove|revoke|cancel|delete|remove|unassign|detach|clear|retry)';

/** Level of an audit action, the same rule as the SQL (for tests and the browser). */
export function auditLevel(action: string): LogLevel {
  if (new RegExp(AUDIT_ERROR_PATTERN, 'i').test(action)) return 'error';
  if (new RegExp(AUDIT_WARNING_PATTERN, 'i').test(action)) return 'warning';
  return 'info';
}

/** Payload keys whose values are never shown (secrets, password hashes, tokens). */
export const SECRET_KEY_PATTERN = /secret|password|token|hash/i;
export const REDACTED = '[redacted]';

/** Default period when no `from` is given: the 7 days before `to` (or now). */
export const DEFAULT_PERIOD_DAYS = 7;
/** At most this many entries in one XLSX download. */
export const LOGS_EXCEL_LIMIT = 50_000;

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An instant: ISO 8601 date-time with a zone (`2026-11-20T08:00:00Z`, `…+07:00`), or a date (UTC midnight). */
export const logInstant = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2}))?$/,
    'must be a date-time such as 2026-11-20T08:00:00Z',
  )
  .refine((s) => {
    const t = Date.parse(s);
    if (Number.isNaN(t)) return false;
    const y = new Date(t).getUTCFullYear();
    // Date.parse rolls 2026-02-31 over; reject a day that does not exist.
    const [yy, mm, dd] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
    const d = new Date(Date.UTC(yy, mm - 1, dd));
    return y >= 1900 && y <= 2100 && d.getUTCMonth() === mm - 1 && d.getUTCDate() === dd;
  }, 'must be a real date-time');

const filters = {
  /** Search in the actor's e-mail or name (audit) or the agent's name and uploader (agent). */
  actor: z.preprocess(empty, text(100).optional()),
  /** Entity type, exactly (`employee`, `leave`, …; agent events are `device`). */
  entity: z.preprocess(empty, text(100).optional()),
  /** Entity id, exactly (with `entity`). */
  entityId: z.preprocess(empty, text(100).optional()),
  /** Action, exactly or as a prefix before a dot (`leave` matches `leave.approve`). */
  action: z.preprocess(empty, text(100).optional()),
  level: z.preprocess(empty, z.enum(LOG_LEVELS).optional()),
  source: z.preprocess(empty, z.enum(LOG_SOURCES).optional()),
  from: z.preprocess(empty, logInstant.optional()),
  to: z.preprocess(empty, logInstant.optional()),
};

export const listLogsInput = pageInput.extend(filters);
export const logsExcelInput = z.object(filters);
/** `audit-<id>` or `agent-<first punch id>`. */
export const logIdInput = z.object({
  id: z
    .string()
    .trim()
    .regex(/^(audit|agent)-\d{1,18}$/, 'must be an entry id such as audit-12'),
});

export interface LogRow {
  id: string;
  /** ISO instant, UTC. */
  at: string;
  level: LogLevel;
  source: LogSource;
  /** E-mail of the user (audit), or the agent's name with its uploader (agent); null: the system. */
  actor: string | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
}

export interface LogDetail extends LogRow {
  requestId: string | null;
  /** Full payload, secrets redacted: audit `{ before, after }`; agent `{ punches, counts, … }`. */
  payload: unknown;
  /** Top-level keys whose value differs between before and after (audit updates). */
  diff: { key: string; before: unknown; after: unknown }[];
}

export interface LogsExcel extends FileDownload {
  rows: number;
}
