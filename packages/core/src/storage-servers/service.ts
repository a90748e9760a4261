import { windowPageOf } from '../shared/window-page';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/index';
import type { Actor } from '../access/index';
import { type Grant, scopeOf } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import { employeeName, employeeSearch, workingEmployeeOptions } from '../shared/employee-sql';
import type { Page, In } from '../shared/zod';
import {
  createStorageServerInput,
  listStorageServersInput,
  STORAGE_SERVER_STATUS_LABELS,
  type StorageServerLookup,
  type StorageServerOwner,
  type StorageServerRow,
  type StorageServerStatus,
  storageServerIdInput,
  storageServerOwnersInput,
  updateStorageServerInput,
} from './schema';

type Manage = Grant<'server.manage'>;

const notFound = () => new AppError('NOT_FOUND', 'Storage server not found');

/**
 * Who sees which server (issue 7 "owners manage their own, admins see all"): an admin — superadmin
 * or a holder of the `hr.all` wildcard (spec §6) — sees and manages every server; anyone else with
 * `server.manage` only the servers they own. Another owner's server is NOT_FOUND.
 */
export const isStorageAdmin = (actor: Actor): boolean => scopeOf(actor).kind === 'all';

function visible(actor: Actor): RawBuilder<SqlBool> {
  if (isStorageAdmin(actor)) return sql<SqlBool>`true`;
  if (actor.employeeId === null) return sql<SqlBool>`false`;
  return sql<SqlBool>`s.owner_employee_id = ${actor.employeeId}`;
}

/** Server types (spec §7 "statics for type"). */
export async function listStorageServerTypes(ctx: Ctx, _grant: Manage): Promise<StorageServerLookup[]> {
  return ctx.db.selectFrom('storage_server_types').select(['id', 'name']).orderBy('id').execute();
}

/** Server categories (spec §7 "statics for category"). */
export async function listStorageServerCategories(ctx: Ctx, _grant: Manage): Promise<StorageServerLookup[]> {
  return ctx.db.selectFrom('storage_server_categories').select(['id', 'name']).orderBy('id').execute();
}

/**
 * Employees who may own a server (spec §7 employee "server/management" list): every working
 * employee for an admin (by name or number, at most 50), otherwise only the caller.
 */
export async function listStorageServerOwners(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof storageServerOwnersInput>,
): Promise<StorageServerOwner[]> {
  const f = storageServerOwnersInput.parse(raw ?? {});
  const actor = grant.actor;
  let q = workingEmployeeOptions(ctx.db, f.search);
  if (!isStorageAdmin(actor)) {
    if (actor.employeeId === null) return [];
    q = q.where('e.id', '=', actor.employeeId);
  }
  return q.orderBy('e.employee_number').limit(50).execute();
}

function serverBase(db: Db) {
  return db
    .selectFrom('storage_servers as s')
    .innerJoin('storage_server_types as t', 't.id', 's.type_id')
    .innerJoin('storage_server_categories as c', 'c.id', 's.category_id')
    .innerJoin('employees as e', 'e.id', 's.owner_employee_id');
}

const serverColumns = [
  's.id',
  's.name',
  's.type_id as typeId',
  't.name as typeName',
  's.category_id as categoryId',
  'c.name as categoryName',
  's.location',
  's.address',
  sql<string>`trim_scale(s.capacity_gb)::text`.as('capacityGb'),
  sql<string>`trim_scale(s.usage_gb)::text`.as('usageGb'),
  sql<number>`floor(s.usage_gb * 100 / s.capacity_gb)::int`.as('usagePercent'),
  's.owner_employee_id as ownerEmployeeId',
  'e.employee_number as ownerNumber',
  employeeName.as('ownerName'),
  's.status',
  's.updated_at as updatedAt',
] as const;

const toRow = (r: Omit<StorageServerRow, 'statusLabel'>): StorageServerRow => ({
  ...r,
  statusLabel: STORAGE_SERVER_STATUS_LABELS[r.status as StorageServerStatus],
});

/** The servers the caller may see, filtered and searched (name, location, address, owner). */
export async function listStorageServers(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof listStorageServersInput>,
): Promise<Page<StorageServerRow>> {
  const f = listStorageServersInput.parse(raw);
  let q = serverBase(ctx.db).where(visible(grant.actor));
  if (f.typeId) q = q.where('s.type_id', '=', f.typeId);
  if (f.categoryId) q = q.where('s.category_id', '=', f.categoryId);
  if (f.status) q = q.where('s.status', '=', f.status);
  if (f.search) q = q.where(employeeSearch(f.search, ['s.name', 's.location', 's.address']));
  return windowPageOf(q.select(serverColumns), f, (q) => q.orderBy(sql`lower(s.name)`).orderBy('s.id'), toRow);
}

async function visibleServer(db: Db, actor: Actor, id: number, lock = false): Promise<StorageServerRow> {
  let q = serverBase(db).where('s.id', '=', id).where(visible(actor)).select(serverColumns);
  if (lock) q = q.forUpdate('s');
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return toRow(row);
}

