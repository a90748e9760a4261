import { scopeSql } from '../permissions/scope';
import ExcelJS from 'exceljs';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { audit } from '../audit/service';
import type { Actor } from '../permissions/actor';
import { assertMayDecide, decisionRefusal, refuseOwn } from '../permissions/index';
import { type Grant, hasPermission, scopeOf } from '../permissions/grant';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import { renderPdf } from '../shared/pdf';
import { assertPlausibleDates } from '../shared/plausible-date';
import { likePattern } from '../shared/sql';
import { COMPANY_TIME_ZONE } from '../shared/time-zone';
import type { Page, In } from '../shared/zod';
import {
  type AddCooperativeMembersResult,
  addWithdrawalFileInput,
  addCooperativeMembersInput,
  type CooperativeSettings,
  createWithdrawalInput,
  decideWithdrawalInput,
  cooperativeDepositInput,
  type CooperativeFileDownload,
  withdrawalFileIdInput,
  cooperativeHistoryInput,
  COOPERATIVE_LEDGER_KIND_LABELS,
  type CooperativeLedgerKind,
  type CooperativeLedgerRow,
  listCooperativeMembersInput,
  listWithdrawalsInput,
  WITHDRAWAL_MAX_FILE_BYTES,
  WITHDRAWAL_MAX_FILES,
  type CooperativeBalance,
  cooperativeMemberIdInput,
  cooperativeStatementInput,
  type CooperativeMemberRow,
  type SavingBalance,
  SAVING_PRODUCT_LABELS,
  SAVING_PRODUCTS,
  type SavingProduct,
  setCooperativeMemberStatusInput,
  cooperativeSettingsInput,
  WITHDRAWAL_STATUS,
  WITHDRAWAL_STATUS_LABELS,
  type WithdrawalDetail,
  type WithdrawalRow,
  type WithdrawalStatus,
  withdrawalIdInput,
} from './schema';

type View = Grant<'cooperative.view'>;
type Manage = Grant<'cooperative.manage'>;
type Any = Grant<'cooperative.view' | 'cooperative.manage'>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const memberNotFound = () => new AppError('NOT_FOUND', 'Cooperative member not found');
const withdrawalNotFound = () => new AppError('NOT_FOUND', 'Withdrawal not found');
const fileNotFound = () => new AppError('NOT_FOUND', 'File not found');
const decidedMeanwhile = () => new AppError('CONFLICT', 'This withdrawal has been decided already; reload to see its status');

/** The company's calendar date now (Asia/Jakarta), 'yyyy-mm-dd'. */
const todayOf = (ctx: Ctx): string => new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE }).format(ctx.clock());
const companyDate = (col: string) => sql<string>`(${sql.ref(col)} at time zone ${COMPANY_TIME_ZONE})::date`;
const employeeName = sql<string>`trim(e.given_name || ' ' || e.surname)`;

// ---------------------------------------------------------------------------------------------
// Visibility (spec §6): a member sees their own; cooperative.manage sees the members whose
// employee is in the caller's data scope. Anything else is NOT_FOUND.

function inScope(actor: Actor): RawBuilder<SqlBool> {
  return scopeSql(scopeOf(actor), 'e');
}

const own = (actor: Actor): RawBuilder<SqlBool> =>
  actor.employeeId === null ? sql<SqlBool>`false` : sql<SqlBool>`m.employee_id = ${actor.employeeId}`;

const isManager = (actor: Actor) => hasPermission(actor, 'cooperative.manage');

/** SQL on aliases `m` (member) and `e` (employee): the caller may see this member's data. */
function memberVisible(actor: Actor): RawBuilder<SqlBool> {
  if (isManager(actor)) return sql<SqlBool>`(${own(actor)} or ${inScope(actor)})`;
  return own(actor);
}

// ---------------------------------------------------------------------------------------------
// Settings

async function readSettings(db: Db): Promise<CooperativeSettings> {
  const s = await db.selectFrom('cooperative_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    principalAmount: s.principal_amount,
    mandatoryAmount: s.mandatory_amount,
    withdrawablePrincipal: s.withdrawable_principal,
    withdrawableMandatory: s.withdrawable_mandatory,
    withdrawableVoluntary: s.withdrawable_voluntary,
    approvalSteps: s.approval_steps,
    updatedAt: s.updated_at,
  };
}

