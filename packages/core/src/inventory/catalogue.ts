import { sql } from 'kysely';
import { audit } from '../audit/index';
import type { Grant } from '../access/index';
import { pageOffset, pageOfIds } from '../shared/page';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { camelRow, dbWrite, refuseIfUsed } from '../shared/db-errors';
import { AppError, type FieldIssue, invalid } from '../shared/errors';
import { likePattern } from '../shared/sql';
import { companyDate } from '../shared/time-zone';
import type { Page, In } from '../shared/zod';
import {
  ADJUSTMENT_SOURCE,
  adjustStockInput,
  catalogueIdInput,
  createItemInput,
  createServiceInput,
  createUnitInput,
  createVariantInput,
  createWarehouseInput,
  documentNumber,
  type ItemRow,
  type ItemWarehouseOption,
  listCatalogueInput,
  listMovementsInput,
  listStockInput,
  listVariantsInput,
  listWarehousesInput,
  MOVEMENT_KIND_LABELS,
  type MovementRow,
  type ServiceRow,
  SOURCE_PREFIX,
  type StockRow,
  type UnitRow,
  updateItemInput,
  updateServiceInput,
  updateUnitInput,
  updateVariantInput,
  updateWarehouseInput,
  type VariantRow,
  variantLabel,
  type WarehouseRow,
} from './schema';
import { moveStock } from './stock';
import { userNameOf } from '../shared/employee-sql';

type Use = Grant<'inventory.request'>;
type View = Grant<'inventory.view'>;
type Manage = Grant<'inventory.manage'>;

export { todayOf as companyToday } from '../shared/date-ranges';

export { companyDate };

const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
const nameTaken = (param: string, message: string) => () =>
  new AppError('CONFLICT', message, { fields: [{ param, msg: 'is already used' }] });
const changedMeanwhile = () => new AppError('CONFLICT', 'A related record was changed meanwhile; reload and try again');

/** Refuses unknown reference ids with GL0001 naming each field. */
async function requireKnown(
  db: Db,
  checks: {
    param: string;
    table: 'inventory_units' | 'company_offices' | 'inventory_items';
    id: number | null | undefined;
    what: string;
  }[],
) {
  const fields: FieldIssue[] = [];
  for (const c of checks) {
    if (!c.id) continue;
    const row = await db.selectFrom(c.table).select('id').where('id', '=', c.id).executeTakeFirst();
    if (!row) fields.push({ param: c.param, msg: `is not a known ${c.what}` });
  }
  if (fields.length) throw invalid(fields);
}

async function paged<R>(rowsP: Promise<(R & { total: number })[]>, page: number, pageSize: number): Promise<Page<R>> {
  const found = await rowsP;
  const total = found[0]?.total ?? 0;
  return { rows: found.map(({ total: _t, ...r }) => r as R), total, page, pageSize };
}
const totalCol = sql<number>`(count(*) over ())::int`.as('total');

// ---------------------------------------------------------------------------------------------
// Units (spec settings/items/units)

/** The unit lookup (spec §3 units). */
export async function unitOptions(ctx: Ctx, _grant: Use) {
  return ctx.db.selectFrom('inventory_units').select(['id', 'name']).orderBy('name').execute();
}

export async function findUnits(ctx: Ctx, _grant: View, raw: In<typeof listCatalogueInput>): Promise<Page<UnitRow>> {
  const f = listCatalogueInput.parse(raw);
  let q = ctx.db.selectFrom('inventory_units as u');
  if (f.search) q = q.where('u.name', 'ilike', likePattern(f.search));
  return paged(
    q
      .select([
        'u.id',
        'u.name',
        sql<number>`((select count(*) from inventory_items where unit_id = u.id)
          + (select count(*) from inventory_services where unit_id = u.id))::int`.as('uses'),
        totalCol,
      ])
      .orderBy('u.name')
      .limit(f.pageSize)
      .offset(pageOffset(f))
      .execute(),
    f.page,
    f.pageSize,
  );
}

