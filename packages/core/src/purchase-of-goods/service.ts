import type { z } from 'zod';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { audit } from '../audit/index';
import type { Grant } from '../access/index';
import { scopeSql } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import { employeeName, employeeSearch, userName, workingEmployeeOptions } from '../shared/employee-sql';
import { anyId, chunksOf } from '../shared/sql';
import type { Page, In } from '../shared/zod';
import { allocateDeduction, invoiceTotal, splitInstalments } from './rules';
import {
  cancelPogInvoiceInput,
  createPogInvoiceInput,
  listPogInvoicesInput,
  POG_INVOICE_STATUS_LABELS,
  POG_PAYMENT_SOURCE_LABELS,
  type PogDeduction,
  type PogDeductionInstalment,
  type PogDeductionRow,
  pogDeductionsInput,
  type PogInvoiceDetail,
  type PogInvoiceRow,
  type PogLookupKind,
  type PogLookupRow,
  type PogPaymentSource,
  type PogEmployeeOption,
  type PogPaymentsResult,
  pogEmployeesInput,
  payPogInstalmentInput,
  pogInvoiceIdInput,
  pogLookupCreateInput,
  pogLookupIdInput,
  pogLookupUpdateInput,
  pogPeriod,
} from './schema';

type Manage = Grant<'purchaseOfGood.manage'>;

const invoiceNotFound = () => new AppError('NOT_FOUND', 'Invoice not found');

export { todayOf as pogToday } from '../shared/date-ranges';

/** Invoices and employees visible to the grant (spec §6 data scope on alias `e`); others are NOT_FOUND. */
const inScope = (grant: Manage): RawBuilder<SqlBool> => scopeSql(grant.scope, 'e');

// ---------------------------------------------------------------------------------------------
// Lookups: types and categories (CRUD-lite)

const LOOKUP = {
  type: {
    table: 'pog_types',
    label: 'Type',
    uq: 'pog_types_name_uq',
    used: sql<number>`(select count(*)::int from pog_invoices i where i.type_id = l.id)`,
  },
  category: {
    table: 'pog_categories',
    label: 'Category',
    uq: 'pog_categories_name_uq',
    used: sql<number>`(select count(*)::int from pog_invoice_lines il where il.category_id = l.id)`,
  },
} as const;

/** Every type (or category), by name, with how often it is used. */
export async function listPogLookup(ctx: Ctx, _grant: Manage, kind: PogLookupKind): Promise<PogLookupRow[]> {
  const k = LOOKUP[kind];
  return ctx.db
    .selectFrom(`${k.table} as l` as 'pog_types as l')
    .select(['l.id', 'l.name', k.used.as('used')])
    .orderBy(sql`lower(l.name)`)
    .execute();
}

const nameTaken = (kind: PogLookupKind) => () =>
  new AppError('CONFLICT', `${LOOKUP[kind].label} names must be unique`, { fields: [{ param: 'name', msg: 'is already used' }] });

