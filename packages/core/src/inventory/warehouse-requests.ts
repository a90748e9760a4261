import type { z } from 'zod';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { audit } from '../audit/index';
import type { Actor } from '../access/index';
import { type Decision, decisionRefusal } from '../access/index';
import { type Grant, hasPermission } from '../access/index';
import { checkDuties, transition } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError, type FieldIssue, invalid } from '../shared/errors';
import { assertPlausibleDates } from '../shared/plausible-date';
import type { Page, In } from '../shared/zod';
import { ownRequest, teamRequest, warehouseRequestVisible } from './access';
import { companyToday } from './catalogue';
import { purchaseRequestsOfWarehouseRequest } from './purchase-requests';
import { changeOwnRequest, drawLine, requestColumns, requesterColumns, requesterOf, requestPage, unknownRefs } from './requests';
import { defined } from '../shared/patch';
import {
  catalogueIdInput,
  createWarehouseRequestInput,
  decisionInput,
  documentNumber,
  FULFILMENT_LABELS,
  type Fulfilment,
  issueWarehouseRequestInput,
  listWarehouseRequestsInput,
  REQUEST_STATUS,
  REQUEST_STATUS_LABELS,
  type RequestStatus,
  updateWarehouseRequestInput,
  variantLabel,
  WAREHOUSE_REQUEST_SOURCE,
  type WarehouseRequestDetail,
  type WarehouseRequestLine,
  type WarehouseRequestRow,
} from './schema';
import { moveStock } from './stock';
import { userNameOf } from '../shared/employee-sql';

type Request = Grant<'inventory.request'>;
type View = Grant<'inventory.view'>;
type Manage = Grant<'inventory.manage'>;
type Decide = Grant<'inventory.approve.warehouse'>;
/** Any inventory permission: reading a request needs one, and the visibility rules decide which. */
type Reader = Grant<'inventory.request' | 'inventory.view' | 'inventory.manage' | 'inventory.approve.warehouse'>;

const notFound = () => new AppError('NOT_FOUND', 'Warehouse request not found');
const ISSUED = { table: 'inventory_warehouse_request_lines', column: 'issued_quantity' } as const;

function base(db: Db) {
  return db
    .selectFrom('inventory_warehouse_requests as r')
    .innerJoin('users as ru', 'ru.id', 'r.requester_user_id')
    .leftJoin('employees as e', 'e.id', 'r.requester_employee_id')
    .innerJoin('inventory_warehouses as w', 'w.id', 'r.warehouse_id');
}

const rowColumns = [
  ...requestColumns,
  'r.needed_date as neededDate',
  'r.note',
  'r.created_at as createdAt',
  sql<number>`(select count(*)::int from inventory_warehouse_request_lines l where l.warehouse_request_id = r.id)`.as('lines'),
  sql<number>`(select coalesce(sum(l.issued_quantity), 0)::int from inventory_warehouse_request_lines l where l.warehouse_request_id = r.id)`.as(
    'issued',
  ),
  sql<number>`(select coalesce(sum(l.quantity), 0)::int from inventory_warehouse_request_lines l where l.warehouse_request_id = r.id)`.as(
    'asked',
  ),
] as const;

interface RawRow {
  id: number;
  status: number;
  requesterUserId: number;
  requesterEmployeeId: number | null;
  requesterName: string;
  warehouseId: number;
  warehouse: string;
  neededDate: string | null;
  note: string | null;
  createdAt: Date;
  lines: number;
  issued: number;
  asked: number;
}

function toRow(r: RawRow): WarehouseRequestRow {
  const fulfilment: Fulfilment = r.issued === 0 ? 'none' : r.issued >= r.asked ? 'full' : 'partial';
  const status = r.status as RequestStatus;
  return {
    id: r.id,
    number: documentNumber('WR', r.id),
    status,
    statusLabel: REQUEST_STATUS_LABELS[status],
    fulfilment,
    fulfilmentLabel: FULFILMENT_LABELS[fulfilment],
    requester: requesterOf(r),
    warehouseId: r.warehouseId,
    warehouse: r.warehouse,
    neededDate: r.neededDate,
    note: r.note,
    lines: r.lines,
    createdAt: r.createdAt,
  };
}

async function listWhere(
  db: Db,
  where: RawBuilder<SqlBool>,
  raw: In<typeof listWarehouseRequestsInput>,
): Promise<Page<WarehouseRequestRow>> {
  const f = listWarehouseRequestsInput.parse(raw);
  return requestPage(base(db).where(where).select(rowColumns), 'WR', f, (r) => toRow(r as RawRow));
}