const unitUnique = (name: string) => ({ inventory_units_name_uq: nameTaken('name', `A unit named ${name} already exists`) });

export async function createUnit(ctx: Ctx, _grant: Manage, raw: In<typeof createUnitInput>) {
  const input = createUnitInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () => trx.insertInto('inventory_units').values({ name: input.name }).returning(['id', 'name']).executeTakeFirstOrThrow(),
      { unique: unitUnique(input.name) },
    );
    await audit(ctx, trx, { action: 'create', entity: 'inventory_unit', entityId: row.id, after: row });
    return row;
  });
}

export async function updateUnit(ctx: Ctx, _grant: Manage, raw: In<typeof updateUnitInput>) {
  const input = updateUnitInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx
      .selectFrom('inventory_units')
      .select(['id', 'name'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Unit');
    const row = await dbWrite(
      () =>
        trx
          .updateTable('inventory_units')
          .set({ name: input.name })
          .where('id', '=', input.id)
          .returning(['id', 'name'])
          .executeTakeFirstOrThrow(),
      { unique: unitUnique(input.name) },
    );
    await audit(ctx, trx, { action: 'update', entity: 'inventory_unit', entityId: row.id, before, after: row });
    return row;
  });
}

export async function deleteUnit(ctx: Ctx, _grant: Manage, raw: In<typeof catalogueIdInput>) {
  const { id } = catalogueIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx
      .selectFrom('inventory_units')
      .select(['id', 'name'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Unit');
    const [items, services, lines] = await Promise.all([
      countWhere(trx, 'inventory_items', 'unit_id', id),
      countWhere(trx, 'inventory_services', 'unit_id', id),
      countWhere(trx, 'inventory_purchase_request_lines', 'unit_id', id),
    ]);
    refuseIfUsed(`Unit ${before.name}`, [
      [items, 'item', 'items'],
      [services, 'service', 'services'],
      [lines, 'purchase request line', 'purchase request lines'],
    ]);
    await dbWrite(() => trx.deleteFrom('inventory_units').where('id', '=', id).execute(), {
      onForeignKey: () => new AppError('CONFLICT', `Unit ${before.name} is still in use`),
    });
    await audit(ctx, trx, { action: 'delete', entity: 'inventory_unit', entityId: id, before });
    return { id };
  });
}

