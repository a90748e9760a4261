import { sql } from 'kysely';
import { audit } from '../audit/index';
import { refuseOwn } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import { pageOffset } from '../shared/page';
import { assertPlausibleDates } from '../shared/plausible-date';
import type { In, Page } from '../shared/zod';
import { visibleMember } from './access';
import { todayOf } from './format';
import type { Any, Manage, View } from './grants';
import { memberBase, memberColumns, type RawMember, toMember } from './rows';
import {
  COOPERATIVE_LEDGER_KIND_LABELS,
  type CooperativeBalance,
  type CooperativeLedgerKind,
  type CooperativeLedgerRow,
  type CooperativeMemberRow,
  cooperativeDepositInput,
  cooperativeHistoryInput,
  cooperativeMemberIdInput,
  SAVING_PRODUCT_LABELS,
  SAVING_PRODUCTS,
  type SavingBalance,
  type SavingProduct,
} from './schema';
import { readSettings, withdrawableProducts } from './settings';

// ---------------------------------------------------------------------------------------------
// Ledger and balances

/** Per-product balances of a member and the sum of their pending withdrawals, rupiah strings. */
export async function balancesOf(
  db: Db,
  memberId: number,
): Promise<{ byProduct: Record<SavingProduct, bigint>; pending: bigint }> {
  const rows = await sql<{ product: SavingProduct | null; balance: string }>`
    select l.product, sum(l.amount)::text as balance from cooperative_ledger l where l.member_id = ${memberId} group by l.product
    union all
    select null, coalesce(sum(w.amount), 0)::text from cooperative_withdrawals w where w.member_id = ${memberId} and w.status = 3`.execute(
    db,
  );
  const byProduct: Record<SavingProduct, bigint> = { principal: 0n, mandatory: 0n, voluntary: 0n };
  let pending = 0n;
  for (const r of rows.rows) {
    if (r.product === null) pending = BigInt(r.balance);
    else byProduct[r.product] = BigInt(r.balance);
  }
  return { byProduct, pending };
}

export async function balanceOfMember(db: Db, member: CooperativeMemberRow): Promise<CooperativeBalance> {
  const settings = await readSettings(db);
  const allowed = withdrawableProducts(settings);
  const { byProduct, pending } = await balancesOf(db, member.id);
  const products: SavingBalance[] = SAVING_PRODUCTS.map((p) => ({
    product: p,
    label: SAVING_PRODUCT_LABELS[p],
    balance: byProduct[p].toString(),
    withdrawable: allowed.includes(p),
  }));
  const total = SAVING_PRODUCTS.reduce((s, p) => s + byProduct[p], 0n);
  const withdrawable = allowed.reduce((s, p) => s + byProduct[p], 0n);
  const available = withdrawable - pending;
  return {
    member,
    products,
    total: total.toString(),
    withdrawable: withdrawable.toString(),
    pending: pending.toString(),
    available: (available < 0n ? 0n : available).toString(),
    mandatorySavingId: member.id,
  };
}

/** The caller's own membership and balances; null when they are not a member. */
export async function myCooperative(ctx: Ctx, grant: View): Promise<CooperativeBalance | null> {
  const employeeId = grant.actor.employeeId;
  if (employeeId === null) return null;
  const row = await memberBase(ctx.db).where('m.employee_id', '=', employeeId).select(memberColumns).executeTakeFirst();
  return row ? balanceOfMember(ctx.db, toMember(row as RawMember)) : null;
}

/** A member's balances (own, or in scope for cooperative.manage). */
export async function getCooperativeBalance(
  ctx: Ctx,
  grant: Any,
  raw: In<typeof cooperativeMemberIdInput>,
): Promise<CooperativeBalance> {
  const { id } = cooperativeMemberIdInput.parse(raw);
  return balanceOfMember(ctx.db, await visibleMember(ctx.db, grant.actor, id));
}

/**
 * The member's ledger, newest first, each entry with the running balance after it, computed by a
 * window function over the whole ledger (the filter applies after the window).
 */
export async function getCooperativeHistory(
  ctx: Ctx,
  grant: Any,
  raw: In<typeof cooperativeHistoryInput>,
): Promise<Page<CooperativeLedgerRow>> {
  const f = cooperativeHistoryInput.parse(raw);
  await visibleMember(ctx.db, grant.actor, f.id);
  const rows = await ledgerWithBalance(ctx.db, f.id, f.from, f.to, 'desc', f.pageSize, pageOffset(f));
  return { rows: rows.rows, total: rows.total, page: f.page, pageSize: f.pageSize };
}

export async function ledgerWithBalance(
  db: Db,
  memberId: number,
  from: string | undefined,
  to: string | undefined,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<{ rows: CooperativeLedgerRow[]; total: number }> {
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  const found = await sql<{
    id: string;
    date: string;
    product: SavingProduct;
    kind: CooperativeLedgerKind;
    amount: string;
    balance: string;
    period: string | null;
    withdrawalId: number | null;
    note: string | null;
    total: number;
  }>`
    select *, (count(*) over ())::int as total from (
      select l.id::text as id, l.entry_date as date, l.product, l.kind, l.amount::text as amount,
        (sum(l.amount) over (order by l.entry_date, l.id rows between unbounded preceding and current row))::text as balance,
        l.period, l.withdrawal_id as "withdrawalId", l.note, l.id as seq
      from cooperative_ledger l where l.member_id = ${memberId}
    ) t
    where (${from ?? null}::date is null or t.date >= ${from ?? null}::date)
      and (${to ?? null}::date is null or t.date <= ${to ?? null}::date)
    order by t.date ${dir}, t.seq ${dir}
    limit ${limit} offset ${offset}`.execute(db);
  return {
    rows: found.rows.map(({ total: _t, ...r }) => ({
      id: r.id,
      date: r.date,
      product: r.product,
      productLabel: SAVING_PRODUCT_LABELS[r.product],
      kind: r.kind,
      kindLabel: COOPERATIVE_LEDGER_KIND_LABELS[r.kind],
      amount: r.amount,
      balance: r.balance,
      period: r.period,
      withdrawalId: r.withdrawalId,
      note: r.note,
    })),
    total: found.rows[0]?.total ?? 0,
  };
}

/** Books a deposit (principal once, mandatory outside payroll, voluntary any time). */
export async function recordCooperativeDeposit(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof cooperativeDepositInput>,
): Promise<CooperativeBalance> {
  const input = cooperativeDepositInput.parse(raw);
  assertPlausibleDates(todayOf(ctx), [{ param: 'date', value: input.date }]);
  return inTransaction(ctx, async (trx) => {
    const member = await visibleMember(trx, grant.actor, input.id);
    // Segregation of duties (docs/security.md): nobody books into their own savings, superadmin included.
    refuseOwn(grant.actor, member.employeeId, 'cooperative balance');
    const row = await dbWrite(
      () =>
        trx
          .insertInto('cooperative_ledger')
          .values({
            member_id: input.id,
            product: input.product,
            kind: 'deposit',
            amount: input.amount,
            entry_date: input.date,
            note: input.note ?? null,
            actor_user_id: grant.actor.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      {
        unique: {
          cooperative_ledger_principal_uq: () =>
            new AppError('CONFLICT', 'The principal saving of this member is paid already', {
              fields: [{ param: 'product', msg: 'is paid once' }],
            }),
        },
      },
    );
    await audit(ctx, trx, { action: 'cooperative.deposit', entity: 'cooperative_ledger', entityId: row.id, after: input });
    return balanceOfMember(trx, member);
  });
}
