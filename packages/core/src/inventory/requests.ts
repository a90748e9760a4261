import { type RawBuilder, type Selectable, type SelectQueryBuilder, type SqlBool, sql, type UpdateObject } from 'kysely';
import { type Actor, transition } from '../access/index';
import type { Database } from '../db/database';
import { pageOffset } from '../shared/page';
import type { Db } from '../shared/context';
import { AppError, type FieldIssue } from '../shared/errors';
import { likePattern } from '../shared/sql';
import type { Page } from '../shared/zod';
import { requesterName } from './access';
import { companyDate } from './catalogue';

/**
 * What purchase requests and warehouse requests share (alias `r` the request, `ru` its requester's
 * login, `e` their employee record, `w` the warehouse): the columns every request row has, the
 * list filters and paging, the reference checks of a request's warehouse and item variants, the
 * requester's guarded change of their own request, and the guarded growth of a line's issued or
 * received quantity.
 */

/** The columns every request row starts with. */
export const requestColumns = [
  'r.id',
  'r.status',
  'r.requester_user_id as requesterUserId',
  'r.requester_employee_id as requesterEmployeeId',
  requesterName.as('requesterName'),
  'r.warehouse_id as warehouseId',
  'w.name as warehouse',
] as const;

/** The columns that record who files a request: their login and their employee record. */
export const requesterColumns = (actor: Actor) => ({
  requester_user_id: actor.userId,
  requester_employee_id: actor.employeeId,
});

/** The requester of a row selected with {@link requestColumns}. */
export const requesterOf = (r: { requesterUserId: number; requesterEmployeeId: number | null; requesterName: string }) => ({
  userId: r.requesterUserId,
  employeeId: r.requesterEmployeeId,
  name: r.requesterName,
});

/** The filters both request lists offer. */
export interface RequestListFilter {
  page: number;
  pageSize: number;
  search?: string | undefined;
  status?: string | number | undefined;
  warehouseId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * A page of requests, newest first: `q` selects the rows the caller may see; the filters apply
 * the status, the warehouse, the filing date (company calendar) and the search (the document
 * number `prefix-000123`, the requester's name, the note).
 */
export async function requestPage<DB, TB extends keyof DB, O, Row>(
  q: SelectQueryBuilder<DB, TB, O>,
  prefix: 'PR' | 'WR',
  f: RequestListFilter,
  toRow: (r: O) => Row,
): Promise<Page<Row>> {
  const where: RawBuilder<SqlBool>[] = [];
  if (f.status) where.push(sql<SqlBool>`r.status = ${f.status}`);
  if (f.warehouseId) where.push(sql<SqlBool>`r.warehouse_id = ${f.warehouseId}`);
  if (f.from) where.push(sql<SqlBool>`${companyDate('r.created_at')} >= ${f.from}`);
  if (f.to) where.push(sql<SqlBool>`${companyDate('r.created_at')} <= ${f.to}`);
  if (f.search) {
    const like = likePattern(f.search);
    where.push(
      sql<SqlBool>`((${sql.lit(`${prefix}-`)} || lpad(r.id::text, 6, '0')) ilike ${like} or ${requesterName} ilike ${like} or r.note ilike ${like})`,
    );
  }
  let filtered = q;
  for (const w of where) filtered = filtered.where(w as never);
  const found = (await filtered
    .select(sql<number>`(count(*) over ())::int`.as('total') as never)
    .orderBy(sql`r.id desc` as never)
    .limit(f.pageSize)
    .offset(pageOffset(f))
    .execute()) as (O & { total: number })[];
  return { rows: found.map((r) => toRow(r)), total: found[0]?.total ?? 0, page: f.page, pageSize: f.pageSize };
}

/** GL0001 issues for an unknown warehouse (`warehouseId`) and unknown item variants (`lines.<i>.variantId`). */
export async function unknownRefs(
  db: Db,
  warehouseId: number | undefined,
  lines: readonly { variantId?: number | null | undefined }[] | undefined,
): Promise<{ fields: FieldIssue[]; variants: Set<number> }> {
  const fields: FieldIssue[] = [];
  if (warehouseId !== undefined) {
    const w = await db.selectFrom('inventory_warehouses').select('id').where('id', '=', warehouseId).executeTakeFirst();
    if (!w) fields.push({ param: 'warehouseId', msg: 'is not a known warehouse' });
  }
  const ids = [...new Set((lines ?? []).map((l) => l.variantId).filter((v): v is number => !!v))];
  const variants = new Set(
    ids.length
      ? (await db.selectFrom('inventory_item_variants').select('id').where('id', 'in', ids).execute()).map((r) => r.id)
      : [],
  );
  return { fields, variants };
}

type RequestTable = 'inventory_purchase_requests' | 'inventory_warehouse_requests';

/**
 * The requester's own change of a request while it waits in `from` (edit, cancel): one guarded
 * UPDATE of the approval kit (`WHERE id = ? AND status = from AND requester_user_id = <actor>`,
 * `updated_at` set), so a request decided meanwhile, or someone else's, changes nothing and
 * `refuse` says why. Runs in the caller's transaction.
 */
export async function changeOwnRequest<T extends RequestTable>(
  trx: Db,
  table: T,
  actor: Actor,
  c: {
    id: number;
    from: Selectable<Database[T]>['status' & keyof Selectable<Database[T]>];
    set: UpdateObject<Database, T>;
    refuse: (trx: Db) => Promise<AppError>;
  },
): Promise<void> {
  // Both tables have the same guard columns; `set` is checked against the caller's table.
  await transition(trx, table as 'inventory_warehouse_requests', {
    id: c.id,
    from: c.from as number,
    set: { ...(c.set as UpdateObject<Database, 'inventory_warehouse_requests'>), updated_at: sql<Date>`now()` },
    and: [sql<SqlBool>`requester_user_id = ${actor.userId}`],
    returning: ['id'],
    refuse: c.refuse,
  });
}

/** A line whose issued (warehouse request) or received (purchase order) quantity grows. */
type DrawnLine =
  | { table: 'inventory_warehouse_request_lines'; column: 'issued_quantity' }
  | { table: 'inventory_purchase_order_lines'; column: 'received_quantity' };

/**
 * Adds `quantity` to a line's issued or received quantity in one guarded UPDATE
 * (`… + q <= quantity`), so concurrent issues or receipts of one line never pass what it asks
 * for; CONFLICT with `meanwhile` when it would.
 */
export async function drawLine(trx: Db, line: DrawnLine, id: number, quantity: number, meanwhile: string): Promise<void> {
  const column = sql.ref(line.column);
  const ok = await sql<{ id: number }>`update ${sql.table(line.table)} set ${column} = ${column} + ${quantity}
    where id = ${id} and ${column} + ${quantity} <= quantity returning id`.execute(trx);
  if (ok.rows.length === 0) throw new AppError('CONFLICT', meanwhile);
}
