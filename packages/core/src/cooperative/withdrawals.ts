import { decodeSignedFile } from '../shared/upload-check';
import { type StatusChange, statusChangeColumns } from '../shared/status-history';
import { windowPageOf } from '../shared/window-page';
import { employeeSearch, userName } from '../shared/employee-sql';
import { audit } from '../audit/index';
import { type Actor, decisionRefusal } from '../access/index';
import { checkDuties } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError } from '../shared/errors';
import { uploadColumns } from '../shared/uploads';
import type { In, Page } from '../shared/zod';
import { isManager, memberVisible, visibleWithdrawal, withdrawalDecision } from './access';
import { balancesOf } from './balances';
import { companyDate, formatRp } from './format';
import type { Any, View } from './grants';
import { type RawWithdrawal, toWithdrawal, withdrawalBase, withdrawalColumns } from './rows';
import {
  createWithdrawalInput,
  listWithdrawalsInput,
  type WITHDRAWAL_FILE_TYPES,
  WITHDRAWAL_MAX_FILE_BYTES,
  WITHDRAWAL_STATUS,
  type WithdrawalDetail,
  type WithdrawalRow,
  type WithdrawalStatus,
  withdrawalIdInput,
} from './schema';
import { readSettings, withdrawableProducts } from './settings';

// Withdrawals

/** Withdrawals: the caller's own, and with cooperative.manage everyone's in their scope. */
export async function listWithdrawals(ctx: Ctx, grant: Any, raw: In<typeof listWithdrawalsInput>): Promise<Page<WithdrawalRow>> {
  const f = listWithdrawalsInput.parse(raw);
  let q = withdrawalBase(ctx.db).where(memberVisible(grant.actor));
  if (f.status) q = q.where('w.status', '=', f.status);
  if (f.companyOfficeId) q = q.where('e.company_office_id', '=', f.companyOfficeId);
  if (f.from) q = q.where(companyDate('w.created_at'), '>=', f.from);
  if (f.to) q = q.where(companyDate('w.created_at'), '<=', f.to);
  if (f.search) q = q.where(employeeSearch(f.search, ['w.reason']));
  return windowPageOf(
    q.select(withdrawalColumns),
    f,
    (q) => q.orderBy('w.id', 'desc'),
    (r) => toWithdrawal(r as RawWithdrawal),
  );
}

/** Decodes and checks one file: real base64, 1 byte to 5 MB, content matching the declared type. */
export function decodeFile(
  f: { name: string; mime: (typeof WITHDRAWAL_FILE_TYPES)[number]; contentBase64: string },
  param: string,
): Buffer {
  return decodeSignedFile(f, param, { bytes: WITHDRAWAL_MAX_FILE_BYTES, label: '5 MB', message: 'A file may be at most 5 MB' });
}

/**
 * Requests a withdrawal from the caller's own savings. Under a lock on the member row, the amount
 * must fit the withdrawable balance minus the member's pending withdrawals: two concurrent
 * requests that together exceed it cannot both pass.
 */
