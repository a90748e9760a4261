import { type Ctx, inTransaction } from '../shared/context';
import { moveStock } from './stock';

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
          await moveStock(ctx, db, {
            variantId: v.id,
            warehouseId: first.id,
            kind: 'adjustment',
            quantity: item.stock,
            sourceType: 'stock_adjustment',
            sourceId: null,
            note: 'Opening stock (demo)',
          });
        }
      }
    }
    return true;
  });
}
