import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDbEnv } from '../testing/db-env';
import { displayNameOf } from '../testing/fixtures';
import { failure } from '../testing/expect';
import { actorForUser } from '../auth/service';
import { createTestDb } from '../db/testing';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { Ctx } from '../shared/context';
import type { AppError } from '../shared/errors';
import { createServices, makeOrg, makeUser } from '../testing/fixtures';
import {
  adjustStock,
  createItem,
  createService,
  createUnit,
  createVariant,
  createWarehouse,
  deleteService,
  deleteUnit,
  findItems,
  findMovements,
  findStock,
  findUnits,
  itemWarehouseOptions,
  serviceOptions,
  unitOptions,
  updateItem,
  updateVariant,
} from './catalogue';
import { seedInventoryDemo } from './seed';
import { moveStock } from './stock';

const { env, actor, ctx: ctxOf } = useDbEnv();
let keeper: Actor;
let ctx: Ctx;

beforeAll(async () => {
  keeper = await actor(['warehouse-manager'], 1);
  ctx = ctxOf(keeper);
});

const manage = () => requirePermission(keeper, 'inventory.manage');
const view = () => requirePermission(keeper, 'inventory.view');
const use = () => requirePermission(keeper, 'inventory.request');

describe('catalogue: units, items with warehouse variants, env.services, warehouses', () => {
  it('units are unique by name (any case) and cannot be deleted while items use them', async () => {
    const pcs = await createUnit(ctx, manage(), { name: 'Pcs' });
    const dup = await failure(createUnit(ctx, manage(), { name: 'pcs' }));
    expect(dup.code).toBe('CONFLICT');
    expect(dup.fields).toEqual([{ param: 'name', msg: 'is already used' }]);
    await createItem(ctx, manage(), { name: 'Glove', unitId: pcs.id });
    const refused = await failure(deleteUnit(ctx, manage(), { id: pcs.id }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe('Unit Pcs is used by 1 item');
    const box = await createUnit(ctx, manage(), { name: 'Box' });
    expect(await deleteUnit(ctx, manage(), { id: box.id })).toEqual({ id: box.id });
    expect((await unitOptions(ctx, use())).map((u) => u.name)).toContain('Pcs');
    const page = await findUnits(ctx, view(), { search: 'pc' });
    expect(page.rows).toEqual([{ id: pcs.id, name: 'Pcs', uses: 1 }]);
  });

  it('an item without variants gets one unnamed variant, shown as "-" in the item-warehouse lookup', async () => {
    const unit = await createUnit(ctx, manage(), { name: 'Ream' });
    const paper = await createItem(ctx, manage(), { code: 'ppr-a4', name: 'Paper A4', unitId: unit.id });
    expect(paper.variants).toEqual([{ id: expect.any(Number), itemId: paper.id, name: '', label: '-' }]);
    const shirt = await createItem(ctx, manage(), { name: 'Uniform shirt', unitId: unit.id, variants: ['S', 'M'] });
    expect(shirt.variants.map((v) => v.label)).toEqual(['M', 'S']);
    const l = await createVariant(ctx, manage(), { itemId: shirt.id, name: 'L' });
    expect(l.label).toBe('L');
    const dup = await failure(createVariant(ctx, manage(), { itemId: shirt.id, name: 'l' }));
    expect(dup.code).toBe('CONFLICT');
    expect(dup.message).toBe('This item already has a variant named l');

    const options = await itemWarehouseOptions(ctx, use(), { search: 'paper' });
    expect(options).toEqual([
      { id: paper.variants[0]!.id, itemId: paper.id, item: 'Paper A4', name: '-', unitId: unit.id, unit: 'Ream' },
    ]);
    // Renaming a variant to empty shows "-" again.
    expect((await updateVariant(ctx, manage(), { id: l.id, name: '' })).label).toBe('-');

    const unknownUnit = await failure(createItem(ctx, manage(), { name: 'Stapler', unitId: 999999 }));
    expect(unknownUnit.code).toBe('VALIDATION');
    expect(unknownUnit.fields).toEqual([{ param: 'unitId', msg: 'is not a known unit' }]);
    const twice = await failure(createItem(ctx, manage(), { name: 'Stapler', unitId: unit.id, variants: ['Red', 'red'] }));
    expect(twice.fields).toEqual([{ param: 'variants.1', msg: 'is listed twice' }]);

    const renamed = await updateItem(ctx, manage(), { id: paper.id, name: 'Paper A4 80gsm', code: null });
    expect(renamed).toMatchObject({ name: 'Paper A4 80gsm', code: null, unit: 'Ream' });
    const list = await findItems(ctx, view(), { search: '80gsm' });
    expect(list.total).toBe(1);
    expect(list.rows[0]!.variants[0]!.label).toBe('-');
  });

  it('services are non-stock purchases with an optional unit; deletable while unused', async () => {
    const hour = await createUnit(ctx, manage(), { name: 'Hour' });
    const cleaning = await createService(ctx, manage(), { name: 'AC cleaning', unitId: hour.id });
    expect(cleaning).toMatchObject({ name: 'AC cleaning', unit: 'Hour' });
    const courier = await createService(ctx, manage(), { name: 'Courier' });
    expect(courier.unit).toBeNull();
    expect((await serviceOptions(ctx, use())).map((s) => s.name)).toEqual(['AC cleaning', 'Courier']);
    expect(await deleteService(ctx, manage(), { id: courier.id })).toEqual({ id: courier.id });
  });

  it('warehouses belong to an office and are unique by name within it', async () => {
    const w = await createWarehouse(ctx, manage(), { companyOfficeId: env.org.officeId, name: 'Central' });
    expect(w).toMatchObject({ name: 'Central', companyOfficeId: env.org.officeId, companyOffice: 'Test Office' });
    const dup = await failure(createWarehouse(ctx, manage(), { companyOfficeId: env.org.officeId, name: 'central' }));
    expect(dup.code).toBe('CONFLICT');
    const unknown = await failure(createWarehouse(ctx, manage(), { companyOfficeId: 999999, name: 'Nowhere' }));
    expect(unknown.fields).toEqual([{ param: 'companyOfficeId', msg: 'is not a known company office' }]);
  });
});

describe('stock on hand and the movement ledger', () => {
  let variantId: number;
  let warehouseId: number;

  beforeAll(async () => {
    const unit = await createUnit(ctx, manage(), { name: 'Bottle' });
    const item = await createItem(ctx, manage(), { name: 'Hand soap', unitId: unit.id });
    variantId = item.variants[0]!.id;
    warehouseId = (await createWarehouse(ctx, manage(), { companyOfficeId: env.org.officeId, name: 'Soap store' })).id;
  });

  const stockNow = async () => (await findStock(ctx, view(), { warehouseId, variantId })).rows[0]?.onHand ?? 0;

  it('an adjustment moves stock and writes a ledger line with its source, actor and balance', async () => {
    const adjusted = await adjustStock(ctx, manage(), { variantId, warehouseId, quantity: 10, note: 'Opening count' });
    expect(adjusted).toEqual({
      id: adjusted.id,
      number: `ADJ-${String(adjusted.id).padStart(6, '0')}`,
      variantId,
      warehouseId,
      onHand: 10,
    });
    const page = await findMovements(ctx, view(), { variantId, warehouseId });
    expect(page.rows).toEqual([
      expect.objectContaining({
        kind: 'adjustment',
        kindLabel: 'Adjustment',
        quantity: 10,
        balanceAfter: 10,
        sourceType: 'stock_adjustment',
        sourceId: adjusted.id,
        sourceNumber: adjusted.number,
        note: 'Opening count',
        actor: await displayNameOf(env.db, keeper),
        item: 'Hand soap',
        variant: '-',
      }),
    ]);
    const stock = await findStock(ctx, view(), { search: 'soap' });
    expect(stock.rows).toEqual([
      expect.objectContaining({ item: 'Hand soap', variant: '-', warehouse: 'Soap store', unit: 'Bottle', onHand: 10 }),
    ]);
  });

  it('refuses to go below zero: clear message, nothing moved, no ledger line', async () => {
    const before = (await findMovements(ctx, view(), { variantId })).total;
    const e = await failure(adjustStock(ctx, manage(), { variantId, warehouseId, quantity: -11, note: 'Broken' }));
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe('Not enough stock of Hand soap (-) in Soap store: 10 Bottle on hand, 11 asked');
    expect(await stockNow()).toBe(10);
    expect((await findMovements(ctx, view(), { variantId })).total).toBe(before);
    // An issue from a warehouse that never held the item is refused the same way.
    const other = await createWarehouse(ctx, manage(), { companyOfficeId: env.org.officeId, name: 'Empty store' });
    const none = await failure(adjustStock(ctx, manage(), { variantId, warehouseId: other.id, quantity: -1, note: 'x' }));
    expect(none.message).toBe('Not enough stock of Hand soap (-) in Empty store: 0 Bottle on hand, 1 asked');
  });

  it('the balance table itself refuses a negative balance (CHECK), whatever the caller', async () => {
    const err =
      await sql`update inventory_stock set on_hand = -1 where variant_id = ${variantId} and warehouse_id = ${warehouseId}`
        .execute(env.db)
        .then(
          () => null,
          (e: unknown) => e as { code?: string },
        );
    expect(err?.code).toBe('23514');
  });

  it('concurrent issues never oversell: 5 × 3 from 10 gives exactly 3 successes', async () => {
    expect(await stockNow()).toBe(10);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        env.services.db.transaction().execute((trx) =>
          moveStock(ctx, trx, {
            variantId,
            warehouseId,
            kind: 'issue',
            quantity: -3,
            sourceType: 'test_issue',
            sourceId: i + 1,
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(3);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('CONFLICT');
    expect(await stockNow()).toBe(1);
    const issues = await findMovements(ctx, view(), { variantId, kind: 'issue' });
    expect(issues.total).toBe(3);
    expect(issues.rows.map((m) => m.balanceAfter).sort()).toEqual([1, 4, 7]);
  });

  it('a receipt past the largest storable quantity is refused, not a server error', async () => {
    const unit = await createUnit(ctx, manage(), { name: 'Grain' });
    const rice = (await createItem(ctx, manage(), { name: 'Rice grains', unitId: unit.id })).variants[0]!.id;
    await adjustStock(ctx, manage(), { variantId: rice, warehouseId, quantity: 1_000_000, note: 'Count' });
    await sql`update inventory_stock set on_hand = 2147000000 where variant_id = ${rice}`.execute(env.db);
    const e = await failure(adjustStock(ctx, manage(), { variantId: rice, warehouseId, quantity: 1_000_000, note: 'Count' }));
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe('Stock on hand would exceed the largest quantity that can be kept');
  });

  it('movements filter by date range in the company calendar', async () => {
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    expect((await findMovements(ctx, view(), { variantId, from: today, to: today })).total).toBe(4);
    expect((await findMovements(ctx, view(), { variantId, to: '2000-01-01' })).total).toBe(0);
    await expect(findMovements(ctx, view(), { from: '2026-02-01', to: '2026-01-01' })).rejects.toThrow();
  });
});

describe('demo catalogue', () => {
  it('seeds units, items with variants, env.services, a warehouse per office and opening stock once', async () => {
    const fresh = await createTestDb();
    try {
      const s = createServices(fresh.db);
      const o = await makeOrg(fresh.db);
      const u = await makeUser(s, o, ['warehouse-manager']);
      const a = (await actorForUser(fresh.db, u.userId, 'user'))!;
      const c = s.ctx(a);
      expect(await seedInventoryDemo(c)).toBe(true);
      expect(await seedInventoryDemo(c)).toBe(false);
      const options = await itemWarehouseOptions(c, requirePermission(a, 'inventory.request'), { search: 'paper' });
      expect(options.map((v) => v.name)).toEqual(['-']);
      const stock = await findStock(c, requirePermission(a, 'inventory.view'), { search: 'pen', pageSize: 10 });
      expect(stock.rows.map((r) => [r.variant, r.onHand, r.warehouse])).toEqual([
        ['Black', 12, 'Main Warehouse'],
        ['Blue', 12, 'Main Warehouse'],
        ['Red', 12, 'Main Warehouse'],
      ]);
      expect((await serviceOptions(c, requirePermission(a, 'inventory.request'))).length).toBe(3);
    } finally {
      await fresh.destroy();
    }
  });
});
