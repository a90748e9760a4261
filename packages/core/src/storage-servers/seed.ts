import { sql } from 'kysely';
import type { Ctx } from '../shared/context';

/**
 * Demo storage servers (issue 7): a few servers owned by the demo administrators and the IT
 * manager, in every status. Does nothing when servers exist already; returns whether it seeded.
 */
export async function seedStorageServersDemo(ctx: Ctx): Promise<boolean> {
  const db = ctx.db;
  const any = await db.selectFrom('storage_servers').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const owners = await db
    .selectFrom('users as u')
    .innerJoin('employees as e', 'e.id', 'u.employee_id')
    .select(['u.email', 'e.id'])
    .where('u.email', 'in', ['admin@demo.co.id', 'hc@demo.co.id', 'warehouse@demo.co.id'])
    .execute();
  const ownerOf = new Map(owners.map((o) => [o.email, o.id]));
  const fallback = owners[0]?.id;
  if (fallback === undefined) return false;
  const types = new Map(
    (await db.selectFrom('storage_server_types').select(['id', 'name']).execute()).map((t) => [t.name, t.id]),
  );
  const cats = new Map(
    (await db.selectFrom('storage_server_categories').select(['id', 'name']).execute()).map((c) => [c.name, c.id]),
  );
  const rows = [
    [
      'nas-jkt-01',
      'NAS',
      'Production',
      'Jakarta Head Office, server room',
      'Jl. Jend. Sudirman Kav. 52, Jakarta',
      '16000',
      '11240.5',
      'admin@demo.co.id',
      'active',
    ],
    [
      'nas-jkt-02',
      'NAS',
      'Backup',
      'Jakarta Head Office, server room',
      'Jl. Jend. Sudirman Kav. 52, Jakarta',
      '32000',
      '30400',
      'admin@demo.co.id',
      'active',
    ],
    [
      'fs-hr-01',
      'File server',
      'Production',
      'Jakarta Head Office, HR floor',
      'Jl. Jend. Sudirman Kav. 52, Jakarta',
      '4000',
      '1520.75',
      'hc@demo.co.id',
      'active',
    ],
    [
      'san-sby-01',
      'SAN',
      'Disaster recovery',
      'Surabaya Branch, data room',
      'Jl. Basuki Rahmat 8, Surabaya',
      '64000',
      '20480',
      'admin@demo.co.id',
      'maintenance',
    ],
    [
      'bak-wh-01',
      'Backup appliance',
      'Archive',
      'Jakarta Warehouse',
      'Jl. Raya Cakung 12, Jakarta',
      '8000',
      '0',
      'warehouse@demo.co.id',
      'inactive',
    ],
  ] as const;
  await db
    .insertInto('storage_servers')
    .values(
      rows.map(([name, type, cat, location, address, capacity, usage, owner, status]) => ({
        name,
        type_id: types.get(type)!,
        category_id: cats.get(cat)!,
        location,
        address,
        capacity_gb: capacity,
        usage_gb: usage,
        owner_employee_id: ownerOf.get(owner) ?? fallback,
        status,
        updated_at: sql`now()`,
      })),
    )
    .execute();
  return true;
}