/** One server (own, or any for an admin). */
export async function getStorageServer(ctx: Ctx, grant: Manage, raw: In<typeof storageServerIdInput>): Promise<StorageServerRow> {
  const { id } = storageServerIdInput.parse(raw);
  return visibleServer(ctx.db, grant.actor, id);
}

const field = (param: string, msg: string, message: string) => new AppError('VALIDATION', message, { fields: [{ param, msg }] });
const nameTaken = () =>
  new AppError('CONFLICT', 'A storage server with this name exists already', {
    fields: [{ param: 'name', msg: 'is already used' }],
  });

/** The owner to store: the given one for an admin; otherwise the caller (another owner is refused). */
async function ownerFor(db: Db, actor: Actor, requested: number | undefined): Promise<number> {
  if (!isStorageAdmin(actor)) {
    if (actor.employeeId === null) throw field('ownerEmployeeId', 'is required', 'Your user is not linked to an employee');
    if (requested !== undefined && requested !== actor.employeeId)
      throw field('ownerEmployeeId', 'must be yourself', 'You can only register servers you own');
    return actor.employeeId;
  }
  const owner = requested ?? actor.employeeId ?? undefined;
  if (owner === undefined) throw field('ownerEmployeeId', 'is required', 'Choose the owner');
  const found = await db.selectFrom('employees').select('id').where('id', '=', owner).executeTakeFirst();
  if (!found) throw field('ownerEmployeeId', 'not found', 'Owner not found');
  return owner;
}

async function checkLookups(db: Db, typeId: number, categoryId: number): Promise<void> {
  const [t, c] = await Promise.all([
    db.selectFrom('storage_server_types').select('id').where('id', '=', typeId).executeTakeFirst(),
    db.selectFrom('storage_server_categories').select('id').where('id', '=', categoryId).executeTakeFirst(),
  ]);
  if (!t) throw field('typeId', 'not found', 'Type not found');
  if (!c) throw field('categoryId', 'not found', 'Category not found');
}

/** The columns a create or an update writes from the form, with the owner already resolved. */
function writtenColumns(input: z.output<typeof createStorageServerInput>, owner: number) {
  return {
    name: input.name,
    type_id: input.typeId,
    category_id: input.categoryId,
    location: input.location,
    address: input.address,
    capacity_gb: input.capacityGb,
    usage_gb: input.usageGb,
    owner_employee_id: owner,
    status: input.status,
  };
}

/**
 * What create and update share, in the caller's transaction: the owner (`owner`, resolved by
 * ownerFor) and the type and category checked, the form's columns written by `write` (which
 * returns the server's id; a name already used is CONFLICT), then the server read back and the
 * change audited (`before` for an update).
 */
async function saveServer(
  ctx: Ctx,
  trx: Db,
  grant: Manage,
  input: z.output<typeof createStorageServerInput>,
  p: {
    owner: number | undefined;
    before?: StorageServerRow;
    write: (columns: ReturnType<typeof writtenColumns>) => Promise<number>;
  },
): Promise<StorageServerRow> {
  const owner = await ownerFor(trx, grant.actor, p.owner);
  await checkLookups(trx, input.typeId, input.categoryId);
  const id = await dbWrite(() => p.write(writtenColumns(input, owner)), { unique: { storage_servers_name_uq: nameTaken } });
  const after = await visibleServer(trx, grant.actor, id);
  await audit(ctx, trx, {
    action: p.before ? 'storageServer.update' : 'storageServer.create',
    entity: 'storage_servers',
    entityId: id,
    ...(p.before ? { before: p.before } : {}),
    after,
  });
  return after;
}

/** Registers a server; usage may not exceed capacity (schema and a table check). */
export async function createStorageServer(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof createStorageServerInput>,
): Promise<StorageServerRow> {
  const input = createStorageServerInput.parse(raw);
  return inTransaction(ctx, (trx) =>
    saveServer(ctx, trx, grant, input, {
      owner: input.ownerEmployeeId,
      write: async (columns) =>
        (
          await trx
            .insertInto('storage_servers')
            .values({ ...columns, created_by_user_id: grant.actor.userId })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
    }),
  );
}

/** Updates a server the caller may see (NOT_FOUND otherwise). */
export async function updateStorageServer(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof updateStorageServerInput>,
): Promise<StorageServerRow> {
  const input = updateStorageServerInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await visibleServer(trx, grant.actor, input.id, true);
    return saveServer(ctx, trx, grant, input, {
      owner: input.ownerEmployeeId ?? before.ownerEmployeeId,
      before,
      write: async (columns) => {
        await trx
          .updateTable('storage_servers')
          .set({ ...columns, updated_at: sql`now()` })
          .where('id', '=', input.id)
          .execute();
        return input.id;
      },
    });
  });
}

/** Deletes a server the caller may see (NOT_FOUND otherwise). */
export async function deleteStorageServer(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof storageServerIdInput>,
): Promise<{ id: number }> {
  const { id } = storageServerIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await visibleServer(trx, grant.actor, id, true);
    await trx.deleteFrom('storage_servers').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'storageServer.delete', entity: 'storage_servers', entityId: id, before });
    return { id };
  });
}
