import { sql } from 'kysely';
import type { Scope } from '../access/index';
import { scopeSql } from '../access/index';
import type { Db } from '../shared/context';
import type { OutgoingMail } from './mailer';
import type { MailStatus } from './schema';
import { anyId, chunksOf } from '../shared/sql';

/* SQL only (Kysely) for the mail outbox. */

/** A message to write to the outbox. */
export interface NewMail {
  to: { address: string; name: string | null };
  subject: string;
  text: string;
  html?: string | null;
  attachments?: { fileName: string; contentType: string; content: Buffer }[];
  /** What the message is about, e.g. { entity: 'payslip', id: 42 }. */
  related?: { entity: string; id: number } | null;
  /** The addressee's employee record (outbox data scope). */
  employeeId?: number | null;
}

/**
 * Writes messages and their attachments (a statement per 2,000 messages and per 100 attachments, so a
 * payroll's mailing stays within PostgreSQL's 65,535 parameters and bounded statement sizes); returns ids in order.
 */
export async function insertMessages(
  db: Db,
  rows: readonly NewMail[],
  opts: { from: string; status: MailStatus; createdBy: number | null; now: Date },
): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids: { id: number }[] = [];
  for (const part of chunksOf(rows))
    ids.push(
      ...(await db
        .insertInto('mail_outbox')
        .values(
          part.map((m) => ({
            to_address: m.to.address,
            to_name: m.to.name,
            from_address: opts.from,
            subject: m.subject,
            text_body: m.text,
            html_body: m.html ?? null,
            status: opts.status,
            related_entity: m.related?.entity ?? null,
            related_id: m.related?.id ?? null,
            employee_id: m.employeeId ?? null,
            created_by: opts.createdBy,
            created_at: opts.now,
            updated_at: opts.now,
          })),
        )
        .returning('id')
        .execute()),
    );
  const files = rows.flatMap((m, i) =>
    (m.attachments ?? []).map((a) => ({
      message_id: ids[i]!.id,
      file_name: a.fileName,
      content_type: a.contentType,
      size: a.content.length,
      content: a.content,
    })),
  );
  for (const part of chunksOf(files, 100)) await db.insertInto('mail_outbox_attachments').values(part).execute();
  return ids.map((r) => r.id);
}

/**
 * Outbox rows the scope may see: messages to employees in scope; messages to no employee only with
 * company-wide scope (the left-joined employee is null, so only `all` lets them through).
 */
export function outboxQuery(db: Db, scope: Scope) {
  return db
    .selectFrom('mail_outbox as m')
    .leftJoin('employees as e', 'e.id', 'm.employee_id')
    .where(scopeSql(scope, 'e'))
    .select([
      'm.id',
      'm.to_address as to',
      'm.to_name as toName',
      'm.subject',
      'm.status',
      'm.attempts',
      'm.last_error as lastError',
      'm.related_entity as relatedEntity',
      'm.related_id as relatedId',
      'm.employee_id as employeeId',
      'm.created_at as createdAt',
      'm.sent_at as sentAt',
      sql<string[]>`coalesce((select array_agg(a.file_name order by a.id) from mail_outbox_attachments a
        where a.message_id = m.id), '{}')`.as('attachments'),
    ]);
}

/** Queued messages among `ids` with what is needed to send them. */
export async function queryQueued(db: Db, ids: readonly number[]): Promise<(OutgoingMail & { id: number; attempts: number })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'attempts', 'from_address', 'to_address', 'to_name', 'subject', 'text_body', 'html_body'])
    .where(anyId('id', ids))
    .where('status', '=', 'queued')
    .orderBy('id')
    .execute();
  const files = rows.length
    ? await db
        .selectFrom('mail_outbox_attachments')
        .select(['message_id', 'file_name', 'content_type', 'content'])
        .where(
          'message_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    attempts: r.attempts,
    from: r.from_address,
    to: { address: r.to_address, name: r.to_name },
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    attachments: files
      .filter((f) => f.message_id === r.id)
      .map((f) => ({ fileName: f.file_name, contentType: f.content_type, content: Buffer.from(f.content) })),
  }));
}

/** Takes a queued message for sending; false when another caller already took it (attempts moved on). */
export async function claimQueued(db: Db, id: number, attempts: number, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('mail_outbox')
    .set({ attempts: attempts + 1, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where('attempts', '=', attempts)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markResult(db: Db, id: number, now: Date, error: string | null): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(
      error === null
        ? { status: 'sent', sent_at: now, last_error: null, updated_at: now }
        : { status: 'failed', last_error: error, updated_at: now },
    )
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/** Replaces every occurrence of `secret` in a message's stored bodies (text and HTML) with `replacement`. */
export async function redactBodies(db: Db, id: number, secret: string, replacement: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      text_body: sql<string>`replace(text_body, ${secret}, ${replacement})`,
      html_body: sql<string | null>`replace(html_body, ${secret}, ${replacement})`,
    })
    .where('id', '=', id)
    .execute();
}
