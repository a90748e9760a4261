import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { pageOffset } from '../shared/page';
import type { Db } from '../shared/context';
import type { FieldIssue } from '../shared/errors';
import { likePattern } from '../shared/sql';
import type { Page } from '../shared/zod';
import { requesterName } from './access';
import { companyDate } from './catalogue';

/**
 * What purchase requests and warehouse requests share (alias `r` the request, `ru` its requester's
 * login, `e` their employee record, `w` the warehouse): the columns every request row has, the
 * list filters and paging, and the reference checks of a request's warehouse and item variants.
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
