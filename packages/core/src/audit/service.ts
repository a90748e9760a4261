import type { Kysely, UpdateObject } from 'kysely';
import type { Database } from '../db/database';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import type { AppError } from '../shared/errors';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

// Never store secrets in the audit log.
const SECRET_KEYS = new Set(['password', 'password_hash', 'passwordHash', 'secret', 'secret_hash', 'token', 'token_hash']);
const redact = (v: unknown): unknown => {
  if (v === null || v === undefined) return v;
  if (Array.isArray(v)) return v.map(redact);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(v)) out[k] = SECRET_KEYS.has(k) ? '[redacted]' : redact(val);
    return out;
  }
  return v;
};

/** Records who did what to which entity, with before and after. Call inside the write's transaction. */
export async function audit(ctx: Ctx, db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: ctx.actor?.userId ?? null,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      before: entry.before === undefined ? null : JSON.stringify(redact(entry.before)),
      after: entry.after === undefined ? null : JSON.stringify(redact(entry.after)),
      request_id: ctx.requestId ?? null,
    })
    .execute();
}

/** Saves a one-row settings table (id 1) in one transaction: reads it, writes, reads it again and audits before/after. */
export async function saveAuditedSettings<T>(
  ctx: Ctx,
  settings: { action: string; entity: string; read: (db: Db) => Promise<T>; write: (trx: Db, before: T) => Promise<unknown> },
): Promise<T> {
  return inTransaction(ctx, async (trx) => {
    const before = await settings.read(trx);
    await settings.write(trx, before);
    const after = await settings.read(trx);
    await audit(ctx, trx, { action: settings.action, entity: settings.entity, entityId: 1, before, after });
    return after;
  });
}

/** A one-row settings table (id 1) the database types know. */
export type SettingsTable = keyof Database & `${string}_settings`;

/**
 * saveAuditedSettings for the usual write: one UPDATE of the row's given columns (the table is the audit
 * entity). With `onForeignKey`, a foreign-key refusal becomes that error (see dbWrite).
 */
export async function updateAuditedSettings<T, TB extends SettingsTable>(
  ctx: Ctx,
  settings: {
    action: string;
    table: TB;
    read: (db: Db) => Promise<T>;
    set: UpdateObject<Database, TB>;
    onForeignKey?: () => AppError;
  },
): Promise<T> {
  const { table, set, onForeignKey } = settings;
  // A generic table name defeats Kysely's column inference; `set` is checked against the table above.
  const update = (trx: Db) =>
    (trx as unknown as Kysely<SettingsRows>)
      .updateTable(table as string)
      .set(set as Record<string, unknown>)
      .where('id', '=', 1)
      .execute();
  return saveAuditedSettings(ctx, {
    action: settings.action,
    entity: table,
    read: settings.read,
    write: (trx) => (onForeignKey ? dbWrite(() => update(trx), { onForeignKey }) : update(trx)),
  });
}

type SettingsRows = Record<string, Record<string, unknown>>;