async function countWhere(
  db: Db,
  table:
    | 'inventory_items'
    | 'inventory_services'
    | 'inventory_purchase_request_lines'
    | 'inventory_warehouse_request_lines'
    | 'inventory_stock_movements',
  col: string,
  value: number,
): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(col)} = ${value}`.execute(
    db,
  );
  return r.rows[0]?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Items and their warehouse variants (spec items, items/warehouses)

const itemUnique = (name: string, code: string | null | undefined) => ({
  inventory_items_name_uq: nameTaken('name', `An item named ${name} already exists`),
  inventory_items_code_uq: nameTaken('code', `Item code ${code ?? ''} is already used`),
});
const variantUnique = (name: string) => ({
  inventory_item_variants_name_uq: nameTaken('name', `This item already has a variant named ${variantLabel(name)}`),
});

async function itemsById(db: Db, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const items = await db
    .selectFrom('inventory_items as i')
    .innerJoin('inventory_units as u', 'u.id', 'i.unit_id')
    .select([
      'i.id',
      'i.code',
      'i.name',
      'i.unit_id as unitId',
      'u.name as unit',
      'i.description',
      sql<number>`(select coalesce(sum(s.on_hand), 0)::int from inventory_stock s
        join inventory_item_variants v on v.id = s.variant_id where v.item_id = i.id)`.as('onHand'),
    ])
    .where('i.id', 'in', ids)
    .execute();
  const variants = await db
    .selectFrom('inventory_item_variants')
    .select(['id', 'item_id as itemId', 'name'])
    .where('item_id', 'in', ids)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const byItem = new Map<number, VariantRow[]>();
  for (const v of variants) {
    const list = byItem.get(v.itemId) ?? [];
    list.push({ ...v, label: variantLabel(v.name) });
    byItem.set(v.itemId, list);
  }
  const map = new Map(items.map((i) => [i.id, { ...i, variants: byItem.get(i.id) ?? [] }]));
  return ids.map((id) => map.get(id)).filter((r): r is ItemRow => !!r);
}

export async function findItems(ctx: Ctx, _grant: View, raw: In<typeof listCatalogueInput>): Promise<Page<ItemRow>> {
  const f = listCatalogueInput.parse(raw);
  let q = ctx.db.selectFrom('inventory_items as i');
  if (f.search) {
    const like = likePattern(f.search);
    q = q.where((eb) => eb.or([eb('i.name', 'ilike', like), eb('i.code', 'ilike', like)]));
  }
  const found = await q.select(['i.id', totalCol]).orderBy('i.name').limit(f.pageSize).offset(pageOffset(f)).execute();
  return pageOfIds(found, f, (ids) => itemsById(ctx.db, ids));
}

export async function getItem(ctx: Ctx, _grant: View, raw: In<typeof catalogueIdInput>): Promise<ItemRow> {
  const { id } = catalogueIdInput.parse(raw);
  const [row] = await itemsById(ctx.db, [id]);
  if (!row) throw notFound('Item');
  return row;
}

/** Creates an item with its variants (one unnamed variant, shown "-", when none are given). */
export async function createItem(ctx: Ctx, _grant: Manage, raw: In<typeof createItemInput>): Promise<ItemRow> {
  const input = createItemInput.parse(raw);
  const names = input.variants?.length ? input.variants : [''];
  const seen = new Set<string>();
  names.forEach((n, i) => {
    const k = n.toLowerCase();
    if (seen.has(k)) throw invalid([{ param: `variants.${i}`, msg: 'is listed twice' }]);
    seen.add(k);
  });
  return inTransaction(ctx, async (trx) => {
    await requireKnown(trx, [{ param: 'unitId', table: 'inventory_units', id: input.unitId, what: 'unit' }]);
    const row = await dbWrite(
      () =>
        trx
          .insertInto('inventory_items')
          .values({ code: input.code ?? null, name: input.name, unit_id: input.unitId, description: input.description ?? null })
          .returningAll()
          .executeTakeFirstOrThrow(),
      { unique: itemUnique(input.name, input.code), onForeignKey: changedMeanwhile },
    );
    await trx
      .insertInto('inventory_item_variants')
      .values(names.map((name) => ({ item_id: row.id, name })))
      .execute();
    const [item] = await itemsById(trx, [row.id]);
    await audit(ctx, trx, { action: 'create', entity: 'inventory_item', entityId: row.id, after: item });
    return item!;
  });
}

export async function updateItem(ctx: Ctx, _grant: Manage, raw: In<typeof updateItemInput>): Promise<ItemRow> {
  const input = updateItemInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('inventory_items').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Item');
    await requireKnown(trx, [{ param: 'unitId', table: 'inventory_units', id: input.unitId, what: 'unit' }]);
    const set = {
      ...(input.code !== undefined ? { code: input.code } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.unitId !== undefined ? { unit_id: input.unitId } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    };
    const after = await dbWrite(
      () =>
        trx
          .updateTable('inventory_items')
          .set({ ...set, updated_at: sql<Date>`now()` })
          .where('id', '=', input.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      { unique: itemUnique(input.name ?? before.name, input.code), onForeignKey: changedMeanwhile },
    );
    await audit(ctx, trx, {
      action: 'update',
      entity: 'inventory_item',
      entityId: input.id,
      before: camelRow(before),
      after: camelRow(after),
    });
    const [item] = await itemsById(trx, [input.id]);
    return item!;
  });
}

export async function createVariant(ctx: Ctx, _grant: Manage, raw: In<typeof createVariantInput>): Promise<VariantRow> {
  const input = createVariantInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await requireKnown(trx, [{ param: 'itemId', table: 'inventory_items', id: input.itemId, what: 'item' }]);
    const row = await dbWrite(
      () =>
        trx
          .insertInto('inventory_item_variants')
          .values({ item_id: input.itemId, name: input.name })
          .returning(['id', 'item_id as itemId', 'name'])
          .executeTakeFirstOrThrow(),
      { unique: variantUnique(input.name), onForeignKey: changedMeanwhile },
    );
    await audit(ctx, trx, { action: 'create', entity: 'inventory_item_variant', entityId: row.id, after: row });
    return { ...row, label: variantLabel(row.name) };
  });
}

export async function updateVariant(ctx: Ctx, _grant: Manage, raw: In<typeof updateVariantInput>): Promise<VariantRow> {
  const input = updateVariantInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx
      .selectFrom('inventory_item_variants')
      .select(['id', 'item_id as itemId', 'name'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Item variant');
    const row = await dbWrite(
      () =>
        trx
          .updateTable('inventory_item_variants')
          .set({ name: input.name })
          .where('id', '=', input.id)
          .returning(['id', 'item_id as itemId', 'name'])
          .executeTakeFirstOrThrow(),
      { unique: variantUnique(input.name) },
    );
    await audit(ctx, trx, { action: 'update', entity: 'inventory_item_variant', entityId: row.id, before, after: row });
    return { ...row, label: variantLabel(row.name) };
  });
}

/** The spec's itemWarehouses lookup: every variant with its item; names "-" when empty. */
export async function itemWarehouseOptions(
  ctx: Ctx,
  _grant: Use,
  raw: In<typeof listVariantsInput>,
): Promise<ItemWarehouseOption[]> {
  const f = listVariantsInput.parse(raw);
  let q = ctx.db
    .selectFrom('inventory_item_variants as v')
    .innerJoin('inventory_items as i', 'i.id', 'v.item_id')
    .innerJoin('inventory_units as u', 'u.id', 'i.unit_id')
    .select(['v.id', 'v.item_id as itemId', 'i.name as item', 'v.name', 'i.unit_id as unitId', 'u.name as unit']);
  if (f.itemId) q = q.where('v.item_id', '=', f.itemId);
  if (f.search) {
    const like = likePattern(f.search);
    q = q.where((eb) => eb.or([eb('i.name', 'ilike', like), eb('v.name', 'ilike', like), eb('i.code', 'ilike', like)]));
  }
  const rows = await q.orderBy('i.name').orderBy('v.name').limit(500).execute();
  return rows.map((r) => ({ ...r, name: variantLabel(r.name) }));
}

/** The item lookup (spec §3 items). */
export async function itemOptions(ctx: Ctx, _grant: Use) {
  return ctx.db
    .selectFrom('inventory_items as i')
    .innerJoin('inventory_units as u', 'u.id', 'i.unit_id')
    .select(['i.id', 'i.name', 'i.code', 'i.unit_id as unitId', 'u.name as unit'])
    .orderBy('i.name')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Services (non-stock purchases)

const serviceUnique = (name: string) => ({
  inventory_services_name_uq: nameTaken('name', `A service named ${name} already exists`),
});
const serviceRow = (db: Db) =>
  db
    .selectFrom('inventory_services as s')
    .leftJoin('inventory_units as u', 'u.id', 's.unit_id')
    .select(['s.id', 's.name', 's.unit_id as unitId', 'u.name as unit', 's.description']);

/** The service lookup (spec §3 services). */
export async function serviceOptions(ctx: Ctx, _grant: Use): Promise<ServiceRow[]> {
  return serviceRow(ctx.db).orderBy('s.name').execute();
}

export async function findServices(ctx: Ctx, _grant: View, raw: In<typeof listCatalogueInput>): Promise<Page<ServiceRow>> {
  const f = listCatalogueInput.parse(raw);
  let q = serviceRow(ctx.db).select(totalCol);
  if (f.search) q = q.where('s.name', 'ilike', likePattern(f.search));
  return paged(q.orderBy('s.name').limit(f.pageSize).offset(pageOffset(f)).execute(), f.page, f.pageSize);
}

export async function createService(ctx: Ctx, _grant: Manage, raw: In<typeof createServiceInput>): Promise<ServiceRow> {
  const input = createServiceInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await requireKnown(trx, [{ param: 'unitId', table: 'inventory_units', id: input.unitId, what: 'unit' }]);
    const row = await dbWrite(
      () =>
        trx
          .insertInto('inventory_services')
          .values({ name: input.name, unit_id: input.unitId ?? null, description: input.description ?? null })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: serviceUnique(input.name), onForeignKey: changedMeanwhile },
    );
    const after = await serviceRow(trx).where('s.id', '=', row.id).executeTakeFirstOrThrow();
    await audit(ctx, trx, { action: 'create', entity: 'inventory_service', entityId: row.id, after });
    return after;
  });
}

export async function updateService(ctx: Ctx, _grant: Manage, raw: In<typeof updateServiceInput>): Promise<ServiceRow> {
  const input = updateServiceInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await serviceRow(trx).where('s.id', '=', input.id).forUpdate('s').executeTakeFirst();
    if (!before) throw notFound('Service');
    await requireKnown(trx, [{ param: 'unitId', table: 'inventory_units', id: input.unitId, what: 'unit' }]);
    const set = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.unitId !== undefined ? { unit_id: input.unitId } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    };
    if (Object.keys(set).length) {
      await dbWrite(() => trx.updateTable('inventory_services').set(set).where('id', '=', input.id).execute(), {
        unique: serviceUnique(input.name ?? before.name),
        onForeignKey: changedMeanwhile,
      });
    }
    const after = await serviceRow(trx).where('s.id', '=', input.id).executeTakeFirstOrThrow();
    await audit(ctx, trx, { action: 'update', entity: 'inventory_service', entityId: input.id, before, after });
    return after;
  });
}

export async function deleteService(ctx: Ctx, _grant: Manage, raw: In<typeof catalogueIdInput>) {
  const { id } = catalogueIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await serviceRow(trx).where('s.id', '=', id).forUpdate('s').executeTakeFirst();
    if (!before) throw notFound('Service');
    const lines = await countWhere(trx, 'inventory_purchase_request_lines', 'service_id', id);
    refuseIfUsed(`Service ${before.name}`, [[lines, 'purchase request line', 'purchase request lines']]);
    await dbWrite(() => trx.deleteFrom('inventory_services').where('id', '=', id).execute(), {
      onForeignKey: () => new AppError('CONFLICT', `Service ${before.name} is still in use`),
    });
    await audit(ctx, trx, { action: 'delete', entity: 'inventory_service', entityId: id, before });
    return { id };
  });
}

// ---------------------------------------------------------------------------------------------
// Warehouses (per company office)

const warehouseUnique = (name: string) => ({
  inventory_warehouses_name_uq: nameTaken('name', `This office already has a warehouse named ${name}`),
});
const warehouseRow = (db: Db) =>
  db
    .selectFrom('inventory_warehouses as w')
    .innerJoin('company_offices as o', 'o.id', 'w.company_office_id')
    .select(['w.id', 'w.name', 'w.company_office_id as companyOfficeId', 'o.name as companyOffice']);

/** Warehouses (lookup for every requester; optionally of one office). */
export async function listWarehouses(ctx: Ctx, _grant: Use, raw: In<typeof listWarehousesInput>): Promise<WarehouseRow[]> {
  const f = listWarehousesInput.parse(raw);
  let q = warehouseRow(ctx.db);
  if (f.companyOfficeId) q = q.where('w.company_office_id', '=', f.companyOfficeId);
  return q.orderBy('o.name').orderBy('w.name').execute();
}

export async function createWarehouse(ctx: Ctx, _grant: Manage, raw: In<typeof createWarehouseInput>): Promise<WarehouseRow> {
  const input = createWarehouseInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await requireKnown(trx, [
      { param: 'companyOfficeId', table: 'company_offices', id: input.companyOfficeId, what: 'company office' },
    ]);
    const row = await dbWrite(
      () =>
        trx
          .insertInto('inventory_warehouses')
          .values({ company_office_id: input.companyOfficeId, name: input.name })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: warehouseUnique(input.name), onForeignKey: changedMeanwhile },
    );
    const after = await warehouseRow(trx).where('w.id', '=', row.id).executeTakeFirstOrThrow();
    await audit(ctx, trx, { action: 'create', entity: 'inventory_warehouse', entityId: row.id, after });
    return after;
  });
}

export async function updateWarehouse(ctx: Ctx, _grant: Manage, raw: In<typeof updateWarehouseInput>): Promise<WarehouseRow> {
  const input = updateWarehouseInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await warehouseRow(trx).where('w.id', '=', input.id).forUpdate('w').executeTakeFirst();
    if (!before) throw notFound('Warehouse');
    await dbWrite(() => trx.updateTable('inventory_warehouses').set({ name: input.name }).where('id', '=', input.id).execute(), {
      unique: warehouseUnique(input.name),
    });
    const after = await warehouseRow(trx).where('w.id', '=', input.id).executeTakeFirstOrThrow();
    await audit(ctx, trx, { action: 'update', entity: 'inventory_warehouse', entityId: input.id, before, after });
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// Stock on hand and the movement ledger

export async function findStock(ctx: Ctx, _grant: View, raw: In<typeof listStockInput>): Promise<Page<StockRow>> {
  const f = listStockInput.parse(raw);
  let q = ctx.db
    .selectFrom('inventory_stock as s')
    .innerJoin('inventory_item_variants as v', 'v.id', 's.variant_id')
    .innerJoin('inventory_items as i', 'i.id', 'v.item_id')
    .innerJoin('inventory_units as u', 'u.id', 'i.unit_id')
    .innerJoin('inventory_warehouses as w', 'w.id', 's.warehouse_id');
  if (f.warehouseId) q = q.where('s.warehouse_id', '=', f.warehouseId);
  if (f.variantId) q = q.where('s.variant_id', '=', f.variantId);
  if (f.search) {
    const like = likePattern(f.search);
    q = q.where((eb) => eb.or([eb('i.name', 'ilike', like), eb('v.name', 'ilike', like), eb('i.code', 'ilike', like)]));
  }
  const page = await paged(
    q
      .select([
        's.variant_id as variantId',
        'i.id as itemId',
        'i.name as item',
        'v.name as variant',
        's.warehouse_id as warehouseId',
        'w.name as warehouse',
        'u.name as unit',
        's.on_hand as onHand',
        totalCol,
      ])
      .orderBy('i.name')
      .orderBy('v.name')
      .orderBy('w.name')
      .limit(f.pageSize)
      .offset(pageOffset(f))
      .execute(),
    f.page,
    f.pageSize,
  );
  return { ...page, rows: page.rows.map((r) => ({ ...r, variant: variantLabel(r.variant) })) };
}

export async function findMovements(ctx: Ctx, _grant: View, raw: In<typeof listMovementsInput>): Promise<Page<MovementRow>> {
  const f = listMovementsInput.parse(raw);
  let q = ctx.db
    .selectFrom('inventory_stock_movements as m')
    .innerJoin('inventory_item_variants as v', 'v.id', 'm.variant_id')
    .innerJoin('inventory_items as i', 'i.id', 'v.item_id')
    .innerJoin('inventory_warehouses as w', 'w.id', 'm.warehouse_id');
  if (f.warehouseId) q = q.where('m.warehouse_id', '=', f.warehouseId);
  if (f.variantId) q = q.where('m.variant_id', '=', f.variantId);
  if (f.kind) q = q.where('m.kind', '=', f.kind);
  if (f.search) {
    const like = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([
        eb('i.name', 'ilike', like),
        eb('i.code', 'ilike', like),
        eb('v.name', 'ilike', like),
        eb('m.note', 'ilike', like),
        eb(
          sql<string>`(case m.source_type when 'warehouse_request' then 'WR-' when 'purchase_receive' then 'RCV-'
            when 'stock_adjustment' then 'ADJ-' else '' end) || lpad(m.source_id::text, 6, '0')`,
          'ilike',
          like,
        ),
      ]),
    );
  }
  if (f.from) q = q.where(companyDate('m.created_at'), '>=', f.from);
  if (f.to) q = q.where(companyDate('m.created_at'), '<=', f.to);
  const page = await paged(
    q
      .select([
        'm.id',
        'm.kind',
        'm.variant_id as variantId',
        'i.name as item',
        'v.name as variant',
        'm.warehouse_id as warehouseId',
        'w.name as warehouse',
        'm.quantity',
        'm.balance_after as balanceAfter',
        'm.source_type as sourceType',
        'm.source_id as sourceId',
        'm.note',
        userNameOf('m.actor_user_id').as('actor'),
        'm.created_at as createdAt',
        totalCol,
      ])
      .orderBy('m.id', 'desc')
      .limit(f.pageSize)
      .offset(pageOffset(f))
      .execute(),
    f.page,
    f.pageSize,
  );
  return {
    ...page,
    rows: page.rows.map((r) => {
      const prefix = SOURCE_PREFIX[r.sourceType];
      return {
        ...r,
        variant: variantLabel(r.variant),
        kindLabel: MOVEMENT_KIND_LABELS[r.kind],
        sourceNumber: prefix && r.sourceId !== null ? documentNumber(prefix, r.sourceId) : null,
      };
    }),
  };
}

/**
 * A counted correction of stock (e.g. opening balance, breakage); refused if it would go below
 * zero. Each adjustment is a document (ADJ-000001) that its ledger line names as its source.
 */
export async function adjustStock(ctx: Ctx, grant: Manage, raw: In<typeof adjustStockInput>) {
  const input = adjustStockInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await requireVariantAndWarehouse(trx, input.variantId, input.warehouseId);
    const doc = await trx
      .insertInto('inventory_stock_adjustments')
      .values({
        variant_id: input.variantId,
        warehouse_id: input.warehouseId,
        quantity: input.quantity,
        note: input.note,
        created_by_user_id: grant.actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const balance = await moveStock(ctx, trx, {
      variantId: input.variantId,
      warehouseId: input.warehouseId,
      kind: 'adjustment',
      quantity: input.quantity,
      sourceType: ADJUSTMENT_SOURCE,
      sourceId: doc.id,
      note: input.note,
    });
    await audit(ctx, trx, {
      action: 'adjust',
      entity: 'inventory_stock',
      entityId: `${input.variantId}/${input.warehouseId}`,
      after: { ...input, balance, adjustmentId: doc.id },
    });
    return {
      id: doc.id,
      number: documentNumber('ADJ', doc.id),
      variantId: input.variantId,
      warehouseId: input.warehouseId,
      onHand: balance,
    };
  });
}

/** GL0001 naming variantId / warehouseId when either is unknown. */
export async function requireVariantAndWarehouse(db: Db, variantId: number, warehouseId: number, prefix = ''): Promise<void> {
  const [v, w] = await Promise.all([
    db.selectFrom('inventory_item_variants').select('id').where('id', '=', variantId).executeTakeFirst(),
    db.selectFrom('inventory_warehouses').select('id').where('id', '=', warehouseId).executeTakeFirst(),
  ]);
  const fields: FieldIssue[] = [];
  if (!v) fields.push({ param: `${prefix}variantId`, msg: 'is not a known item variant' });
  if (!w) fields.push({ param: 'warehouseId', msg: 'is not a known warehouse' });
  if (fields.length) throw invalid(fields);
}
