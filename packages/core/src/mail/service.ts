import { audit } from '../audit/index';
import type { Grant, Scope } from '../access/index';
import { type Ctx, inTransaction } from '../shared/context';
import { AppError, notFound } from '../shared/errors';
import { countedPage } from '../shared/page';
import { likePattern } from '../shared/sql';
import type { Page, In } from '../shared/zod';
import type { MailConfig } from './mailer';
import { claimQueued, insertMessages, markResult, type NewMail, outboxQuery, queryQueued, redactBodies } from './queries';
import { listOutboxInput, type OutboxMessage, type OutboxRow, outboxMessageInput } from './schema';

/** Messages sent at once over the pooled SMTP connections. */
const PARALLEL_SENDS = 3;
/** Longest SMTP error kept in last_error. */
const MAX_ERROR = 500;

/**
 * Writes messages to the outbox with the caller's database handle (call it inside the transaction of
 * the write the messages belong to). With SMTP configured they are `queued` for {@link deliverMail};
 * in the outbox-only mode they are `stored` (kept, visible in the app, not sent).
 */
export async function enqueueMail(ctx: Ctx, mail: MailConfig, messages: readonly NewMail[]): Promise<number[]> {
  return insertMessages(ctx.db, messages, {
    from: mail.from,
    status: mail.transport ? 'queued' : 'stored',
    createdBy: ctx.actor?.userId ?? null,
    now: ctx.clock(),
  });
}

export interface DeliveryResult {
  sent: number;
  failed: number;
  /** Ids of the messages that failed, with the SMTP server's reason. */
  failures: { id: number; error: string }[];
}

/**
 * Sends the queued messages among `ids` (after the transaction that wrote them committed). Each message
 * is claimed in SQL first (`… where status = 'queued' and attempts = n`), so two deliveries never send
 * the same message twice; a failure marks that message `failed` with the reason and never stops the
 * others or throws. Without SMTP there is nothing to send.
 */
export async function deliverMail(ctx: Ctx, mail: MailConfig, ids: readonly number[]): Promise<DeliveryResult> {
  const out: DeliveryResult = { sent: 0, failed: 0, failures: [] };
  const transport = mail.transport;
  if (!transport || ids.length === 0) return out;
  const queue = await queryQueued(ctx.db, ids);
  const worker = async () => {
    for (let m = queue.shift(); m; m = queue.shift()) {
      if (!(await claimQueued(ctx.db, m.id, m.attempts, ctx.clock()))) continue;
      let error: string | null = null;
      try {
        await transport.send(m);
      } catch (err) {
        error = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR) || 'sending failed';
      }
      await markResult(ctx.db, m.id, ctx.clock(), error);
      if (error === null) out.sent++;
      else {
        out.failed++;
        out.failures.push({ id: m.id, error });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_SENDS }, worker));
  return out;
}

/**
 * Removes a secret (a one-time password) from a message's stored text once delivery was attempted, so the outbox
 * never keeps it: what was handed to SMTP is gone from the database (issue 19). A failed message keeps the rest.
 */
export async function redactMail(ctx: Ctx, id: number, secret: string, replacement = '[removed from the outbox after sending]') {
  await redactBodies(ctx.db, id, secret, replacement);
}

/** The outbox, newest first: messages to employees in the caller's data scope (spec §6). */
export async function listOutbox(
  ctx: Ctx,
  grant: Grant<'salary.view'>,
  raw: In<typeof listOutboxInput>,
): Promise<Page<OutboxRow>> {
  const input = listOutboxInput.parse(raw);
  let q = outboxQuery(ctx.db, grant.scope);
  if (input.status) q = q.where('m.status', '=', input.status);
  if (input.search) {
    const like = likePattern(input.search);
    q = q.where((eb) =>
      eb.or([eb('m.to_address', 'ilike', like), eb('m.to_name', 'ilike', like), eb('m.subject', 'ilike', like)]),
    );
  }
  return countedPage(q, input, (q) => q.orderBy('m.id', 'desc'));
}

async function readMessage(ctx: Ctx, scope: Scope, id: number): Promise<OutboxMessage> {
  const row = await outboxQuery(ctx.db, scope)
    .select(['m.from_address as from', 'm.text_body as text', 'm.html_body as html'])
    .where('m.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Mail message');
  const files = await ctx.db
    .selectFrom('mail_outbox_attachments')
    .select(['file_name as fileName', 'content_type as contentType', 'size'])
    .where('message_id', '=', id)
    .orderBy('id')
    .execute();
  return { ...row, attachmentDetails: files };
}

/** One outbox message with its text and attachment names (NOT_FOUND outside the caller's scope). */
export async function getOutboxMessage(
  ctx: Ctx,
  grant: Grant<'salary.view'>,
  raw: In<typeof outboxMessageInput>,
): Promise<OutboxMessage> {
  return readMessage(ctx, grant.scope, outboxMessageInput.parse(raw).id);
}

/**
 * Sends a failed message again (or a `stored` one once SMTP is configured). Guarded in SQL: only a
 * failed or stored message goes back to queued, so two retries send it once.
 */
export async function retryMail(
  ctx: Ctx,
  grant: Grant<'salary.update'>,
  mail: MailConfig,
  raw: In<typeof outboxMessageInput>,
): Promise<OutboxMessage> {
  const { id } = outboxMessageInput.parse(raw);
  const before = await readMessage(ctx, grant.scope, id);
  if (!mail.transport)
    throw new AppError('PRECONDITION_FAILED', 'No SMTP server is configured (SMTP_URL): mail is kept in the outbox only');
  await inTransaction(ctx, async (trx) => {
    const r = await trx
      .updateTable('mail_outbox')
      .set({ status: 'queued', updated_at: ctx.clock() })
      .where('id', '=', id)
      .where('status', 'in', ['failed', 'stored'])
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1)
      throw new AppError('CONFLICT', `This message is ${before.status}; only a failed or stored message can be sent again`);
    await audit(ctx, trx, { action: 'retry', entity: 'mail_outbox', entityId: id, before: { status: before.status } });
  });
  await deliverMail(ctx, mail, [id]);
  return readMessage(ctx, grant.scope, id);
}