export async function requestWithdrawal(ctx: Ctx, grant: View, raw: In<typeof createWithdrawalInput>): Promise<WithdrawalDetail> {
  const input = createWithdrawalInput.parse(raw);
  const files = (input.files ?? []).map((f, i) => ({ ...f, content: decodeFile(f, `files.${i}.contentBase64`) }));
  const employeeId = grant.actor.employeeId;
  const id = await inTransaction(ctx, async (trx) => {
    const member =
      employeeId === null
        ? undefined
        : await trx
            .selectFrom('cooperative_members')
            .select(['id', 'status'])
            .where('employee_id', '=', employeeId)
            .forUpdate()
            .executeTakeFirst();
    if (member?.status !== 1) throw new AppError('PRECONDITION_FAILED', 'You are not an active cooperative member');
    const settings = await readSettings(trx);
    const allowed = withdrawableProducts(settings);
    const { byProduct, pending } = await balancesOf(trx, member.id);
    const available = allowed.reduce((s, p) => s + byProduct[p], 0n) - pending;
    if (BigInt(input.amount) > available) {
      throw new AppError(
        'CONFLICT',
        `The amount exceeds your withdrawable balance of Rp ${formatRp(available < 0n ? 0n : available)}`,
        {
          fields: [{ param: 'amount', msg: 'exceeds the withdrawable balance' }],
        },
      );
    }
    const w = await trx
      .insertInto('cooperative_withdrawals')
      .values({ member_id: member.id, amount: input.amount, reason: input.reason, requester_user_id: grant.actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (files.length > 0)
      await trx
        .insertInto('cooperative_withdrawal_files')
        .values(files.map((f) => ({ withdrawal_id: w.id, ...uploadColumns(f, f.content, grant.actor.userId) })))
        .execute();
    await recordWithdrawalStep(trx, grant.actor, w.id, { action: 'requested', from: null, to: WITHDRAWAL_STATUS.Pending });
    await audit(ctx, trx, {
      action: 'cooperative.withdrawal.request',
      entity: 'cooperative_withdrawals',
      entityId: w.id,
      after: { amount: input.amount, reason: input.reason, files: files.map((f) => f.name) },
    });
    return w.id;
  });
  return getWithdrawal(ctx, grant, { id });
}

/** One line of a withdrawal's history (the only place it is written): what `actor` did, from which status to which. */
export async function recordWithdrawalStep(
  db: Db,
  actor: Actor,
  id: number,
  s: StatusChange<'requested' | 'approved' | 'disapproved' | 'cancelled', WithdrawalStatus> & { step?: number },
): Promise<void> {
  await db
    .insertInto('cooperative_withdrawal_history')
    .values({ withdrawal_id: id, step: s.step ?? null, ...statusChangeColumns(actor.userId, s) })
    .execute();
}

/** One withdrawal with its files, history and what the caller may do. */
export async function getWithdrawal(ctx: Ctx, grant: Any, raw: In<typeof withdrawalIdInput>): Promise<WithdrawalDetail> {
  const { id } = withdrawalIdInput.parse(raw);
  const actor = grant.actor;
  const w = await visibleWithdrawal(ctx.db, actor, id);
  const [settings, files, history] = await Promise.all([
    readSettings(ctx.db),
    ctx.db
      .selectFrom('cooperative_withdrawal_files')
      .select(['id', 'name', 'mime', 'size', 'deleted_at', 'created_at'])
      .where('withdrawal_id', '=', id)
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('cooperative_withdrawal_history as h')
      .innerJoin('users as u', 'u.id', 'h.actor_user_id')
      .leftJoin('employees as e', 'e.id', 'u.employee_id')
      .select([
        'h.action',
        'h.step',
        'h.from_status as fromStatus',
        'h.to_status as toStatus',
        'h.note',
        userName().as('actor'),
        'h.created_at as at',
      ])
      .where('h.withdrawal_id', '=', id)
      .orderBy('h.id')
      .execute(),
  ]);
  const pending = w.status === WITHDRAWAL_STATUS.Pending;
  const mine = actor.employeeId !== null && actor.employeeId === w.employeeId;
  const manager = isManager(actor);
  // The screen hides the buttons and says why when the approval helper would refuse.
  const decideRefusal = pending && manager ? await decisionRefusal(checkDuties(ctx.db, actor, withdrawalDecision(w))) : null;
  const decide = pending && manager && decideRefusal === null;
  return {
    ...toWithdrawal(w),
    approvalSteps: settings.approvalSteps,
    decidedAt: w.decidedAt,
    decisionNote: w.decisionNote,
    files: files.map((f) => ({
      id: f.id,
      name: f.name,
      mime: f.mime,
      size: f.size,
      deleted: f.deleted_at !== null,
      createdAt: f.created_at,
    })),
    history,
    can: {
      approve: decide,
      disapprove: decide,
      decideRefusal,
      cancel: pending && mine,
      editFiles: mine ? pending : manager,
    },
  };
}