/** The caller's own warehouse requests. */
export async function listMyWarehouseRequests(ctx: Ctx, grant: Request, raw: In<typeof listWarehouseRequestsInput>) {
  return listWhere(ctx.db, ownRequest(grant.actor), raw);
}

/** Requests of the people in the caller's scope (the "team" view, spec §6). */
export async function listTeamWarehouseRequests(ctx: Ctx, grant: View, raw: In<typeof listWarehouseRequestsInput>) {
  return listWhere(ctx.db, teamRequest(grant.actor), raw);
}

/** Every warehouse request: the warehouse's work queue. */
export async function listAllWarehouseRequests(ctx: Ctx, _grant: Manage, raw: In<typeof listWarehouseRequestsInput>) {
  return listWhere(ctx.db, sql<SqlBool>`true`, raw);
}

async function visibleRow(db: Db, actor: Actor, id: number): Promise<RawRow> {
  const row = await base(db).where('r.id', '=', id).where(warehouseRequestVisible(actor)).select(rowColumns).executeTakeFirst();
  if (!row) throw notFound();
  return row as RawRow;
}

/** The lines of one request, in order, with their item variant, item and unit (aliases l, v, i, u). */
function linesBase(db: Db, id: number) {
  return db
    .selectFrom('inventory_warehouse_request_lines as l')
    .innerJoin('inventory_item_variants as v', 'v.id', 'l.variant_id')
    .innerJoin('inventory_items as i', 'i.id', 'v.item_id')
    .innerJoin('inventory_units as u', 'u.id', 'i.unit_id')
    .where('l.warehouse_request_id', '=', id)
    .orderBy('l.position');
}

async function linesOf(db: Db, id: number, warehouseId: number): Promise<WarehouseRequestLine[]> {
  const rows = await linesBase(db, id)
    .leftJoin('inventory_stock as s', (j) => j.onRef('s.variant_id', '=', 'l.variant_id').on('s.warehouse_id', '=', warehouseId))
    .select([
      'l.id',
      'l.variant_id as variantId',
      'i.id as itemId',
      'i.name as item',
      'v.name as variant',
      'i.unit_id as unitId',
      'u.name as unit',
      'l.quantity',
      'l.issued_quantity as issuedQuantity',
      's.on_hand as onHand',
      'l.note',
      // Ordered for this request already: the item's quantity on its purchase requests that are still alive.
      sql<number>`(select coalesce(sum(pl.quantity), 0)::int from inventory_purchase_request_lines pl
        join inventory_purchase_requests p on p.id = pl.purchase_request_id
        where p.warehouse_request_id = ${id} and pl.variant_id = l.variant_id
          and p.status not in ('rejected', 'cancelled'))`.as('onOrder'),
    ])
    .execute();
  return rows.map((r) => {
    const outstanding = r.quantity - r.issuedQuantity;
    const onHand = r.onHand ?? 0;
    return { ...r, variant: variantLabel(r.variant), onHand, outstanding, shortage: Math.max(0, outstanding - onHand) };
  });
}

/** One request with its lines (stock and shortage per line), decision and linked purchase requests. */
export async function getWarehouseRequest(
  ctx: Ctx,
  grant: Reader,
  raw: In<typeof catalogueIdInput>,
): Promise<WarehouseRequestDetail> {
  const { id } = catalogueIdInput.parse(raw);
  const actor = grant.actor;
  const row = await visibleRow(ctx.db, actor, id);
  const [lineItems, decision, purchaseRequests] = await Promise.all([
    linesOf(ctx.db, id, row.warehouseId),
    ctx.db
      .selectFrom('inventory_warehouse_requests as r')
      .select([
        userNameOf('r.decided_by_user_id').as('decidedBy'),
        'r.decided_at as decidedAt',
        'r.decision_note as decisionNote',
      ])
      .where('r.id', '=', id)
      .executeTakeFirstOrThrow(),
    purchaseRequestsOfWarehouseRequest(ctx.db, id),
  ]);
  const r = toRow(row);
  const own = row.requesterUserId === actor.userId;
  const pending = r.status === REQUEST_STATUS.Pending;
  const approvedOpen = r.status === REQUEST_STATUS.Approved && r.fulfilment !== 'full';
  const decider = pending && hasPermission(actor, 'inventory.approve.warehouse');
  const manage = hasPermission(actor, 'inventory.manage');
  // The screen hides the buttons and says why when the approval helper would refuse.
  const decideRefusal = decider ? await decisionRefusal(checkDuties(ctx.db, actor, await warehouseDecision(ctx.db, id))) : null;
  return {
    ...r,
    lineItems,
    ...decision,
    purchaseRequests,
    can: {
      edit: own && pending,
      cancel: own && pending,
      decide: decider && decideRefusal === null,
      decideRefusal,
      // Only when something outstanding is in stock: the issue hands out what there is, the rest stays open.
      issue: approvedOpen && manage && lineItems.some((l) => l.outstanding > 0 && l.onHand > 0),
      // Only for a shortage not on order yet (issue 19 item 15: not offered again once it is ordered).
      raisePurchaseRequest: approvedOpen && manage && lineItems.some((l) => l.shortage > l.onOrder),
    },
  };
}

