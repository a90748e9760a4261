import { actorForUser } from '../auth/index';
import { requirePermission } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { todayOf } from '../shared/date-ranges';
import { createPurchaseOrder, receivePurchaseOrder } from './purchase-orders';
import { createPurchaseRequest, raisePurchaseRequestForWarehouseRequest } from './purchase-requests';
import type { PurchaseRequestStatus } from './schema';
import { moveStock } from './stock';
import { createWarehouseRequest, decideWarehouseRequest, issueWarehouseRequest } from './warehouse-requests';

/** A small demo catalogue: units, items with warehouse variants ("" shows as "-"), services. */
const UNITS = ['Pcs', 'Ream', 'Box', 'Bottle', 'Hour'] as const;
const ITEMS: { name: string; code: string; unit: (typeof UNITS)[number]; variants: string[]; stock: number }[] = [
  { name: 'Paper A4 80gsm', code: 'PPR-A4', unit: 'Ream', variants: [''], stock: 40 },
  { name: 'Ballpoint pen', code: 'PEN-01', unit: 'Box', variants: ['Blue', 'Black', 'Red'], stock: 12 },
  { name: 'Uniform shirt', code: 'UNF-SHT', unit: 'Pcs', variants: ['S', 'M', 'L', 'XL'], stock: 15 },
  { name: 'Safety helmet', code: 'SFT-HLM', unit: 'Pcs', variants: [''], stock: 0 },
  { name: 'Hand soap', code: 'HS-500', unit: 'Bottle', variants: [''], stock: 24 },
];
const SERVICES: { name: string; unit: (typeof UNITS)[number] | null }[] = [
  { name: 'Air conditioner cleaning', unit: 'Hour' },
  { name: 'Printer repair', unit: 'Hour' },
  { name: 'Courier', unit: null },
];

/**
 * Seeds the demo catalogue, one "Main Warehouse" per company office and opening stock (ledger
 * adjustments) in the first office's warehouse. Does nothing when units exist already; returns
 * whether it seeded. Call after the company offices exist (e.g. at the end of the demo seed).
 */
