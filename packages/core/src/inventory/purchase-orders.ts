import { sql } from 'kysely';
import { audit } from '../audit/index';
import type { Actor } from '../access/index';
import type { Grant } from '../access/index';
import { pageOffset, pageOfIds } from '../shared/page';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError, type FieldIssue, invalid } from '../shared/errors';
import { assertPlausibleDates } from '../shared/plausible-date';
import { likePattern } from '../shared/sql';
import type { Page, In } from '../shared/zod';
import { type InventoryReader, purchaseRequestVisible, warehouseRequestVisible } from './access';
import { requestLineName, requestLineNameColumns } from './request-lines';
import { companyToday } from './catalogue';
import {
  catalogueIdInput,
  createPurchaseOrderInput,
  documentNumber,
  type Fulfilment,
  listPurchaseOrdersInput,
  PURCHASE_RECEIVE_SOURCE,
  PURCHASE_REQUEST_STATUS_LABELS,
  type PurchaseOrder,
  type PurchaseReceive,
  RECEIVE_LABELS,
  receivePurchaseOrderInput,
} from './schema';
import { moveStock } from './stock';
import { drawLine } from './requests';
import { userNameOf } from '../shared/employee-sql';

type Manage = Grant<'inventory.manage'>;

const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
const RECEIVED = { table: 'inventory_purchase_order_lines', column: 'received_quantity' } as const;

/**
 * Tax of an order: subtotal × rate (basis points) / 10 000, rounded half up to the whole rupiah
 * (integer arithmetic; amounts are never negative). Returns [tax, total].
 */
export function orderTotals(subtotal: bigint, taxRateBp: number): [bigint, bigint] {
  const tax = (subtotal * BigInt(taxRateBp) + 5000n) / 10000n;
  return [tax, subtotal + tax];
}

/** Orders by id, with lines, totals and how much has been received. */
async function ordersByIds(db: Db, ids: number[]): Promise<PurchaseOrder[]> {
  if (ids.length === 0) return [];
  const [orders, lines] = await Promise.all([
    db
      .selectFrom('inventory_purchase_orders as po')
      .innerJoin('inventory_purchase_requests as r', 'r.id', 'po.purchase_request_id')
      .innerJoin('inventory_warehouses as w', 'w.id', 'r.warehouse_id')
      .select([
        'po.id',
        'po.purchase_request_id as purchaseRequestId',
        'r.warehouse_id as warehouseId',
        'w.name as warehouse',
        'po.supplier',
        'po.order_date as orderDate',
        'po.delivery_date as deliveryDate',
        'po.tax_rate_bp as taxRateBp',
        'po.note',
        'po.created_at as createdAt',
      ])
      .where('po.id', 'in', ids)
      .execute(),
    db
      .selectFrom('inventory_purchase_order_lines as ol')
      .innerJoin('inventory_purchase_request_lines as l', 'l.id', 'ol.purchase_request_line_id')
      .innerJoin('inventory_units as u', 'u.id', 'l.unit_id')
      .select([
        'ol.id',
        'ol.purchase_order_id as orderId',
        'ol.purchase_request_line_id as purchaseRequestLineId',
        'l.kind',
        ...requestLineNameColumns,
        'u.name as unit',
        'ol.quantity',
        'ol.unit_price as unitPrice',
        sql<string>`(ol.quantity::numeric * ol.unit_price)::text`.as('amount'),
        'ol.received_quantity as receivedQuantity',
      ])
      .where('ol.purchase_order_id', 'in', ids)
      .orderBy('ol.purchase_order_id')
      .orderBy('ol.position')
      .execute(),
  ]);
  const byId = new Map(orders.map((o) => [o.id, o]));
  return ids
    .map((id) => byId.get(id))
    .filter((o): o is (typeof orders)[number] => !!o)
    .map((o) => {
      const mine = lines
        .filter((l) => l.orderId === o.id)
        .map(({ orderId: _o, itemName, variantName, serviceName, ...l }) => ({
          ...l,
          name: requestLineName({ kind: l.kind, itemName, variantName, serviceName }),
        }));
      const subtotal = mine.reduce((sum, l) => sum + BigInt(l.amount), 0n);
      const [tax, total] = orderTotals(subtotal, o.taxRateBp);
      const received = mine.reduce((n, l) => n + l.receivedQuantity, 0);
      const ordered = mine.reduce((n, l) => n + l.quantity, 0);
      const fulfilment: Fulfilment = received === 0 ? 'none' : received >= ordered ? 'full' : 'partial';
      return {
        ...o,
        number: documentNumber('PO', o.id),
        purchaseRequestNumber: documentNumber('PR', o.purchaseRequestId),
        subtotal: subtotal.toString(),
        tax: tax.toString(),
        total: total.toString(),
        fulfilment,
        receiveLabel: RECEIVE_LABELS[fulfilment],
        lines: mine,
      };
    });
}