/** Purchase requests raised for a warehouse request (spec warehouse-requests/{id}/purchase-requests). */
export async function listWarehouseRequestPurchaseRequests(ctx: Ctx, grant: Request, raw: In<typeof catalogueIdInput>) {
  const { id } = catalogueIdInput.parse(raw);
  await visibleRow(ctx.db, grant.actor, id);
  return purchaseRequestsOfWarehouseRequest(ctx.db, id);
}

/** GL0001 naming each unknown warehouse / variant. */
async function checkRefs(db: Db, warehouseId: number | undefined, lines: { variantId: number }[] | undefined): Promise<void> {
  const { fields, variants } = await unknownRefs(db, warehouseId, lines);
  lines?.forEach((l, i) => {
    if (!variants.has(l.variantId)) fields.push({ param: `lines.${i}.variantId`, msg: 'is not a known item variant' });
  });
  if (fields.length) throw invalid(fields);
}

async function insertLines(
  db: Db,
  requestId: number,
  lines: { variantId: number; quantity: number; note?: string | null | undefined }[],
): Promise<void> {
  await db
    .insertInto('inventory_warehouse_request_lines')
    .values(
      lines.map((l, i) => ({
        warehouse_request_id: requestId,
        position: i + 1,
        variant_id: l.variantId,
        quantity: l.quantity,
        note: l.note ?? null,
      })),
    )
    .execute();
}

/** The form fields a requester's write checks. */
type RequestForm = {
  neededDate?: string | null | undefined;
  warehouseId?: number | undefined;
  lines?: { variantId: number }[] | undefined;
};

/**
 * The service of a requester's write of a request (create, edit): parses `input`, checks the
 * needed date and the references, runs `write` in one transaction (it returns the request's id),
 * then returns the request as the requester sees it.
 */
const requestWrite =
  <S extends z.ZodType<RequestForm>>(input: S, write: (ctx: Ctx, trx: Db, actor: Actor, input: z.output<S>) => Promise<number>) =>
  async (ctx: Ctx, grant: Request, raw: In<S>): Promise<WarehouseRequestDetail> => {
    const parsed = input.parse(raw);
    assertPlausibleDates(companyToday(ctx), [{ param: 'neededDate', value: parsed.neededDate }]);
    const id = await inTransaction(ctx, async (trx) => {
      await checkRefs(trx, parsed.warehouseId, parsed.lines);
      return write(ctx, trx, grant.actor, parsed);
    });
    return getWarehouseRequest(ctx, grant, { id });
  };

