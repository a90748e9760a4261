import { decodeSignedFile } from '../shared/upload-check';
import { sql } from 'kysely';
import { type AuditEntry, audit } from '../audit/index';
import type { Actor } from '../access/index';
import type { Grant } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { userName } from '../shared/employee-sql';
import { AppError } from '../shared/errors';
import { uploadColumns } from '../shared/uploads';
import type { In } from '../shared/zod';
import { type InventoryReader, purchaseRequestVisible } from './access';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  type AttachmentType,
  addAttachmentInput,
  attachmentIdInput,
  catalogueIdInput,
  type InventoryDownload,
  PURCHASE_REQUEST_STATUS_LABELS,
  type PurchaseRequestAttachment,
  type PurchaseRequestStatus,
} from './schema';
import { fileDownload } from '../shared/file-download';

type Request = Grant<'inventory.request'>;

const notFound = () => new AppError('NOT_FOUND', 'Purchase request not found');
const fileNotFound = () => new AppError('NOT_FOUND', 'Attachment not found');

/** Decodes and checks a file: 1 byte to 700 KB, its content matching the declared type. */
function decode(input: { name: string; mime: AttachmentType; contentBase64: string }): Buffer {
  return decodeSignedFile(input, 'contentBase64', {
    bytes: ATTACHMENT_MAX_BYTES,
    label: '700 KB',
    message: 'An attachment may be at most 700 KB',
  });
}

/** Attachments of one purchase request, oldest first (without their content). */
export async function attachmentsOf(db: Db, purchaseRequestId: number): Promise<PurchaseRequestAttachment[]> {
  return db
    .selectFrom('inventory_purchase_request_attachments as a')
    .innerJoin('users as u', 'u.id', 'a.uploaded_by_user_id')
    .leftJoin('employees as e', 'e.id', 'u.employee_id')
    .select(['a.id', 'a.name', 'a.mime', 'a.size', userName().as('uploadedBy'), 'a.created_at as createdAt'])
    .where('a.purchase_request_id', '=', purchaseRequestId)
    .orderBy('a.id')
    .execute();
}

/** The request when the actor may open it (else NOT_FOUND); locked for update when asked. */
async function visibleRequest(
  db: Db,
  actor: Actor,
  id: number,
  lock: boolean,
): Promise<{ status: PurchaseRequestStatus; requesterUserId: number }> {
  if (lock) await db.selectFrom('inventory_purchase_requests').select('id').where('id', '=', id).forUpdate().execute();
  const row = await db
    .selectFrom('inventory_purchase_requests as r')
    .leftJoin('employees as e', 'e.id', 'r.requester_employee_id')
    .select(['r.status', 'r.requester_user_id as requesterUserId'])
    .where('r.id', '=', id)
    .where(purchaseRequestVisible(actor))
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Attachments change only by the requester and only while the request can still be edited. */
function refuseChange(actor: Actor, r: { status: PurchaseRequestStatus; requesterUserId: number }): void {
  if (r.requesterUserId !== actor.userId)
    throw new AppError('FORBIDDEN', 'Only the requester can change the attachments of this purchase request');
  if (r.status !== 'pending_managerial')
    throw new AppError(
      'CONFLICT',
      `Attachments can be changed only before the first approval; this purchase request is ${PURCHASE_REQUEST_STATUS_LABELS[r.status]}`,
    );
}

/**
 * One change of a purchase request's attachments, in a transaction: the request locked and still
 * changeable by the caller ({@link refuseChange}), then `change`, audited on the request as it says.
 * Returns the request's attachments.
 */
async function changeAttachments(
  ctx: Ctx,
  actor: Actor,
  id: number,
  change: (trx: Db) => Promise<Pick<AuditEntry, 'action' | 'before' | 'after'>>,
): Promise<PurchaseRequestAttachment[]> {
  await inTransaction(ctx, async (trx) => {
    refuseChange(actor, await visibleRequest(trx, actor, id, true));
    await audit(ctx, trx, { entity: 'inventory_purchase_request', entityId: id, ...(await change(trx)) });
  });
  return attachmentsOf(ctx.db, id);
}

/** Attachments of a purchase request the caller may open. */
export async function listPurchaseRequestAttachments(ctx: Ctx, grant: InventoryReader, raw: In<typeof catalogueIdInput>) {
  const { id } = catalogueIdInput.parse(raw);
  await visibleRequest(ctx.db, grant.actor, id, false);
  return attachmentsOf(ctx.db, id);
}

/**
 * Adds an attachment (PDF, JPG, PNG, XLSX or DOCX, at most 700 KB, at most 10 per request). The
 * requester only, while the request waits for managerial approval. Returns the attachments.
 */
export async function addPurchaseRequestAttachment(
  ctx: Ctx,
  grant: Request,
  raw: In<typeof addAttachmentInput>,
): Promise<PurchaseRequestAttachment[]> {
  const input = addAttachmentInput.parse(raw);
  const content = decode(input);
  return changeAttachments(ctx, grant.actor, input.id, async (trx) => {
    const count = await trx
      .selectFrom('inventory_purchase_request_attachments')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('purchase_request_id', '=', input.id)
      .executeTakeFirstOrThrow();
    if (count.n >= ATTACHMENT_MAX_FILES)
      throw new AppError('CONFLICT', `A purchase request can have at most ${ATTACHMENT_MAX_FILES} attachments`);
    const row = await trx
      .insertInto('inventory_purchase_request_attachments')
      .values({ purchase_request_id: input.id, ...uploadColumns(input, content, grant.actor.userId) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      action: 'attach',
      after: { attachmentId: row.id, name: input.name, mime: input.mime, size: content.length },
    };
  });
}

/** Removes an attachment: the requester only, while the request can still be edited. */
export async function deletePurchaseRequestAttachment(
  ctx: Ctx,
  grant: Request,
  raw: In<typeof attachmentIdInput>,
): Promise<PurchaseRequestAttachment[]> {
  const input = attachmentIdInput.parse(raw);
  return changeAttachments(ctx, grant.actor, input.id, async (trx) => {
    const gone = await trx
      .deleteFrom('inventory_purchase_request_attachments')
      .where('id', '=', input.attachmentId)
      .where('purchase_request_id', '=', input.id)
      .returning(['id', 'name', 'mime', 'size'])
      .executeTakeFirst();
    if (!gone) throw fileNotFound();
    return { action: 'detach', before: { attachmentId: gone.id, name: gone.name, mime: gone.mime, size: gone.size } };
  });
}

/** One attachment's bytes, for whoever may open the request. */
export async function downloadPurchaseRequestAttachment(
  ctx: Ctx,
  grant: InventoryReader,
  raw: In<typeof attachmentIdInput>,
): Promise<InventoryDownload> {
  const input = attachmentIdInput.parse(raw);
  await visibleRequest(ctx.db, grant.actor, input.id, false);
  const file = await ctx.db
    .selectFrom('inventory_purchase_request_attachments')
    .select(['name', 'mime', 'content'])
    .where('id', '=', input.attachmentId)
    .where('purchase_request_id', '=', input.id)
    .executeTakeFirst();
  if (!file) throw fileNotFound();
  return fileDownload(file.name, file.mime, file.content);
}