async function lookupRow(db: Db, kind: PogLookupKind, id: number): Promise<PogLookupRow> {
  const k = LOOKUP[kind];
  const row = await db
    .selectFrom(`${k.table} as l` as 'pog_types as l')
    .select(['l.id', 'l.name', k.used.as('used')])
    .where('l.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `${k.label} not found`);
  return row;
}

/** What one change of a type (or category) did: its audit entry's id, before and after, and the service's result. */
type LookupChange<R> = { entityId: number; before?: unknown; after?: unknown; result: R };

/**
 * The service of one change of a type (or category): parses `input`, then runs `change` in its own
 * transaction and audits it as `purchaseOfGood.<kind>.<action>` on the kind's table.
 */
const lookupService =
  <S extends z.ZodType, R>(
    input: S,
    action: 'create' | 'update' | 'delete',
    change: (trx: Db, kind: PogLookupKind, input: z.output<S>) => Promise<LookupChange<R>>,
  ) =>
  async (ctx: Ctx, _grant: Manage, kind: PogLookupKind, raw: In<S>): Promise<R> => {
    const parsed = input.parse(raw);
    const table = LOOKUP[kind].table;
    return inTransaction(ctx, async (trx) => {
      const { result, ...entry } = await change(trx, kind, parsed);
      await audit(ctx, trx, { action: `purchaseOfGood.${kind}.${action}`, entity: table, ...entry });
      return result;
    });
  };

/** Adds a type (or category); names are unique regardless of case. */
export const createPogLookup = lookupService(
  pogLookupCreateInput,
  'create',
  async (trx, kind, input): Promise<LookupChange<PogLookupRow>> => {
    const k = LOOKUP[kind];
    const row = await dbWrite(
      () => trx.insertInto(k.table).values({ name: input.name }).returning(['id', 'name']).executeTakeFirstOrThrow(),
      { unique: { [k.uq]: nameTaken(kind) } },
    );
    return { entityId: row.id, after: row, result: { ...row, used: 0 } };
  },
);

/** Renames a type (or category). */
export const updatePogLookup = lookupService(
  pogLookupUpdateInput,
  'update',
  async (trx, kind, input): Promise<LookupChange<PogLookupRow>> => {
    const k = LOOKUP[kind];
    const before = await lookupRow(trx, kind, input.id);
    await dbWrite(() => trx.updateTable(k.table).set({ name: input.name }).where('id', '=', input.id).execute(), {
      unique: { [k.uq]: nameTaken(kind) },
    });
    const after = await lookupRow(trx, kind, input.id);
    return { entityId: input.id, before, after, result: after };
  },
);

/** Deletes an unused type (or category); one in use is refused (CONFLICT). */
export const deletePogLookup = lookupService(
  pogLookupIdInput,
  'delete',
  async (trx, kind, { id }): Promise<LookupChange<{ id: number }>> => {
    const k = LOOKUP[kind];
    const inUse = () => new AppError('CONFLICT', `This ${k.label.toLowerCase()} is in use and cannot be deleted`);
    const before = await lookupRow(trx, kind, id);
    if (before.used > 0) throw inUse();
    await dbWrite(() => trx.deleteFrom(k.table).where('id', '=', id).execute(), { onForeignKey: inUse });
    return { entityId: id, before, result: { id } };
  },
);

// ---------------------------------------------------------------------------------------------
// Invoices

function invoiceBase(db: Db) {
  return db
    .selectFrom('pog_invoices as i')
    .innerJoin('employees as e', 'e.id', 'i.employee_id')
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .innerJoin('pog_types as t', 't.id', 'i.type_id');
}

const paidSql = sql<string>`(select coalesce(sum(p.amount), 0)::text from pog_payments p where p.invoice_id = i.id)`;
const nextPeriodSql = sql<string | null>`(select min(s.period) from pog_instalments s where s.invoice_id = i.id
  and not exists (select 1 from pog_payments p where p.instalment_id = s.id))`;

const invoiceColumns = [
  'i.id',
  'i.invoice_number as invoiceNumber',
  'i.employee_id as employeeId',
  'e.employee_number as employeeNumber',
  employeeName.as('employeeName'),
  'o.name as companyOffice',
  'i.type_id as typeId',
  't.name as typeName',
  'i.invoice_date as invoiceDate',
  'i.total',
  'i.months',
  'i.start_period as startPeriod',
  'i.status',
  paidSql.as('paid'),
  nextPeriodSql.as('nextPeriod'),
] as const;

type RawInvoice = Omit<PogInvoiceRow, 'statusLabel' | 'outstanding'>;

const toInvoice = (r: RawInvoice): PogInvoiceRow => ({
  ...r,
  statusLabel: POG_INVOICE_STATUS_LABELS[r.status],
  outstanding: r.status === 'cancelled' ? '0' : (BigInt(r.total) - BigInt(r.paid)).toString(),
  nextPeriod: r.status === 'active' ? r.nextPeriod : null,
});

/** Invoices of the employees in the caller's scope; search by invoice number, employee name or number. */
export async function listPogInvoices(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof listPogInvoicesInput>,
): Promise<Page<PogInvoiceRow>> {
  const f = listPogInvoicesInput.parse(raw);
  let q = invoiceBase(ctx.db).where(inScope(grant));
  if (f.status) q = q.where('i.status', '=', f.status);
  if (f.typeId) q = q.where('i.type_id', '=', f.typeId);
  if (f.from) q = q.where('i.invoice_date', '>=', f.from);
  if (f.to) q = q.where('i.invoice_date', '<=', f.to);
  if (f.search) q = q.where(employeeSearch(f.search, ['i.invoice_number']));
  const rows = await q
    .select([...invoiceColumns, sql<number>`(count(*) over ())::int`.as('total_count')])
    .orderBy('i.invoice_date', 'desc')
    .orderBy('i.id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return {
    rows: rows.map(({ total_count: _t, ...r }) => toInvoice(r as RawInvoice)),
    total: rows[0]?.total_count ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}

async function visibleInvoice(db: Db, grant: Manage, id: number, lock = false): Promise<RawInvoice & { note: string | null }> {
  let q = invoiceBase(db)
    .where('i.id', '=', id)
    .where(inScope(grant))
    .select([...invoiceColumns, 'i.note']);
  if (lock) q = q.forUpdate('i');
  const row = await q.executeTakeFirst();
  if (!row) throw invoiceNotFound();
  return row as RawInvoice & { note: string | null };
}

/** One invoice with its lines, instalment plan and payment history. */
export async function getPogInvoice(ctx: Ctx, grant: Manage, raw: In<typeof pogInvoiceIdInput>): Promise<PogInvoiceDetail> {
  const { id } = pogInvoiceIdInput.parse(raw);
  const inv = await visibleInvoice(ctx.db, grant, id);
  const [meta, lines, instalments, payments] = await Promise.all([
    ctx.db
      .selectFrom('pog_invoices')
      .select(['created_at', 'cancelled_at', 'cancel_note'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('pog_invoice_lines as l')
      .innerJoin('pog_categories as c', 'c.id', 'l.category_id')
      .select([
        'l.line_no as lineNo',
        'l.goods',
        'l.category_id as categoryId',
        'c.name as categoryName',
        'l.quantity',
        'l.unit_price as unitPrice',
        'l.amount',
      ])
      .where('l.invoice_id', '=', id)
      .orderBy('l.line_no')
      .execute(),
    ctx.db
      .selectFrom('pog_instalments as s')
      .leftJoin('pog_payments as p', 'p.instalment_id', 's.id')
      .select(['s.id', 's.seq', 's.period', 's.amount', 'p.paid_on as paidOn', 'p.source'])
      .where('s.invoice_id', '=', id)
      .orderBy('s.seq')
      .execute(),
    ctx.db
      .selectFrom('pog_payments as p')
      .innerJoin('pog_instalments as s', 's.id', 'p.instalment_id')
      .leftJoin('users as u', 'u.id', 'p.actor_user_id')
      .leftJoin('employees as ue', 'ue.id', 'u.employee_id')
      .select([
        'p.id',
        's.seq as instalmentSeq',
        's.period as instalmentPeriod',
        'p.amount',
        'p.source',
        'p.period as payrollPeriod',
        'p.paid_on as paidOn',
        'p.note',
        userName('u', 'ue').$castTo<string | null>().as('actor'),
        'p.created_at as createdAt',
      ])
      .where('p.invoice_id', '=', id)
      .orderBy('p.id')
      .execute(),
  ]);
  const row = toInvoice(inv);
  return {
    ...row,
    note: inv.note,
    createdAt: meta.created_at,
    cancelledAt: meta.cancelled_at,
    cancelNote: meta.cancel_note,
    lines,
    instalments: instalments.map((s) => ({
      id: s.id,
      seq: s.seq,
      period: s.period,
      amount: s.amount,
      paid: s.paidOn !== null,
      paidOn: s.paidOn,
      source: (s.source ?? null) as PogPaymentSource | null,
    })),
    payments: payments.map((p) => ({
      ...p,
      source: p.source,
      sourceLabel: POG_PAYMENT_SOURCE_LABELS[p.source],
    })),
    can: { pay: row.status === 'active', cancel: row.status === 'active' && BigInt(row.paid) === 0n && payments.length === 0 },
  };
}

/** A validated invoice ready to write (used by the form and the XLSX import). */
export interface NewPogInvoice {
  employeeId: number;
  typeId: number;
  invoiceNumber: string | null;
  invoiceDate: string;
  months: number;
  startPeriod: string;
  note: string | null;
  lines: { goods: string; categoryId: number; quantity: number; unitPrice: string }[];
}

const numberTaken = () =>
  new AppError('CONFLICT', 'This invoice number is used already', {
    fields: [{ param: 'invoiceNumber', msg: 'is already used' }],
  });

/** Writes invoices with their lines and instalment plans (inside the caller's transaction). */
export async function insertPogInvoices(ctx: Ctx, trx: Db, invoices: readonly NewPogInvoice[]): Promise<number[]> {
  const ids: number[] = [];
  for (const inv of invoices) {
    const total = invoiceTotal(inv.lines);
    const row = await dbWrite(
      () =>
        trx
          .insertInto('pog_invoices')
          .values({
            // A generated number needs the id: a unique placeholder first, the real number below.
            invoice_number: inv.invoiceNumber ?? `pending-${crypto.randomUUID()}`,
            employee_id: inv.employeeId,
            type_id: inv.typeId,
            invoice_date: inv.invoiceDate,
            total: total.toString(),
            months: inv.months,
            start_period: inv.startPeriod,
            note: inv.note,
            created_by_user_id: ctx.actor?.userId ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      {
        unique: { pog_invoices_number_uq: numberTaken },
        onForeignKey: () =>
          new AppError('VALIDATION', 'The employee or type no longer exists', {
            fields: [{ param: 'typeId', msg: 'does not exist' }],
          }),
      },
    );
    if (!inv.invoiceNumber)
      await trx
        .updateTable('pog_invoices')
        .set({ invoice_number: `POG-${String(row.id).padStart(6, '0')}` })
        .where('id', '=', row.id)
        .execute();
    await dbWrite(
      () =>
        trx
          .insertInto('pog_invoice_lines')
          .values(
            inv.lines.map((l, i) => ({
              invoice_id: row.id,
              line_no: i + 1,
              goods: l.goods,
              category_id: l.categoryId,
              quantity: l.quantity,
              unit_price: l.unitPrice,
              amount: (BigInt(l.quantity) * BigInt(l.unitPrice)).toString(),
            })),
          )
          .execute(),
      {
        onForeignKey: () =>
          new AppError('VALIDATION', 'A category no longer exists', { fields: [{ param: 'lines', msg: 'unknown category' }] }),
      },
    );
    await trx
      .insertInto('pog_instalments')
      .values(
        splitInstalments(total, inv.months, inv.startPeriod).map((s) => ({
          invoice_id: row.id,
          seq: s.seq,
          period: s.period,
          amount: s.amount.toString(),
        })),
      )
      .execute();
    ids.push(row.id);
  }
  return ids;
}

async function employeeInScope(db: Db, grant: Manage, employeeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('employees as e')
    .select('e.id')
    .where('e.id', '=', employeeId)
    .where(inScope(grant))
    .executeTakeFirst();
  return Boolean(row);
}

/** Creates one invoice for an employee in the caller's scope; the instalment plan follows the split rule (rules.ts). */
export async function createPogInvoice(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof createPogInvoiceInput>,
): Promise<PogInvoiceDetail> {
  const input = createPogInvoiceInput.parse(raw);
  const id = await inTransaction(ctx, async (trx) => {
    if (!(await employeeInScope(trx, grant, input.employeeId)))
      throw new AppError('VALIDATION', 'Employee not found', { fields: [{ param: 'employeeId', msg: 'not found' }] });
    const type = await trx.selectFrom('pog_types').select('id').where('id', '=', input.typeId).executeTakeFirst();
    if (!type) throw new AppError('VALIDATION', 'Type not found', { fields: [{ param: 'typeId', msg: 'not found' }] });
    const cats = new Set(input.lines.map((l) => l.categoryId));
    const found = await trx
      .selectFrom('pog_categories')
      .select('id')
      .where('id', 'in', [...cats])
      .execute();
    if (found.length !== cats.size) {
      const known = new Set(found.map((c) => c.id));
      const i = input.lines.findIndex((l) => !known.has(l.categoryId));
      throw new AppError('VALIDATION', 'Category not found', { fields: [{ param: `lines.${i}.categoryId`, msg: 'not found' }] });
    }
    const [newId] = await insertPogInvoices(ctx, trx, [
      {
        employeeId: input.employeeId,
        typeId: input.typeId,
        invoiceNumber: input.invoiceNumber || null,
        invoiceDate: input.invoiceDate,
        months: input.months,
        startPeriod: input.startPeriod,
        note: input.note || null,
        lines: input.lines,
      },
    ]);
    await audit(ctx, trx, { action: 'purchaseOfGood.invoice.create', entity: 'pog_invoices', entityId: newId!, after: input });
    return newId!;
  });
  return getPogInvoice(ctx, grant, { id });
}

/** Working employees in the caller's scope (the buyer picker), by name or number, at most 500. */
export async function listPogEmployees(ctx: Ctx, grant: Manage, raw: In<typeof pogEmployeesInput>): Promise<PogEmployeeOption[]> {
  const f = pogEmployeesInput.parse(raw ?? {});
  return workingEmployeeOptions(ctx.db, f.search).where(inScope(grant)).orderBy('e.employee_number').limit(500).execute();
}

/** Marks the invoice paid off once every instalment has a payment (guarded on status 'active'). */
async function closeIfPaid(trx: Db, invoiceIds: readonly number[]): Promise<void> {
  if (invoiceIds.length === 0) return;
  await trx
    .updateTable('pog_invoices as i')
    .set({ status: 'paid' })
    .where(anyId('i.id', [...invoiceIds]))
    .where('i.status', '=', 'active')
    .where(
      sql<SqlBool>`not exists (select 1 from pog_instalments s where s.invoice_id = i.id
        and not exists (select 1 from pog_payments p where p.instalment_id = s.id))`,
    )
    .execute();
}

/**
 * One change of a visible invoice in its own transaction, under a lock on the invoice row (`change`
 * sees the invoice as locked), then the invoice as the caller sees it.
 */
async function changeInvoice(
  ctx: Ctx,
  grant: Manage,
  id: number,
  change: (trx: Db, inv: RawInvoice & { note: string | null }) => Promise<void>,
): Promise<PogInvoiceDetail> {
  await inTransaction(ctx, async (trx) => change(trx, await visibleInvoice(trx, grant, id, true)));
  return getPogInvoice(ctx, grant, { id });
}

/**
 * Records a manual payment of one whole instalment (cash at the cashier, a transfer). Under a lock
 * on the invoice: only an active invoice, only an unpaid instalment of it (an instalment is paid
 * once: payroll and a manual payment racing give one winner and one CONFLICT).
 */
export async function payPogInstalment(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof payPogInstalmentInput>,
): Promise<PogInvoiceDetail> {
  const input = payPogInstalmentInput.parse(raw);
  return changeInvoice(ctx, grant, input.id, async (trx, inv) => {
    if (inv.status === 'cancelled') throw new AppError('CONFLICT', 'This invoice is cancelled');
    if (inv.status === 'paid') throw new AppError('CONFLICT', 'This invoice is paid off already');
    const inst = await trx
      .selectFrom('pog_instalments')
      .select(['id', 'seq', 'amount'])
      .where('id', '=', input.instalmentId)
      .where('invoice_id', '=', input.id)
      .executeTakeFirst();
    if (!inst) throw new AppError('NOT_FOUND', 'Instalment not found');
    const paidAlready = () =>
      new AppError('CONFLICT', `Instalment ${inst.seq} is paid already`, {
        fields: [{ param: 'instalmentId', msg: 'is paid already' }],
      });
    const payment = await dbWrite(
      () =>
        trx
          .insertInto('pog_payments')
          .values({
            invoice_id: input.id,
            instalment_id: inst.id,
            amount: inst.amount,
            source: 'manual',
            period: null,
            paid_on: input.paidOn,
            note: input.note || null,
            actor_user_id: grant.actor.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: { pog_payments_instalment_uq: paidAlready } },
    );
    await closeIfPaid(trx, [input.id]);
    await audit(ctx, trx, {
      action: 'purchaseOfGood.invoice.pay',
      entity: 'pog_payments',
      entityId: payment.id,
      after: { invoiceId: input.id, instalment: inst.seq, amount: inst.amount, paidOn: input.paidOn },
    });
  });
}

/**
 * Cancels an invoice that has no payment. The invoice row is locked first, then the guarded update
 * (`where status = 'active' and no payment exists`) decides: of two concurrent cancels one wins.
 */
export async function cancelPogInvoice(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof cancelPogInvoiceInput>,
): Promise<PogInvoiceDetail> {
  const input = cancelPogInvoiceInput.parse(raw);
  return changeInvoice(ctx, grant, input.id, async (trx, inv) => {
    const updated = await trx
      .updateTable('pog_invoices as i')
      .set({
        status: 'cancelled',
        cancelled_at: sql`now()`,
        cancelled_by_user_id: grant.actor.userId,
        cancel_note: input.note || null,
      })
      .where('i.id', '=', input.id)
      .where('i.status', '=', 'active')
      .where(sql<SqlBool>`not exists (select 1 from pog_payments p where p.invoice_id = i.id)`)
      .returning('i.id')
      .executeTakeFirst();
    if (!updated) {
      const now = await visibleInvoice(trx, grant, input.id);
      if (now.status === 'cancelled') throw new AppError('CONFLICT', 'This invoice is cancelled already');
      throw new AppError('CONFLICT', 'An invoice with payments cannot be cancelled');
    }
    await audit(ctx, trx, {
      action: 'purchaseOfGood.invoice.cancel',
      entity: 'pog_invoices',
      entityId: input.id,
      before: { status: inv.status },
      after: { status: 'cancelled', note: input.note ?? null },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Payroll interface (read by the payroll engine; no grant: payroll runs under its own permission)

function checkPeriod(p: string): void {
  if (!pogPeriod.safeParse(p).success)
    throw new AppError('VALIDATION', 'Invalid period', { fields: [{ param: 'period', msg: 'must be a month yyyy-mm' }] });
}

async function deductionsOf(
  db: Db,
  p: string,
  employeeIds: readonly number[] | undefined,
  scope?: RawBuilder<SqlBool>,
): Promise<(PogDeduction & { employeeNumber: string; employeeName: string })[]> {
  if (employeeIds && employeeIds.length === 0) return [];
  const only = employeeIds ? anyId('x.employee_id', employeeIds) : sql<SqlBool>`true`;
  const rows = await sql<{
    employeeId: number;
    employeeNumber: string;
    employeeName: string;
    amount: string;
    posted: boolean;
    instalments: (Omit<PogDeductionInstalment, 'amount'> & { amount: string | number })[];
  }>`
    with x as (
      -- due: unpaid instalments of active invoices up to the period (arrears included), unless posted
      select inv.employee_id, inv.id as invoice_id, inv.invoice_number, s.id as instalment_id, s.seq, s.period, s.amount, false as posted
      from pog_instalments s
      join pog_invoices inv on inv.id = s.invoice_id
      where inv.status = 'active' and s.period <= ${p}
        and not exists (select 1 from pog_payments pm where pm.instalment_id = s.id)
        and not exists (select 1 from pog_payroll_postings pp where pp.employee_id = inv.employee_id and pp.period = ${p})
      union all
      -- posted: what the recorded payroll run of the period paid
      select inv.employee_id, inv.id, inv.invoice_number, s.id, s.seq, s.period, pm.amount, true
      from pog_payments pm
      join pog_instalments s on s.id = pm.instalment_id
      join pog_invoices inv on inv.id = pm.invoice_id
      where pm.source = 'payroll' and pm.period = ${p}
    )
    select x.employee_id as "employeeId", e.employee_number as "employeeNumber",
      ${employeeName} as "employeeName",
      sum(x.amount)::text as amount, bool_or(x.posted) as posted,
      json_agg(json_build_object('invoiceId', x.invoice_id, 'invoiceNumber', x.invoice_number,
        'instalmentId', x.instalment_id, 'seq', x.seq, 'period', x.period, 'amount', x.amount::text)
        order by x.period, x.invoice_id, x.seq) as instalments
    from x join employees e on e.id = x.employee_id
    where ${only} and ${scope ?? sql<SqlBool>`true`}
    group by x.employee_id, e.employee_number, e.given_name, e.surname
    having sum(x.amount) > 0
    order by e.employee_number`.execute(db);
  return rows.rows.map((r) => ({
    ...r,
    instalments: r.instalments.map((i) => ({ ...i, amount: String(i.amount) })),
  }));
}

/**
 * What payroll deducts from each employee for a period ('yyyy-mm'): the unpaid instalments of
 * active invoices whose period is on or before it (arrears are carried forward), oldest first.
 * Once the period is recorded ({@link recordPurchaseOfGoodsPayments}) it reports what was booked
 * for it, so a re-run of the same payroll sees the same amounts. Amounts are rupiah digit strings.
 */
export async function purchaseOfGoodsDeductions(
  db: Db,
  opts: { period: string; employeeIds?: readonly number[] },
): Promise<PogDeduction[]> {
  checkPeriod(opts.period);
  const rows = await deductionsOf(db, opts.period, opts.employeeIds);
  return rows.map(({ employeeNumber: _n, employeeName: _m, ...r }) => r);
}

/** The deductions of a period for the employees in the caller's scope (screen and REST). */
export async function listPogDeductions(ctx: Ctx, grant: Manage, raw: In<typeof pogDeductionsInput>): Promise<PogDeductionRow[]> {
  const f = pogDeductionsInput.parse(raw);
  return deductionsOf(ctx.db, f.period, f.employeeIds, inScope(grant));
}

/**
 * Records what a finalised payroll run deducted for purchase of goods: each employee's amount pays
 * their due instalments (period ≤ the run's period, oldest first, whole instalments only; see
 * rules.ts allocateDeduction). Idempotent per employee and period: a posting row (primary key
 * employee + period) is claimed first, so a re-run, a retry or a concurrent second call records
 * nothing twice. Rows for unknown employees or with non-positive amounts are skipped.
 */
export async function recordPurchaseOfGoodsPayments(
  db: Db,
  period: string,
  rows: readonly { employeeId: number; amount: string | number | bigint }[],
): Promise<PogPaymentsResult> {
  checkPeriod(period);
  const run = async (trx: Db): Promise<PogPaymentsResult> => {
    const byEmployee = new Map<number, bigint>();
    for (const r of rows) {
      if (!Number.isInteger(r.employeeId) || r.employeeId <= 0 || !/^\d{1,15}$/.test(String(r.amount))) continue;
      const a = BigInt(r.amount);
      if (a > 0n) byEmployee.set(r.employeeId, (byEmployee.get(r.employeeId) ?? 0n) + a);
    }
    const empty: PogPaymentsResult = { posted: 0, skipped: rows.length, instalmentsPaid: 0, unapplied: [] };
    if (byEmployee.size === 0) return empty;
    const known = await trx
      .selectFrom('employees')
      .select('id')
      .where(anyId('id', [...byEmployee.keys()]))
      .execute();
    if (known.length === 0) return empty;
    const claimed = [];
    for (const part of chunksOf(known))
      claimed.push(
        ...(await trx
          .insertInto('pog_payroll_postings')
          .values(part.map((k) => ({ employee_id: k.id, period, amount: byEmployee.get(k.id)!.toString(), applied: '0' })))
          .onConflict((oc) => oc.columns(['employee_id', 'period']).doNothing())
          .returning('employee_id')
          .execute()),
      );
    const fresh = claimed.map((c) => c.employee_id);
    if (fresh.length === 0) return empty;
    // Lock the invoices first; the due instalments are read by a later statement (a fresh snapshot).
    await trx
      .selectFrom('pog_invoices')
      .select('id')
      .where(anyId('employee_id', fresh))
      .where('status', '=', 'active')
      .orderBy('id')
      .forUpdate()
      .execute();
    const due = await trx
      .selectFrom('pog_instalments as s')
      .innerJoin('pog_invoices as i', 'i.id', 's.invoice_id')
      .select(['s.id', 's.invoice_id as invoiceId', 's.amount', 'i.employee_id as employeeId'])
      .where(anyId('i.employee_id', fresh))
      .where('i.status', '=', 'active')
      .where('s.period', '<=', period)
      .where(sql<SqlBool>`not exists (select 1 from pog_payments p where p.instalment_id = s.id)`)
      .orderBy('s.period')
      .orderBy('i.id')
      .orderBy('s.seq')
      .execute();
    const payments: { invoice_id: number; instalment_id: number; amount: string }[] = [];
    const unapplied: { employeeId: number; amount: string }[] = [];
    const applied = new Map<number, bigint>();
    for (const employeeId of fresh) {
      const mine = due.filter((d) => d.employeeId === employeeId);
      const amount = byEmployee.get(employeeId)!;
      const { paid, left } = allocateDeduction(
        amount,
        mine.map((d) => ({ id: d.id, amount: BigInt(d.amount) })),
      );
      const invoiceOf = new Map(mine.map((d) => [d.id, d.invoiceId]));
      for (const p of paid) payments.push({ invoice_id: invoiceOf.get(p.id)!, instalment_id: p.id, amount: p.amount.toString() });
      applied.set(employeeId, amount - left);
      if (left > 0n) unapplied.push({ employeeId, amount: left.toString() });
    }
    if (payments.length > 0) {
      const paidOn = lastDayOf(period);
      for (const part of chunksOf(payments))
        await trx
          .insertInto('pog_payments')
          .values(part.map((p) => ({ ...p, source: 'payroll' as const, period, paid_on: paidOn, note: `Payroll ${period}` })))
          .execute();
      await closeIfPaid(trx, [...new Set(payments.map((p) => p.invoice_id))]);
    }
    for (const [employeeId, a] of applied)
      if (a > 0n)
        await trx
          .updateTable('pog_payroll_postings')
          .set({ applied: a.toString() })
          .where('employee_id', '=', employeeId)
          .where('period', '=', period)
          .execute();
    return { posted: fresh.length, skipped: rows.length - fresh.length, instalmentsPaid: payments.length, unapplied };
  };
  if (db.isTransaction) return run(db);
  return db.transaction().execute(run);
}

const lastDayOf = (p: string): string => {
  const [y, m] = p.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