const withdrawableProducts = (s: CooperativeSettings): SavingProduct[] =>
  SAVING_PRODUCTS.filter((p) =>
    p === 'principal' ? s.withdrawablePrincipal : p === 'mandatory' ? s.withdrawableMandatory : s.withdrawableVoluntary,
  );

/** The cooperative settings (every member may read them: amounts and what can be withdrawn). */
export async function getCooperativeSettings(ctx: Ctx, _grant: Any): Promise<CooperativeSettings> {
  return readSettings(ctx.db);
}

/** Saves amounts, withdrawable products and the approval chain (one or two steps). */
export async function updateCooperativeSettings(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof cooperativeSettingsInput>,
): Promise<CooperativeSettings> {
  const input = cooperativeSettingsInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await readSettings(trx);
    await trx
      .updateTable('cooperative_settings')
      .set({
        principal_amount: input.principalAmount,
        mandatory_amount: input.mandatoryAmount,
        withdrawable_principal: input.withdrawablePrincipal,
        withdrawable_mandatory: input.withdrawableMandatory,
        withdrawable_voluntary: input.withdrawableVoluntary,
        approval_steps: input.approvalSteps,
        updated_by_user_id: grant.actor.userId,
        updated_at: sql`now()`,
      })
      .where('id', '=', 1)
      .execute();
    const after = await readSettings(trx);
    await audit(ctx, trx, { action: 'cooperative.settings.update', entity: 'cooperative_settings', entityId: 1, before, after });
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// Members

function memberBase(db: Db) {
  return db
    .selectFrom('cooperative_members as m')
    .innerJoin('employees as e', 'e.id', 'm.employee_id')
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .leftJoin('departments as d', 'd.id', 'e.department_id');
}

const memberColumns = [
  'm.id',
  'm.employee_id as employeeId',
  'e.employee_number as employeeNumber',
  employeeName.as('name'),
  'o.name as companyOffice',
  'd.name as department',
  'm.join_date as joinDate',
  'm.status',
  sql<string>`(select coalesce(sum(l.amount), 0)::text from cooperative_ledger l where l.member_id = m.id)`.as('balance'),
] as const;

type RawMember = Omit<CooperativeMemberRow, 'statusLabel'>;
const toMember = (r: RawMember): CooperativeMemberRow => ({ ...r, statusLabel: r.status === 1 ? 'Active' : 'Inactive' });

/** Members in the caller's scope, filtered by office, department, status and name/number. */
export async function listCooperativeMembers(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof listCooperativeMembersInput>,
): Promise<Page<CooperativeMemberRow>> {
  const f = listCooperativeMembersInput.parse(raw);
  let q = memberBase(ctx.db).where(memberVisible(grant.actor));
  if (f.companyOfficeId) q = q.where('e.company_office_id', '=', f.companyOfficeId);
  if (f.departmentId) q = q.where('e.department_id', '=', f.departmentId);
  if (f.status !== undefined) q = q.where('m.status', '=', f.status);
  if (f.search) {
    const like = likePattern(f.search);
    q = q.where((eb) => eb.or([eb(employeeName, 'ilike', like), eb('e.employee_number', 'ilike', like)]));
  }
  const rows = await q
    .select([...memberColumns, sql<number>`(count(*) over ())::int`.as('total')])
    .orderBy('e.employee_number')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return {
    rows: rows.map(({ total: _t, ...r }) => toMember(r as RawMember)),
    total: rows[0]?.total ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}

/**
 * Adds members in bulk: every working employee of the office / department (and in the caller's
 * scope), or the listed employees. One set-based insert; employees who are members already are
 * skipped and counted.
 */
export async function addCooperativeMembers(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof addCooperativeMembersInput>,
): Promise<AddCooperativeMembersResult> {
  const input = addCooperativeMembersInput.parse(raw);
  assertPlausibleDates(todayOf(ctx), [{ param: 'joinDate', value: input.joinDate }]);
  return inTransaction(ctx, async (trx) => {
    const conds: RawBuilder<SqlBool>[] = [sql<SqlBool>`e.resigned = 0`, inScope(grant.actor)];
    if (input.companyOfficeId) conds.push(sql<SqlBool>`e.company_office_id = ${input.companyOfficeId}`);
    if (input.departmentId) conds.push(sql<SqlBool>`e.department_id = ${input.departmentId}`);
    if (input.employeeIds && input.employeeIds.length > 0)
      conds.push(sql<SqlBool>`e.id in (${sql.join(input.employeeIds.map((i) => sql`${i}`))})`);
    const where = sql.join(conds, sql` and `);
    const result = await sql<{ matched: number; added: number }>`
      with matched as (select e.id from employees e where ${where}),
      ins as (
        insert into cooperative_members (employee_id, join_date)
        select id, ${input.joinDate}::date from matched
        on conflict (employee_id) do nothing
        returning id
      )
      select (select count(*)::int from matched) as matched, (select count(*)::int from ins) as added`.execute(trx);
    const { matched, added } = result.rows[0]!;
    if (matched === 0) {
      throw new AppError('VALIDATION', 'No working employee matches this selection', {
        fields: [{ param: input.employeeIds?.length ? 'employeeIds' : 'companyOfficeId', msg: 'matches no working employee' }],
      });
    }
    await audit(ctx, trx, {
      action: 'cooperative.member.add',
      entity: 'cooperative_members',
      after: { ...input, added, skipped: matched - added },
    });
    return { added, skipped: matched - added };
  });
}

/** Activates or deactivates a member (an inactive member gets no payroll deduction and cannot request). */
export async function setCooperativeMemberStatus(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof setCooperativeMemberStatusInput>,
): Promise<CooperativeMemberRow> {
  const input = setCooperativeMemberStatusInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await visibleMember(trx, grant.actor, input.id);
    // Segregation of duties (docs/security.md): an inactive member pays no mandatory saving.
    refuseOwn(grant.actor, before.employeeId, 'cooperative membership');
    await trx
      .updateTable('cooperative_members')
      .set({ status: input.status, updated_at: sql`now()` })
      .where('id', '=', input.id)
      .execute();
    const after = await visibleMember(trx, grant.actor, input.id);
    await audit(ctx, trx, {
      action: 'cooperative.member.status',
      entity: 'cooperative_members',
      entityId: input.id,
      before,
      after,
    });
    return after;
  });
}