async function receivesWhere(
  db: Db,
  where: (q: ReturnType<typeof receivesBase>) => ReturnType<typeof receivesBase>,
): Promise<PurchaseReceive[]> {
  const heads = await where(receivesBase(db)).orderBy('rc.id').execute();
  if (heads.length === 0) return [];
  const lines = await db
    .selectFrom('inventory_purchase_receive_lines as rl')
    .innerJoin('inventory_purchase_order_lines as ol', 'ol.id', 'rl.purchase_order_line_id')
    .innerJoin('inventory_purchase_request_lines as l', 'l.id', 'ol.purchase_request_line_id')
    .innerJoin('inventory_units as u', 'u.id', 'l.unit_id')
    .select([
      'rl.purchase_receive_id as receiveId',
      'rl.purchase_order_line_id as purchaseOrderLineId',
      'l.kind',
      ...requestLineNameColumns,
      'u.name as unit',
      'rl.quantity',
    ])
    .where(
      'rl.purchase_receive_id',
      'in',
      heads.map((h) => h.id),
    )
    .orderBy('rl.id')
    .execute();
  return heads.map((h) => ({
    ...h,
    number: documentNumber('RCV', h.id),
    purchaseOrderNumber: documentNumber('PO', h.purchaseOrderId),
    lines: lines
      .filter((l) => l.receiveId === h.id)
      .map((l) => ({
        purchaseOrderLineId: l.purchaseOrderLineId,
        name: requestLineName(l),
        unit: l.unit,
        quantity: l.quantity,
      })),
  }));
}

function receivesBase(db: Db) {
  return db
    .selectFrom('inventory_purchase_receives as rc')
    .innerJoin('inventory_purchase_orders as po', 'po.id', 'rc.purchase_order_id')
    .innerJoin('users as ub', 'ub.id', 'rc.received_by_user_id')
    .select([
      'rc.id',
      'rc.purchase_order_id as purchaseOrderId',
      'rc.received_date as receivedDate',
      'rc.note',
      userNameOf('rc.received_by_user_id').$castTo<string>().as('receivedBy'),
      'rc.created_at as createdAt',
    ]);
}

/** Which request a purchase order list hangs off, with the rule of who may open it. */
const REQUESTS = {
  'Purchase request': { table: 'inventory_purchase_requests', visible: purchaseRequestVisible },
  'Warehouse request': { table: 'inventory_warehouse_requests', visible: warehouseRequestVisible },
} as const;

/** The request (alias `r`, its requester `e`) is visible to the actor, else NOT_FOUND naming it. */
async function requireVisible(db: Db, actor: Actor, what: keyof typeof REQUESTS, id: number): Promise<void> {
  const { table, visible } = REQUESTS[what];
  const r = await sql<{ id: number }>`select r.id from ${sql.table(table)} r
    left join employees e on e.id = r.requester_employee_id
    where r.id = ${id} and ${visible(actor)}`.execute(db);
  if (r.rows.length === 0) throw notFound(what);
}

const requireVisiblePurchaseRequest = (db: Db, actor: Actor, id: number) => requireVisible(db, actor, 'Purchase request', id);

/** The orders `where` picks (on the order `po` and its purchase request `r`), oldest first. */
async function ordersWhere(db: Db, where: (q: ReturnType<typeof ordersBase>) => ReturnType<typeof ordersBase>) {
  const ids = await where(ordersBase(db)).orderBy('po.id').execute();
  return ordersByIds(
    db,
    ids.map((r) => r.id),
  );
}

function ordersBase(db: Db) {
  return db
    .selectFrom('inventory_purchase_orders as po')
    .innerJoin('inventory_purchase_requests as r', 'r.id', 'po.purchase_request_id')
    .select('po.id');
}

/** Orders placed from one purchase request (spec purchase-requests/{id}/purchase-orders). */
export async function listPurchaseRequestOrders(ctx: Ctx, grant: InventoryReader, raw: In<typeof catalogueIdInput>) {
  const { id } = catalogueIdInput.parse(raw);
  await requireVisiblePurchaseRequest(ctx.db, grant.actor, id);
  return ordersWhere(ctx.db, (q) => q.where('po.purchase_request_id', '=', id));
}

/** Receipts against the orders of one purchase request (spec purchase-requests/{id}/purchase-receives). */
export async function listPurchaseRequestReceives(ctx: Ctx, grant: InventoryReader, raw: In<typeof catalogueIdInput>) {
  const { id } = catalogueIdInput.parse(raw);
  await requireVisiblePurchaseRequest(ctx.db, grant.actor, id);
  return receivesWhere(ctx.db, (q) => q.where('po.purchase_request_id', '=', id));
}

