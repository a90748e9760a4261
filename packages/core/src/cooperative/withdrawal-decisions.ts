import { type SqlBool, sql } from 'kysely';
import { audit } from '../audit/index';
import type { Actor } from '../access/index';
import { checkDuties, transition } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError } from '../shared/errors';
import type { In } from '../shared/zod';
import { visibleWithdrawal, withdrawalDecision } from './access';
import { balancesOf } from './balances';
import { formatRp, todayOf } from './format';
import type { Any, Manage, View } from './grants';
import type { RawWithdrawal } from './rows';
import {
  type CooperativeSettings,
  decideWithdrawalInput,
  type SavingProduct,
  WITHDRAWAL_STATUS,
  type WithdrawalDetail,
} from './schema';
import { readSettings, withdrawableProducts } from './settings';
import { getWithdrawal, recordWithdrawalStep } from './withdrawals';

// Decisions on withdrawals: approve (one or two steps), disapprove, cancel, through the approval
// kit (shared/approval.ts). A withdrawal counts its approvals on its row (`approvals`) and stays
// Pending until the last step, so an approval's guard is the status and the count seen.

const decidedMeanwhile = () => new AppError('CONFLICT', 'This withdrawal has been decided already; reload to see its status');

/** The member row lock that serialises every balance-changing step of one member. */
async function lockMember(trx: Db, memberId: number): Promise<void> {
  await trx.selectFrom('cooperative_members').select('id').where('id', '=', memberId).forUpdate().execute();
}

/**
 * Approves a pending withdrawal. With a two-step chain the first approval keeps it Pending and a
 * second, different person completes it. The final approval books the withdrawal in the ledger
 * (from the withdrawable products: voluntary, then mandatory, then principal), re-checking the
 * balance under the member lock. Each step is a guarded update (`where status = 3 and approvals =
 * n`), so of N concurrent approvals exactly one wins and the history shows one transition.
 */
export async function approveWithdrawal(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof decideWithdrawalInput>,
): Promise<WithdrawalDetail> {
  const input = decideWithdrawalInput.parse(raw);
  const actor = grant.actor;
  await inTransaction(ctx, async (trx) => {
    const seen = await visibleWithdrawal(trx, actor, input.id);
    await checkDuties(trx, actor, withdrawalDecision(seen));
    await lockMember(trx, seen.memberId);
    const w = await visibleWithdrawal(trx, actor, input.id);
    if (w.status !== WITHDRAWAL_STATUS.Pending) throw decidedMeanwhile();
    const settings = await readSettings(trx);
    const final = w.approvals + 1 >= settings.approvalSteps;
    await transition(trx, 'cooperative_withdrawals', {
      id: w.id,
      from: WITHDRAWAL_STATUS.Pending,
      set: final
        ? {
            status: WITHDRAWAL_STATUS.Approved,
            approvals: w.approvals + 1,
            decided_by_user_id: actor.userId,
            decided_at: sql<Date>`now()`,
            decision_note: input.note ?? null,
          }
        : { approvals: w.approvals + 1, first_approver_user_id: actor.userId },
      and: [
        sql<SqlBool>`approvals = ${w.approvals}`,
        // One person, one step, also when two approvals race.
        sql<SqlBool>`first_approver_user_id is distinct from ${actor.userId}`,
      ],
      // Again under the lock: a first step taken meanwhile by this person counts too.
      duties: { actor, decisions: withdrawalDecision(w) },
      returning: ['id'],
      refuse: decidedMeanwhile,
    });
    if (final) await bookWithdrawal(ctx, trx, settings, w, actor);
    await recordWithdrawalStep(trx, actor, w.id, {
      action: 'approved',
      step: w.approvals + 1,
      from: WITHDRAWAL_STATUS.Pending,
      to: final ? WITHDRAWAL_STATUS.Approved : WITHDRAWAL_STATUS.Pending,
      note: input.note,
    });
    await audit(ctx, trx, {
      action: final ? 'cooperative.withdrawal.approve' : 'cooperative.withdrawal.approve.step',
      entity: 'cooperative_withdrawals',
      entityId: w.id,
      before: { status: w.status, approvals: w.approvals },
      after: { status: final ? 1 : 3, approvals: w.approvals + 1 },
    });
  });
  return getWithdrawal(ctx, grant, { id: input.id });
}

