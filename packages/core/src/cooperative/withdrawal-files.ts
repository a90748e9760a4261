import { sql } from 'kysely';
import { audit } from '../audit/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError } from '../shared/errors';
import { uploadColumns } from '../shared/uploads';
import type { In } from '../shared/zod';
import { refuseFileEdit, visibleWithdrawal } from './access';
import type { View } from './grants';
import {
  addWithdrawalFileInput,
  type CooperativeFileDownload,
  WITHDRAWAL_MAX_FILES,
  type WithdrawalDetail,
  withdrawalFileIdInput,
} from './schema';
import { decodeFile, getWithdrawal } from './withdrawals';
import { fileDownload } from '../shared/file-download';

// A withdrawal's supporting files

const fileNotFound = () => new AppError('NOT_FOUND', 'File not found');

async function activeFiles(trx: Db, withdrawalId: number): Promise<number> {
  const r = await trx
    .selectFrom('cooperative_withdrawal_files')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('withdrawal_id', '=', withdrawalId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return r.n;
}

const tooManyFiles = () =>
  new AppError('CONFLICT', `A withdrawal has at most ${WITHDRAWAL_MAX_FILES} files`, {
    fields: [{ param: 'contentBase64', msg: `at most ${WITHDRAWAL_MAX_FILES} files` }],
  });

/** Adds a supporting file (pdf/jpg/png, at most 5 MB, at most 5 files per withdrawal). */
export async function addWithdrawalFile(
  ctx: Ctx,
  grant: View,
  raw: In<typeof addWithdrawalFileInput>,
): Promise<WithdrawalDetail> {
  const input = addWithdrawalFileInput.parse(raw);
  const content = decodeFile(input, 'contentBase64');
  await inTransaction(ctx, async (trx) => {
    const w = await visibleWithdrawal(trx, grant.actor, input.id, true);
    refuseFileEdit(grant.actor, w);
    if ((await activeFiles(trx, w.id)) >= WITHDRAWAL_MAX_FILES) throw tooManyFiles();
    const f = await trx
      .insertInto('cooperative_withdrawal_files')
      .values({ withdrawal_id: w.id, ...uploadColumns(input, content, grant.actor.userId) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(ctx, trx, {
      action: 'cooperative.withdrawal.file.add',
      entity: 'cooperative_withdrawal_files',
      entityId: f.id,
      after: { withdrawalId: w.id, name: input.name, size: content.length },
    });
  });
  return getWithdrawal(ctx, grant, { id: input.id });
}

async function markFile(
  ctx: Ctx,
  grant: View,
  raw: In<typeof withdrawalFileIdInput>,
  deleted: boolean,
): Promise<WithdrawalDetail> {
  const input = withdrawalFileIdInput.parse(raw);
  await inTransaction(ctx, async (trx) => {
    const w = await visibleWithdrawal(trx, grant.actor, input.id, true);
    refuseFileEdit(grant.actor, w);
    const file = await trx
      .selectFrom('cooperative_withdrawal_files')
      .select(['id', 'name', 'deleted_at'])
      .where('id', '=', input.fileId)
      .where('withdrawal_id', '=', w.id)
      .executeTakeFirst();
    if (!file) throw fileNotFound();
    if (deleted && file.deleted_at !== null) throw new AppError('CONFLICT', `${file.name} is deleted already`);
    if (!deleted && file.deleted_at === null) throw new AppError('CONFLICT', `${file.name} is not deleted`);
    if (!deleted && (await activeFiles(trx, w.id)) >= WITHDRAWAL_MAX_FILES) throw tooManyFiles();
    await trx
      .updateTable('cooperative_withdrawal_files')
      .set(
        deleted
          ? { deleted_at: sql`now()`, deleted_by_user_id: grant.actor.userId }
          : { deleted_at: null, deleted_by_user_id: null },
      )
      .where('id', '=', file.id)
      .execute();
    await audit(ctx, trx, {
      action: deleted ? 'cooperative.withdrawal.file.delete' : 'cooperative.withdrawal.file.cancelDelete',
      entity: 'cooperative_withdrawal_files',
      entityId: file.id,
      before: { deleted: file.deleted_at !== null },
      after: { deleted },
    });
  });
  return getWithdrawal(ctx, grant, { id: input.id });
}

/** Marks a file deleted (spec §4); the delete can be cancelled. */
export const deleteWithdrawalFile = (ctx: Ctx, grant: View, raw: In<typeof withdrawalFileIdInput>) =>
  markFile(ctx, grant, raw, true);

/** Cancels the delete of a file (spec §4 "cancel of a delete"). */
export const cancelDeleteWithdrawalFile = (ctx: Ctx, grant: View, raw: In<typeof withdrawalFileIdInput>) =>
  markFile(ctx, grant, raw, false);

/** A supporting file's content (base64); a deleted file is not served. */
export async function downloadWithdrawalFile(
  ctx: Ctx,
  grant: View,
  raw: In<typeof withdrawalFileIdInput>,
): Promise<CooperativeFileDownload> {
  const input = withdrawalFileIdInput.parse(raw);
  await visibleWithdrawal(ctx.db, grant.actor, input.id);
  const f = await ctx.db
    .selectFrom('cooperative_withdrawal_files')
    .select(['name', 'mime', 'content'])
    .where('id', '=', input.fileId)
    .where('withdrawal_id', '=', input.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!f) throw fileNotFound();
  return fileDownload(f.name, f.mime, f.content);
}