async function visibleMember(db: Db, actor: Actor, id: number): Promise<CooperativeMemberRow> {
  const row = await memberBase(db).where('m.id', '=', id).where(memberVisible(actor)).select(memberColumns).executeTakeFirst();
  if (!row) throw memberNotFound();
  return toMember(row as RawMember);
}

// ---------------------------------------------------------------------------------------------
// Ledger and balances

/** Per-product balances of a member and the sum of their pending withdrawals, rupiah strings. */
async function balancesOf(db: Db, memberId: number): Promise<{ byProduct: Record<SavingProduct, bigint>; pending: bigint }> {
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

async function balanceOfMember(db: Db, member: CooperativeMemberRow): Promise<CooperativeBalance> {
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
  const rows = await ledgerWithBalance(ctx.db, f.id, f.from, f.to, 'desc', f.pageSize, (f.page - 1) * f.pageSize);
  return { rows: rows.rows, total: rows.total, page: f.page, pageSize: f.pageSize };
}

async function ledgerWithBalance(
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

/** The member statement: every ledger entry with its running balance, as XLSX (base64). */
export async function downloadCooperativeStatement(
  ctx: Ctx,
  grant: Any,
  raw: In<typeof cooperativeStatementInput>,
): Promise<CooperativeFileDownload> {
  const { id, format } = cooperativeStatementInput.parse(raw);
  const member = await visibleMember(ctx.db, grant.actor, id);
  const balance = await balanceOfMember(ctx.db, member);
  const { rows } = await ledgerWithBalance(ctx.db, id, undefined, undefined, 'asc', 100_000, 0);
  const ddmmyyyy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  if (format === 'pdf') {
    const rp = (v: string) => `Rp ${formatRupiahDigits(v)}`;
    const pdf = await renderPdf({
      title: 'Cooperative member statement',
      subtitle: `${member.employeeNumber} ${member.name}`,
      facts: [
        ['Member', `${member.employeeNumber} ${member.name}`],
        ['Joined', ddmmyyyy(member.joinDate)],
        ...balance.products.map((p): [string, string] => [p.label, rp(p.balance)]),
        ['Total balance', rp(balance.total)],
        ['Printed', ddmmyyyy(todayOf(ctx))],
      ],
      tables: [
        {
          title: 'Entries',
          columns: [
            { label: 'Date', width: 1.1 },
            { label: 'Saving', width: 1.4 },
            { label: 'Type', width: 1.3 },
            { label: 'Period', width: 0.9 },
            { label: 'Amount (Rp)', width: 1.3, align: 'right' },
            { label: 'Balance (Rp)', width: 1.3, align: 'right' },
            { label: 'Note', width: 2 },
          ],
          rows: rows.map((r) => [
            ddmmyyyy(r.date),
            r.productLabel,
            r.kindLabel,
            r.period ?? '',
            formatRupiahDigits(r.amount),
            formatRupiahDigits(r.balance),
            r.note ?? '',
          ]),
          footer: ['Total', '', '', '', '', formatRupiahDigits(balance.total), ''],
        },
      ],
      footerText: `Cooperative statement ${member.employeeNumber}`,
    });
    return {
      fileName: `cooperative-statement-${member.employeeNumber}.pdf`,
      contentType: 'application/pdf',
      base64: pdf.toString('base64'),
    };
  }
  const wb = new ExcelJS.Workbook();
  wb.created = ctx.clock();
  const ws = wb.addWorksheet('Statement');
  ws.addRow(['Cooperative member statement']).font = { bold: true };
  ws.addRow(['Member', `${member.employeeNumber} ${member.name}`]);
  ws.addRow(['Joined', ddmmyyyy(member.joinDate)]);
  ws.addRow(['Printed', ddmmyyyy(todayOf(ctx))]);
  for (const p of balance.products) ws.addRow([p.label, Number(p.balance)]);
  ws.addRow(['Total', Number(balance.total)]);
  ws.addRow([]);
  const header = ws.addRow(['Date', 'Product', 'Type', 'Period', 'Amount', 'Balance', 'Note']);
  header.font = { bold: true };
  // Rupiah amounts are whole numbers well below 2^53, so a spreadsheet number is exact.
  for (const r of rows)
    ws.addRow([ddmmyyyy(r.date), r.productLabel, r.kindLabel, r.period ?? '', Number(r.amount), Number(r.balance), r.note ?? '']);
  ws.columns.forEach((c, i) => {
    c.width = [12, 20, 18, 10, 16, 16, 30][i] ?? 12;
  });
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return {
    fileName: `cooperative-statement-${member.employeeNumber}.xlsx`,
    contentType: XLSX_TYPE,
    base64: buf.toString('base64'),
  };
}

// ---------------------------------------------------------------------------------------------
// Payroll deduction interface (consumed by the payroll module)

const lastDayOf = (p: string): string => {
  const [y, m] = p.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

function checkPeriod(p: string): void {
  if (!/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/.test(p))
    throw new AppError('VALIDATION', 'Invalid period', { fields: [{ param: 'period', msg: 'must be a month yyyy-mm' }] });
}

/**
 * The mandatory saving each member owes for a payroll period ('YYYY-MM'): active members who
 * joined on or before the period's last day, at the settings' monthly amount; a period booked
 * already reports the booked amount. Amounts are rupiah digit strings. For the payroll engine.
 */
export async function mandatorySavingDeductions(db: Db, period: string): Promise<{ employeeId: number; amount: string }[]> {
  checkPeriod(period);
  const rows = await sql<{ employeeId: number; amount: string }>`
    select m.employee_id as "employeeId", coalesce(b.amount, s.mandatory_amount)::text as amount
    from cooperative_members m
    cross join cooperative_settings s
    left join cooperative_ledger b on b.member_id = m.id and b.kind = 'payroll' and b.period = ${period}
    where (b.id is not null or (m.status = 1 and m.join_date <= ${lastDayOf(period)}::date and s.mandatory_amount > 0))
    order by m.employee_id`.execute(db);
  return rows.rows;
}

/**
 * Books payroll deductions of a period as mandatory savings, idempotently: a member+period booked
 * already is skipped (unique index), so a re-run or a retry books nothing twice. Employees who are
 * not members and non-positive amounts are skipped.
 */
export async function recordPayrollDeductions(
  db: Db,
  period: string,
  rows: readonly { employeeId: number; amount: string | number | bigint }[],
): Promise<{ booked: number; skipped: number }> {
  checkPeriod(period);
  const valid = rows.filter((r) => /^\d{1,15}$/.test(String(r.amount)) && BigInt(r.amount) > 0n);
  if (valid.length === 0) return { booked: 0, skipped: rows.length };
  const ids = valid.map((r) => r.employeeId);
  const members = await db
    .selectFrom('cooperative_members')
    .select(['id', 'employee_id'])
    .where('employee_id', 'in', ids)
    .execute();
  const memberOf = new Map(members.map((m) => [m.employee_id, m.id]));
  const values = valid
    .filter((r) => memberOf.has(r.employeeId))
    .map((r) => ({
      member_id: memberOf.get(r.employeeId)!,
      product: 'mandatory' as const,
      kind: 'payroll' as const,
      amount: String(r.amount),
      entry_date: lastDayOf(period),
      period,
      note: `Payroll ${period}`,
    }));
  if (values.length === 0) return { booked: 0, skipped: rows.length };
  const inserted = await db
    .insertInto('cooperative_ledger')
    .values(values)
    .onConflict((oc) => oc.columns(['member_id', 'period']).where('kind', '=', 'payroll').doNothing())
    .returning('id')
    .execute();
  return { booked: inserted.length, skipped: rows.length - inserted.length };
}

/** The member id ("mandatory-saving id" of the spec's session) of an employee, or null. */
export async function mandatorySavingIdOf(db: Db, employeeId: number): Promise<number | null> {
  const row = await db.selectFrom('cooperative_members').select('id').where('employee_id', '=', employeeId).executeTakeFirst();
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Withdrawals

function withdrawalBase(db: Db) {
  return db
    .selectFrom('cooperative_withdrawals as w')
    .innerJoin('cooperative_members as m', 'm.id', 'w.member_id')
    .innerJoin('employees as e', 'e.id', 'm.employee_id')
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id');
}

const withdrawalColumns = [
  'w.id',
  'w.member_id as memberId',
  'm.employee_id as employeeId',
  employeeName.as('employeeName'),
  'e.employee_number as employeeNumber',
  'o.name as companyOffice',
  'w.amount',
  'w.reason',
  'w.status',
  'w.approvals',
  'w.created_at as createdAt',
  'w.requester_user_id as requesterUserId',
  'w.first_approver_user_id as firstApproverUserId',
  'w.decided_at as decidedAt',
  'w.decision_note as decisionNote',
] as const;

interface RawWithdrawal {
  id: number;
  memberId: number;
  employeeId: number;
  employeeName: string;
  employeeNumber: string;
  companyOffice: string;
  amount: string;
  reason: string;
  status: number;
  approvals: number;
  createdAt: Date;
  requesterUserId: number;
  firstApproverUserId: number | null;
  decidedAt: Date | null;
  decisionNote: string | null;
}

const toWithdrawal = (r: RawWithdrawal): WithdrawalRow => ({
  id: r.id,
  memberId: r.memberId,
  employeeId: r.employeeId,
  employeeName: r.employeeName,
  employeeNumber: r.employeeNumber,
  companyOffice: r.companyOffice,
  amount: r.amount,
  reason: r.reason,
  status: r.status as WithdrawalStatus,
  statusLabel: WITHDRAWAL_STATUS_LABELS[r.status as WithdrawalStatus],
  approvals: r.approvals,
  createdAt: r.createdAt,
});

/** Withdrawals: the caller's own, and with cooperative.manage everyone's in their scope. */
export async function listWithdrawals(ctx: Ctx, grant: Any, raw: In<typeof listWithdrawalsInput>): Promise<Page<WithdrawalRow>> {
  const f = listWithdrawalsInput.parse(raw);
  let q = withdrawalBase(ctx.db).where(memberVisible(grant.actor));
  if (f.status) q = q.where('w.status', '=', f.status);
  if (f.companyOfficeId) q = q.where('e.company_office_id', '=', f.companyOfficeId);
  if (f.from) q = q.where(companyDate('w.created_at'), '>=', f.from);
  if (f.to) q = q.where(companyDate('w.created_at'), '<=', f.to);
  if (f.search) {
    const like = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([eb(employeeName, 'ilike', like), eb('e.employee_number', 'ilike', like), eb('w.reason', 'ilike', like)]),
    );
  }
  const rows = await q
    .select([...withdrawalColumns, sql<number>`(count(*) over ())::int`.as('total')])
    .orderBy('w.id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return {
    rows: rows.map((r) => toWithdrawal(r as RawWithdrawal)),
    total: rows[0]?.total ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}

async function visibleWithdrawal(db: Db, actor: Actor, id: number, lock = false): Promise<RawWithdrawal> {
  let q = withdrawalBase(db).where('w.id', '=', id).where(memberVisible(actor)).select(withdrawalColumns);
  if (lock) q = q.forUpdate('w');
  const row = await q.executeTakeFirst();
  if (!row) throw withdrawalNotFound();
  return row as RawWithdrawal;
}

const PDF = [0x25, 0x50, 0x44, 0x46];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG = [0xff, 0xd8, 0xff];
const startsWith = (b: Buffer, sig: number[]) => sig.every((x, i) => b[i] === x);

/** Decodes and checks one file: real base64, 1 byte to 5 MB, content matching the declared type. */
function decodeFile(f: { name: string; mime: string; contentBase64: string }, param: string): Buffer {
  const buf = Buffer.from(f.contentBase64, 'base64');
  if (buf.length === 0) throw new AppError('VALIDATION', 'The file is empty', { fields: [{ param, msg: 'is empty' }] });
  if (buf.length > WITHDRAWAL_MAX_FILE_BYTES)
    throw new AppError('VALIDATION', 'A file may be at most 5 MB', { fields: [{ param, msg: 'must be at most 5 MB' }] });
  const sig = f.mime === 'application/pdf' ? PDF : f.mime === 'image/png' ? PNG : JPG;
  if (!startsWith(buf, sig))
    throw new AppError(
      'VALIDATION',
      `${f.name} is not a real ${f.mime === 'application/pdf' ? 'PDF' : f.mime === 'image/png' ? 'PNG' : 'JPG'} file`,
      {
        fields: [{ param, msg: 'content does not match the file type' }],
      },
    );
  return buf;
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
        .values(
          files.map((f) => ({
            withdrawal_id: w.id,
            name: f.name,
            mime: f.mime,
            size: f.content.length,
            content: f.content,
            uploaded_by_user_id: grant.actor.userId,
          })),
        )
        .execute();
    await trx
      .insertInto('cooperative_withdrawal_history')
      .values({ withdrawal_id: w.id, action: 'requested', from_status: null, to_status: 3, actor_user_id: grant.actor.userId })
      .execute();
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

const formatRp = (v: bigint): string => v.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
/** '1234567' → '1.234.567' (rupiah digit strings, exact). */
const formatRupiahDigits = (digits: string): string => formatRp(BigInt(digits));

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
        sql<string>`coalesce(nullif(trim(e.given_name || ' ' || e.surname), ''), u.email)`.as('actor'),
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
  const decideRefusal = pending && manager ? await decisionRefusal(assertWithdrawalDecider(ctx.db, actor, w)) : null;
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

/** The member row lock that serialises every balance-changing step of one member. */
async function lockMember(trx: Db, memberId: number): Promise<void> {
  await trx.selectFrom('cooperative_members').select('id').where('id', '=', memberId).forUpdate().execute();
}

/**
 * Segregation of duties (docs/security.md), through the shared approval helper: never one's own
 * withdrawal, never both steps of a two-step chain (nor disapproving after approving the first
 * step), never after the actor's manager relation to the member changed after it was filed.
 */
async function assertWithdrawalDecider(db: Db, actor: Actor, w: RawWithdrawal): Promise<void> {
  await assertMayDecide(db, actor, {
    what: 'withdrawal',
    requestedByUserId: w.requesterUserId,
    subjectEmployeeId: w.employeeId,
    filedAt: w.createdAt,
    priorDeciderUserIds: [w.firstApproverUserId],
  });
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
    await assertWithdrawalDecider(trx, actor, seen);
    await lockMember(trx, seen.memberId);
    const w = await visibleWithdrawal(trx, actor, input.id);
    if (w.status !== WITHDRAWAL_STATUS.Pending) throw decidedMeanwhile();
    // Again under the lock: a first step taken meanwhile by this person counts too.
    await assertWithdrawalDecider(trx, actor, w);
    const settings = await readSettings(trx);
    const final = w.approvals + 1 >= settings.approvalSteps;
    const updated = await trx
      .updateTable('cooperative_withdrawals')
      .set(
        final
          ? {
              status: WITHDRAWAL_STATUS.Approved,
              approvals: w.approvals + 1,
              decided_by_user_id: actor.userId,
              decided_at: sql`now()`,
              decision_note: input.note ?? null,
            }
          : { approvals: w.approvals + 1, first_approver_user_id: actor.userId },
      )
      .where('id', '=', w.id)
      .where('status', '=', WITHDRAWAL_STATUS.Pending)
      .where('approvals', '=', w.approvals)
      // One person, one step, also when two approvals race.
      .where(sql<SqlBool>`first_approver_user_id is distinct from ${actor.userId}`)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw decidedMeanwhile();
    if (final) await bookWithdrawal(ctx, trx, settings, w, actor);
    await trx
      .insertInto('cooperative_withdrawal_history')
      .values({
        withdrawal_id: w.id,
        action: 'approved',
        step: w.approvals + 1,
        from_status: WITHDRAWAL_STATUS.Pending,
        to_status: final ? WITHDRAWAL_STATUS.Approved : WITHDRAWAL_STATUS.Pending,
        note: input.note ?? null,
        actor_user_id: actor.userId,
      })
      .execute();
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
    if (to === WITHDRAWAL_STATUS.Disapproved) await assertWithdrawalDecider(trx, actor, w);
    else if (actor.employeeId === null || actor.employeeId !== w.employeeId)
      throw new AppError('FORBIDDEN', 'Only the requester can cancel a withdrawal');
    const updated = await trx
      .updateTable('cooperative_withdrawals')
      .set({ status: to, decided_by_user_id: actor.userId, decided_at: sql`now()`, decision_note: input.note ?? null })
      .where('id', '=', w.id)
      .where('status', '=', WITHDRAWAL_STATUS.Pending)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw decidedMeanwhile();
    await trx
      .insertInto('cooperative_withdrawal_history')
      .values({
        withdrawal_id: w.id,
        action: to === 2 ? 'disapproved' : 'cancelled',
        from_status: WITHDRAWAL_STATUS.Pending,
        to_status: to,
        note: input.note ?? null,
        actor_user_id: actor.userId,
      })
      .execute();
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

/**
 * Who may change a withdrawal's files: the requester while it is pending, or cooperative.manage —
 * but a manager's own withdrawal only as its requester (its evidence is not theirs to rewrite later).
 */
function refuseFileEdit(actor: Actor, w: RawWithdrawal): void {
  const mine = actor.employeeId !== null && actor.employeeId === w.employeeId;
  if (isManager(actor) && !mine) return;
  if (!mine) throw new AppError('FORBIDDEN', 'You cannot change the files of this withdrawal');
  if (w.status !== WITHDRAWAL_STATUS.Pending)
    throw new AppError('CONFLICT', 'The files of a decided withdrawal can no longer be changed');
}

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
      .values({
        withdrawal_id: w.id,
        name: input.name,
        mime: input.mime,
        size: content.length,
        content,
        uploaded_by_user_id: grant.actor.userId,
      })
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
  return { fileName: f.name, contentType: f.mime, base64: Buffer.from(f.content).toString('base64') };
}