/** Orders of the purchase requests linked to a warehouse request (spec warehouse-requests/{id}/purchase-orders). */
export async function listWarehouseRequestOrders(ctx: Ctx, grant: InventoryReader, raw: In<typeof catalogueIdInput>) {
  const { id } = catalogueIdInput.parse(raw);
  await requireVisible(ctx.db, grant.actor, 'Warehouse request', id);
  return ordersWhere(ctx.db, (q) => q.where('r.warehouse_request_id', '=', id));
}

/** Receipts for a warehouse request's purchase requests (spec warehouse-requests/{id}/purchase-receives). */
export async function listWarehouseRequestReceives(ctx: Ctx, grant: InventoryReader, raw: In<typeof catalogueIdInput>) {
  const { id } = catalogueIdInput.parse(raw);
  await requireVisible(ctx.db, grant.actor, 'Warehouse request', id);
  return receivesWhere(ctx.db, (q) =>
    q.where('po.purchase_request_id', 'in', (eb) =>
      eb.selectFrom('inventory_purchase_requests').select('id').where('warehouse_request_id', '=', id),
    ),
  );
}

/** One order; visible to whoever may open its purchase request. */
export async function getPurchaseOrder(
  ctx: Ctx,
  grant: InventoryReader,
  raw: In<typeof catalogueIdInput>,
): Promise<PurchaseOrder> {
  const { id } = catalogueIdInput.parse(raw);
  const po = await ctx.db
    .selectFrom('inventory_purchase_orders')
    .select('purchase_request_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!po) throw notFound('Purchase order');
  await requireVisiblePurchaseRequest(ctx.db, grant.actor, po.purchase_request_id).catch(() => {
    throw notFound('Purchase order');
  });
  const [order] = await ordersByIds(ctx.db, [id]);
  return order!;
}

/** Every order (the warehouse's list): search by number or supplier, filter by warehouse and order date. */
export async function listPurchaseOrders(
  ctx: Ctx,
  _grant: Manage,
  raw: In<typeof listPurchaseOrdersInput>,
): Promise<Page<PurchaseOrder>> {
  const f = listPurchaseOrdersInput.parse(raw);
  let q = ctx.db
    .selectFrom('inventory_purchase_orders as po')
    .innerJoin('inventory_purchase_requests as r', 'r.id', 'po.purchase_request_id');
  if (f.warehouseId) q = q.where('r.warehouse_id', '=', f.warehouseId);
  if (f.from) q = q.where('po.order_date', '>=', f.from);
  if (f.to) q = q.where('po.order_date', '<=', f.to);
  if (f.search) {
    const like = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([eb(sql<string>`'PO-' || lpad(po.id::text, 6, '0')`, 'ilike', like), eb('po.supplier', 'ilike', like)]),
    );
  }
  const found = await q
    .select(['po.id', sql<number>`(count(*) over ())::int`.as('total')])
    .orderBy('po.id', 'desc')
    .limit(f.pageSize)
    .offset(pageOffset(f))
    .execute();
  return pageOfIds(found, f, (ids) => ordersByIds(ctx.db, ids));
}

/**
 * The lines of an order (or a receive) against the lines they draw on (keyed by `key`): each one of
 * those, once, and at most what is left of it (its quantity less `done`, described by `left`).
 * VALIDATION naming every bad line; else the drawn lines by id.
 */
function checkLines<K extends string, L extends { id: number; quantity: number }>(
  wanted: readonly (Record<K, number> & { quantity: number })[],
  key: K,
  drawn: readonly L[],
  p: { of: string; done: (line: L) => number; left: string },
): Map<number, L> {
  const byId = new Map(drawn.map((l) => [l.id, l]));
  const fields: FieldIssue[] = [];
  const seen = new Set<number>();
  wanted.forEach((l, i) => {
    const line = byId.get(l[key]);
    if (!line) fields.push({ param: `lines.${i}.${key}`, msg: `is not a line of this ${p.of}` });
    else if (seen.has(line.id)) fields.push({ param: `lines.${i}.${key}`, msg: 'is listed twice' });
    else if (l.quantity > line.quantity - p.done(line))
      fields.push({ param: `lines.${i}.quantity`, msg: `must be at most ${line.quantity - p.done(line)} (${p.left})` });
    seen.add(l[key]);
  });
  if (fields.length) throw invalid(fields);
  return byId;
}

/**
 * Places an order from an approved purchase request. One request can become several orders, but
 * each request line is ordered at most up to its requested quantity (checked under a lock on the
 * request, so concurrent orders cannot over-order).
 */