/** An employee asks the warehouse for items. Starts Pending (3). */
export const createWarehouseRequest = requestWrite(createWarehouseRequestInput, async (ctx, trx, actor, input) => {
  const row = await trx
    .insertInto('inventory_warehouse_requests')
    .values({
      ...requesterColumns(actor),
      warehouse_id: input.warehouseId,
      needed_date: input.neededDate ?? null,
      note: input.note ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLines(trx, row.id, input.lines);
  await audit(ctx, trx, { action: 'create', entity: 'inventory_warehouse_request', entityId: row.id, after: input });
  return row.id;
});

/**
 * Why a conditional update touched no row: not visible (NOT_FOUND), someone else's (FORBIDDEN)
 * or no longer in the expected status (CONFLICT naming the current one).
 */
async function explainMiss(db: Db, actor: Actor, id: number, needOwn: boolean, doing: string): Promise<AppError> {
  const row = await base(db)
    .where('r.id', '=', id)
    .where(warehouseRequestVisible(actor))
    .select(['r.status', 'r.requester_user_id'])
    .executeTakeFirst();
  if (!row) return notFound();
  if (needOwn && row.requester_user_id !== actor.userId)
    return new AppError('FORBIDDEN', `Only the requester can ${doing} this request`);
  return new AppError(
    'CONFLICT',
    `This warehouse request is ${REQUEST_STATUS_LABELS[row.status as RequestStatus]} and can no longer be ${doing === 'edit' ? 'edited' : doing === 'cancel' ? 'cancelled' : 'decided'}`,
  );
}

/** The requester changes a request while it is still Pending (lines are replaced as a whole). */
export const updateWarehouseRequest = requestWrite(updateWarehouseRequestInput, async (ctx, trx, actor, input) => {
  await changeOwnRequest(trx, 'inventory_warehouse_requests', actor, {
    id: input.id,
    from: REQUEST_STATUS.Pending,
    set: defined({ warehouse_id: input.warehouseId, needed_date: input.neededDate, note: input.note }),
    refuse: (trx) => explainMiss(trx, actor, input.id, true, 'edit'),
  });
  if (input.lines) {
    await trx.deleteFrom('inventory_warehouse_request_lines').where('warehouse_request_id', '=', input.id).execute();
    await insertLines(trx, input.id, input.lines);
  }
  await audit(ctx, trx, { action: 'update', entity: 'inventory_warehouse_request', entityId: input.id, after: input });
  return input.id;
});

/** The requester withdraws a Pending request (status Cancel, 4). */
export async function cancelWarehouseRequest(ctx: Ctx, grant: Request, raw: In<typeof catalogueIdInput>) {
  const { id } = catalogueIdInput.parse(raw);
  const actor = grant.actor;
  await inTransaction(ctx, async (trx) => {
    await changeOwnRequest(trx, 'inventory_warehouse_requests', actor, {
      id,
      from: REQUEST_STATUS.Pending,
      set: { status: REQUEST_STATUS.Cancel },
      refuse: (trx) => explainMiss(trx, actor, id, true, 'cancel'),
    });
    await audit(ctx, trx, { action: 'cancel', entity: 'inventory_warehouse_request', entityId: id });
  });
  return getWarehouseRequest(ctx, grant, { id });
}

/**
 * Segregation of duties (docs/security.md), as the approval kit checks them: never one's own
 * request (filed by the actor or for their employee record), never after the actor's manager
 * relation to the requester changed after filing.
 */
async function warehouseDecision(db: Db, id: number): Promise<Decision> {
  const r = await db
    .selectFrom('inventory_warehouse_requests')
    .select(['requester_user_id', 'requester_employee_id', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    what: 'warehouse request',
    requestedByUserId: r.requester_user_id,
    subjectEmployeeId: r.requester_employee_id,
    filedAt: r.created_at,
  };
}

/**
 * The warehouse's single approval (spec §4): Pending → Approved (1) or Disapproved (2), one
 * guarded transition of the approval kit, so of concurrent decisions exactly one wins.
 */
export async function decideWarehouseRequest(ctx: Ctx, grant: Decide, raw: In<typeof decisionInput>) {
  const input = decisionInput.parse(raw);
  const actor = grant.actor;
  await inTransaction(ctx, async (trx) => {
    const visible = await base(trx)
      .where('r.id', '=', input.id)
      .where(warehouseRequestVisible(actor))
      .select('r.id')
      .executeTakeFirst();
    if (!visible) throw notFound();
    const status = input.decision === 'approve' ? REQUEST_STATUS.Approved : REQUEST_STATUS.Disapproved;
    await transition(trx, 'inventory_warehouse_requests', {
      id: input.id,
      from: REQUEST_STATUS.Pending,
      set: {
        status,
        decided_by_user_id: actor.userId,
        decided_at: sql<Date>`now()`,
        decision_note: input.note ?? null,
        updated_at: sql<Date>`now()`,
      },
      // Nobody decides their own request, whatever roles they hold.
      duties: { actor, decisions: await warehouseDecision(trx, input.id) },
      and: [sql<SqlBool>`requester_user_id <> ${actor.userId}`],
      returning: ['id'],
      refuse: (trx) => explainMiss(trx, actor, input.id, false, 'decide'),
    });
    await audit(ctx, trx, {
      action: input.decision,
      entity: 'inventory_warehouse_request',
      entityId: input.id,
      after: { status, note: input.note ?? null },
    });
  });
  return getWarehouseRequest(ctx, grant, { id: input.id });
}

/**
 * Hands items out: each line's issued quantity grows (never past what was asked) and stock goes down by a ledger
 * issue naming this request. Without `lines`, whatever is in stock of everything outstanding: a line short of stock
 * is issued in part and its remainder stays open (issue 19 item 15), the request is then "Partially issued". With
 * `lines`, exactly those quantities; one above what is outstanding or on hand is a field error of that line.
 * The stock rows of the request's items are locked first, so what is planned is what is on hand when it moves
 * (concurrent issues of the same stock never oversell).
 */
export async function issueWarehouseRequest(ctx: Ctx, grant: Manage, raw: In<typeof issueWarehouseRequestInput>) {
  const input = issueWarehouseRequestInput.parse(raw);
  const actor = grant.actor;
  await inTransaction(ctx, async (trx) => {
    // Locks the request: issues of one request run one after another.
    const wr = await trx
      .selectFrom('inventory_warehouse_requests as r')
      .innerJoin('inventory_warehouses as w', 'w.id', 'r.warehouse_id')
      .select(['r.id', 'r.status', 'r.warehouse_id', 'w.name as warehouse'])
      .where('r.id', '=', input.id)
      .forUpdate('r')
      .executeTakeFirst();
    if (!wr) throw notFound();
    if (wr.status !== REQUEST_STATUS.Approved) {
      throw new AppError(
        'CONFLICT',
        `Only an approved request can be issued; this one is ${REQUEST_STATUS_LABELS[wr.status as RequestStatus]}`,
      );
    }
    const lines = await linesBase(trx, input.id)
      .select([
        'l.id',
        'l.variant_id',
        'l.quantity',
        'l.issued_quantity',
        'i.name as item',
        'v.name as variant',
        'u.name as unit',
      ])
      .execute();
    // What is on hand of each item, locked until the issue commits (another request waits here).
    const stock = lines.length
      ? await trx
          .selectFrom('inventory_stock')
          .select(['variant_id', 'on_hand'])
          .where('warehouse_id', '=', wr.warehouse_id)
          .where(
            'variant_id',
            'in',
            lines.map((l) => l.variant_id),
          )
          .orderBy('variant_id')
          .forUpdate()
          .execute()
      : [];
    const left = new Map(stock.map((s) => [s.variant_id, s.on_hand]));
    const take = (variantId: number, quantity: number) => left.set(variantId, (left.get(variantId) ?? 0) - quantity);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const outstanding = lines.filter((l) => l.quantity > l.issued_quantity);
    if (outstanding.length === 0) throw new AppError('CONFLICT', 'Everything on this request has already been issued');
    const plan: { lineId: number; variantId: number; quantity: number }[] = [];
    if (input.lines) {
      const fields: FieldIssue[] = [];
      input.lines.forEach((l, i) => {
        const line = byId.get(l.lineId);
        const onHand = line ? (left.get(line.variant_id) ?? 0) : 0;
        if (!line) fields.push({ param: `lines.${i}.lineId`, msg: 'is not a line of this request' });
        else if (l.quantity > line.quantity - line.issued_quantity)
          fields.push({
            param: `lines.${i}.quantity`,
            msg: `must be at most ${line.quantity - line.issued_quantity} (still outstanding)`,
          });
        else if (l.quantity > onHand)
          fields.push({ param: `lines.${i}.quantity`, msg: `must be at most ${onHand} (on hand in ${wr.warehouse})` });
        else {
          plan.push({ lineId: line.id, variantId: line.variant_id, quantity: l.quantity });
          take(line.variant_id, l.quantity);
        }
      });
      if (new Set(input.lines.map((l) => l.lineId)).size !== input.lines.length)
        fields.push({ param: 'lines', msg: 'must name each line once' });
      if (fields.length) throw invalid(fields);
    } else {
      for (const l of outstanding) {
        const quantity = Math.min(l.quantity - l.issued_quantity, Math.max(0, left.get(l.variant_id) ?? 0));
        if (quantity === 0) continue;
        plan.push({ lineId: l.id, variantId: l.variant_id, quantity });
        take(l.variant_id, quantity);
      }
      if (plan.length === 0) {
        const short = outstanding.map(
          (l) => `${l.item} (${variantLabel(l.variant)}) ${l.quantity - l.issued_quantity} ${l.unit}`,
        );
        throw new AppError(
          'CONFLICT',
          `Nothing on this request is in stock in ${wr.warehouse}: ${short.join(', ')} outstanding. Raise a purchase request for the shortage or issue when stock arrives`,
        );
      }
    }
    for (const p of plan) {
      await drawLine(trx, ISSUED, p.lineId, p.quantity, 'This line was issued meanwhile; reload and try again');
      await moveStock(ctx, trx, {
        variantId: p.variantId,
        warehouseId: wr.warehouse_id,
        kind: 'issue',
        quantity: -p.quantity,
        sourceType: WAREHOUSE_REQUEST_SOURCE,
        sourceId: input.id,
      });
    }
    await audit(ctx, trx, {
      action: 'issue',
      entity: 'inventory_warehouse_request',
      entityId: input.id,
      after: { lines: plan, by: actor.userId },
    });
  });
  return getWarehouseRequest(ctx, grant, { id: input.id });
}