export async function seedInventoryDemo(ctx: Ctx): Promise<boolean> {
  return inTransaction(ctx, async (db) => {
    const any = await db.selectFrom('inventory_units').select('id').limit(1).executeTakeFirst();
    if (any) return false;
    const units = await db
      .insertInto('inventory_units')
      .values(UNITS.map((name) => ({ name })))
      .returning(['id', 'name'])
      .execute();
    const unitId = new Map(units.map((u) => [u.name, u.id]));
    const offices = await db.selectFrom('company_offices').select('id').orderBy('id').execute();
    const warehouses = offices.length
      ? await db
          .insertInto('inventory_warehouses')
          .values(offices.map((o) => ({ company_office_id: o.id, name: 'Main Warehouse' })))
          .returning('id')
          .execute()
      : [];
    await db
      .insertInto('inventory_services')
      .values(SERVICES.map((s) => ({ name: s.name, unit_id: s.unit ? unitId.get(s.unit)! : null, description: null })))
      .execute();
    for (const item of ITEMS) {
      const row = await db
        .insertInto('inventory_items')
        .values({ code: item.code, name: item.name, unit_id: unitId.get(item.unit)!, description: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const variants = await db
        .insertInto('inventory_item_variants')
        .values(item.variants.map((name) => ({ item_id: row.id, name })))
        .returning('id')
        .execute();
      const first = warehouses[0];
      if (first && item.stock > 0) {
        for (const v of variants) {
          const doc = await db
            .insertInto('inventory_stock_adjustments')
            .values({ variant_id: v.id, warehouse_id: first.id, quantity: item.stock, note: 'Opening stock (demo)' })
            .returning('id')
            .executeTakeFirstOrThrow();
          await moveStock(ctx, db, {
            variantId: v.id,
            warehouseId: first.id,
            kind: 'adjustment',
            quantity: item.stock,
            sourceType: 'stock_adjustment',
            sourceId: doc.id,
            note: 'Opening stock (demo)',
          });
        }
      }
    }
    const first = warehouses[0];
    if (first) await seedDemoRequests(ctx, db, first.id);
    return true;
  });
}

const addDays = (iso: string, n: number): string => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * Demo requests through the real services (skipped when the demo users do not exist): a pending
 * warehouse request, one approved and issued, one without stock with its purchase request waiting
 * for managerial approval, and an approved purchase request with an order partly received.
 */
async function seedDemoRequests(base: Ctx, db: Db, warehouseId: number): Promise<void> {
  const emails = ['employee', 'supervisor', 'warehouse', 'inventory', 'managerial', 'clevel'].map((n) => `${n}@demo.co.id`);
  const users = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
  if (users.length < emails.length) return;
  const actor = async (name: string) => {
    const id = users.find((u) => u.email === `${name}@demo.co.id`)!.id;
    const a = (await actorForUser(db, id, 'user'))!;
    return { a, ctx: { ...base, db, actor: a } };
  };
  const [employee, supervisor, keeper, staff] = await Promise.all(
    ['employee', 'supervisor', 'warehouse', 'inventory'].map((n) => actor(n)),
  );
  const variant = async (code: string, name: string) =>
    await db
      .selectFrom('inventory_item_variants as v')
      .innerJoin('inventory_items as i', 'i.id', 'v.item_id')
      .select(['v.id', 'i.unit_id'])
      .where('i.code', '=', code)
      .where('v.name', '=', name)
      .executeTakeFirstOrThrow();
  const [paper, shirt, helmet] = await Promise.all([variant('PPR-A4', ''), variant('UNF-SHT', 'M'), variant('SFT-HLM', '')]);
  const today = todayOf(base);
  const req = (x: { a: Parameters<typeof requirePermission>[0] }) => requirePermission(x.a, 'inventory.request');
  const manage = (x: { a: Parameters<typeof requirePermission>[0] }) => requirePermission(x.a, 'inventory.manage');
  const decide = requirePermission(keeper!.a, 'inventory.approve.warehouse');

  await createWarehouseRequest(employee!.ctx, req(employee!), {
    warehouseId,
    neededDate: addDays(today, 7),
    note: 'Printer paper for the sales team',
    lines: [{ variantId: paper.id, quantity: 5 }],
  });
  const issued = await createWarehouseRequest(supervisor!.ctx, req(supervisor!), {
    warehouseId,
    note: 'Uniforms for two new operators',
    lines: [{ variantId: shirt.id, quantity: 2 }],
  });
  await decideWarehouseRequest(keeper!.ctx, decide, { id: issued.id, decision: 'approve', note: 'In stock' });
  await issueWarehouseRequest(staff!.ctx, manage(staff!), { id: issued.id });

  const short = await createWarehouseRequest(employee!.ctx, req(employee!), {
    warehouseId,
    neededDate: addDays(today, 14),
    note: 'Site visit to the new plant',
    lines: [{ variantId: helmet.id, quantity: 4 }],
  });
  await decideWarehouseRequest(keeper!.ctx, decide, { id: short.id, decision: 'approve', note: 'Will purchase' });
  await raisePurchaseRequestForWarehouseRequest(staff!.ctx, manage(staff!), {
    id: short.id,
    warehouseId,
    note: short.number,
    lines: [
      {
        kind: 'item',
        variantId: helmet.id,
        unitId: helmet.unit_id,
        quantity: 4,
        estimatedPrice: '85000',
        neededBy: addDays(today, 14),
        reason: `Shortage of ${short.number}`,
      },
    ],
  });

  // An approved request with an order partly received. The three steps are recorded directly with
  // the demo approvers (managerial@, warehouse@, clevel@): the demo has no employee in the
  // managerial approver's scope who asks for office supplies.
  const pr = await createPurchaseRequest(staff!.ctx, req(staff!), {
    warehouseId,
    note: 'Quarterly paper stock',
    lines: [
      {
        kind: 'item',
        variantId: paper.id,
        unitId: paper.unit_id,
        quantity: 30,
        estimatedPrice: '52000',
        neededBy: addDays(today, 10),
        reason: 'Quarterly stock',
      },
    ],
  });
  const approvers = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', ['managerial@demo.co.id', 'warehouse@demo.co.id', 'clevel@demo.co.id'])
    .execute();
  const by = (name: string) => approvers.find((u) => u.email === `${name}@demo.co.id`)!.id;
  const steps: ['managerial' | 'warehouse' | 'coo', string, PurchaseRequestStatus, PurchaseRequestStatus][] = [
    ['managerial', 'managerial', 'pending_managerial', 'pending_warehouse'],
    ['warehouse', 'warehouse', 'pending_warehouse', 'pending_coo'],
    ['coo', 'clevel', 'pending_coo', 'approved'],
  ];
  for (const [tier, who, from, to] of steps) {
    await db.updateTable('inventory_purchase_requests').set({ status: to }).where('id', '=', pr.id).execute();
    await db
      .insertInto('inventory_purchase_request_history')
      .values({ purchase_request_id: pr.id, action: 'approved', tier, from_status: from, to_status: to, actor_user_id: by(who) })
      .execute();
  }
  const po = await createPurchaseOrder(staff!.ctx, manage(staff!), {
    id: pr.id,
    supplier: 'PT Kertas Nusantara',
    orderDate: today,
    deliveryDate: addDays(today, 5),
    taxRateBp: 1100,
    lines: [{ purchaseRequestLineId: pr.lineItems[0]!.id, quantity: 30, unitPrice: '51000' }],
  });
  await receivePurchaseOrder(staff!.ctx, manage(staff!), {
    id: po.id,
    receivedDate: today,
    note: 'First delivery',
    lines: [{ purchaseOrderLineId: po.lines[0]!.id, quantity: 20 }],
  });
}