export async function createPurchaseOrder(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof createPurchaseOrderInput>,
): Promise<PurchaseOrder> {
  const input = createPurchaseOrderInput.parse(raw);
  assertPlausibleDates(companyToday(ctx), [
    { param: 'orderDate', value: input.orderDate },
    { param: 'deliveryDate', value: input.deliveryDate },
  ]);
  const id = await inTransaction(ctx, async (trx) => {
    const pr = await trx
      .selectFrom('inventory_purchase_requests')
      .select(['id', 'status'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!pr) throw notFound('Purchase request');
    if (pr.status !== 'approved')
      throw new AppError(
        'CONFLICT',
        `Only an approved purchase request can be ordered; this one is ${PURCHASE_REQUEST_STATUS_LABELS[pr.status]}`,
      );
    const prLines = await trx
      .selectFrom('inventory_purchase_request_lines as l')
      .select([
        'l.id',
        'l.quantity',
        sql<number>`(select coalesce(sum(ol.quantity), 0)::int from inventory_purchase_order_lines ol
          where ol.purchase_request_line_id = l.id)`.as('ordered'),
      ])
      .where('l.purchase_request_id', '=', input.id)
      .execute();
    checkLines(input.lines, 'purchaseRequestLineId', prLines, {
      of: 'purchase request',
      done: (l) => l.ordered,
      left: 'not yet ordered',
    });
    const po = await trx
      .insertInto('inventory_purchase_orders')
      .values({
        purchase_request_id: input.id,
        supplier: input.supplier,
        order_date: input.orderDate,
        delivery_date: input.deliveryDate ?? null,
        tax_rate_bp: input.taxRateBp,
        note: input.note ?? null,
        created_by_user_id: grant.actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('inventory_purchase_order_lines')
      .values(
        input.lines.map((l, i) => ({
          purchase_order_id: po.id,
          purchase_request_line_id: l.purchaseRequestLineId,
          position: i + 1,
          quantity: l.quantity,
          unit_price: l.unitPrice,
        })),
      )
      .execute();
    await audit(ctx, trx, { action: 'create', entity: 'inventory_purchase_order', entityId: po.id, after: input });
    return po.id;
  });
  const [order] = await ordersByIds(ctx.db, [id]);
  return order!;
}

/**
 * Receives goods against an order: partial receipts allowed, more than ordered refused (naming the
 * line). Item lines go into the purchase request's warehouse as ledger receipts naming this
 * receive; service lines are only recorded. All or nothing.
 */
export async function receivePurchaseOrder(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof receivePurchaseOrderInput>,
): Promise<PurchaseReceive> {
  const input = receivePurchaseOrderInput.parse(raw);
  assertPlausibleDates(companyToday(ctx), [{ param: 'receivedDate', value: input.receivedDate }]);
  const receiveId = await inTransaction(ctx, async (trx) => {
    // Locks the order: receipts of one order run one after another.
    const po = await trx
      .selectFrom('inventory_purchase_orders as po')
      .innerJoin('inventory_purchase_requests as r', 'r.id', 'po.purchase_request_id')
      .select(['po.id', 'r.warehouse_id as warehouseId'])
      .where('po.id', '=', input.id)
      .forUpdate('po')
      .executeTakeFirst();
    if (!po) throw notFound('Purchase order');
    const lines = await trx
      .selectFrom('inventory_purchase_order_lines as ol')
      .innerJoin('inventory_purchase_request_lines as l', 'l.id', 'ol.purchase_request_line_id')
      .select(['ol.id', 'ol.quantity', 'ol.received_quantity as received', 'l.kind', 'l.variant_id as variantId'])
      .where('ol.purchase_order_id', '=', input.id)
      .execute();
    const byId = checkLines(input.lines, 'purchaseOrderLineId', lines, {
      of: 'purchase order',
      done: (l) => l.received,
      left: 'still to receive',
    });
    const rc = await trx
      .insertInto('inventory_purchase_receives')
      .values({
        purchase_order_id: input.id,
        received_date: input.receivedDate,
        note: input.note ?? null,
        received_by_user_id: grant.actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const l of input.lines) {
      const line = byId.get(l.purchaseOrderLineId)!;
      await drawLine(trx, RECEIVED, line.id, l.quantity, 'This order line was received meanwhile; reload and try again');
      await trx
        .insertInto('inventory_purchase_receive_lines')
        .values({ purchase_receive_id: rc.id, purchase_order_line_id: line.id, quantity: l.quantity })
        .execute();
      if (line.kind === 'item' && line.variantId !== null) {
        await moveStock(ctx, trx, {
          variantId: line.variantId,
          warehouseId: po.warehouseId,
          kind: 'receipt',
          quantity: l.quantity,
          sourceType: PURCHASE_RECEIVE_SOURCE,
          sourceId: rc.id,
        });
      }
    }
    await audit(ctx, trx, {
      action: 'receive',
      entity: 'inventory_purchase_order',
      entityId: input.id,
      after: { receiveId: rc.id, ...input },
    });
    return rc.id;
  });
  const [receive] = await receivesWhere(ctx.db, (q) => q.where('rc.id', '=', receiveId));
  return receive!;
}