async function bookWithdrawal(ctx: Ctx, trx: Db, settings: CooperativeSettings, w: RawWithdrawal, actor: Actor): Promise<void> {
  const { byProduct } = await balancesOf(trx, w.memberId);
  const order: SavingProduct[] = (['voluntary', 'mandatory', 'principal'] as const).filter((p) =>
    withdrawableProducts(settings).includes(p),
  );
  let rest = BigInt(w.amount);
  const entries: { product: SavingProduct; amount: bigint }[] = [];
  for (const p of order) {
    if (rest === 0n) break;
    const take = byProduct[p] < rest ? byProduct[p] : rest;
    if (take > 0n) {
      entries.push({ product: p, amount: take });
      rest -= take;
    }
  }
  if (rest > 0n) {
    const have = order.reduce((s, p) => s + (byProduct[p] > 0n ? byProduct[p] : 0n), 0n);
    throw new AppError('CONFLICT', `The withdrawable balance (Rp ${formatRp(have)}) no longer covers this withdrawal`);
  }
  await trx
    .insertInto('cooperative_ledger')
    .values(
      entries.map((e) => ({
        member_id: w.memberId,
        product: e.product,
        kind: 'withdrawal' as const,
        amount: (-e.amount).toString(),
        entry_date: todayOf(ctx),
        withdrawal_id: w.id,
        note: `Withdrawal #${w.id}`,
        actor_user_id: actor.userId,
      })),
    )
    .execute();
}

async function endWithdrawal(ctx: Ctx, grant: Any, raw: In<typeof decideWithdrawalInput>, to: 2 | 4): Promise<WithdrawalDetail> {
  const input = decideWithdrawalInput.parse(raw);
  const actor = grant.actor;
  await inTransaction(ctx, async (trx) => {
    const w = await visibleWithdrawal(trx, actor, input.id);
    const disapprove = to === WITHDRAWAL_STATUS.Disapproved;
    if (!disapprove && (actor.employeeId === null || actor.employeeId !== w.employeeId))
      throw new AppError('FORBIDDEN', 'Only the requester can cancel a withdrawal');
    await transition(trx, 'cooperative_withdrawals', {
      id: w.id,
      from: WITHDRAWAL_STATUS.Pending,
      set: { status: to, decided_by_user_id: actor.userId, decided_at: sql<Date>`now()`, decision_note: input.note ?? null },
      ...(disapprove && { duties: { actor, decisions: withdrawalDecision(w) } }),
      returning: ['id'],
      refuse: decidedMeanwhile,
    });
    await recordWithdrawalStep(trx, actor, w.id, {
      action: to === 2 ? 'disapproved' : 'cancelled',
      from: WITHDRAWAL_STATUS.Pending,
      to,
      note: input.note,
    });
    await audit(ctx, trx, {
      action: to === 2 ? 'cooperative.withdrawal.disapprove' : 'cooperative.withdrawal.cancel',
      entity: 'cooperative_withdrawals',
      entityId: w.id,
      before: { status: w.status },
      after: { status: to },
    });
  });
  return getWithdrawal(ctx, grant, { id: input.id });
}

/** Disapproves a pending withdrawal (guarded: only from Pending). */
export const disapproveWithdrawal = (ctx: Ctx, grant: Manage, raw: In<typeof decideWithdrawalInput>) =>
  endWithdrawal(ctx, grant, raw, WITHDRAWAL_STATUS.Disapproved);

/** The requester cancels their own pending withdrawal (status Cancel, 4). */
export const cancelWithdrawal = (ctx: Ctx, grant: View, raw: In<typeof decideWithdrawalInput>) =>
  endWithdrawal(ctx, grant, raw, WITHDRAWAL_STATUS.Cancel);
