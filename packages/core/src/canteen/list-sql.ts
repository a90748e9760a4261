import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { employeeSearch } from '../shared/employee-sql';
import { type PageArgs, pageOffset } from '../shared/page';

/*
 * The pieces the canteen's raw-SQL lists share: the search over employee name and
 * number, and the page's LIMIT/OFFSET.
 */

/** Every condition, joined with `and`. */
export const allOf = (conds: readonly RawBuilder<SqlBool>[]) => sql.join(conds, sql` and `);

/** Adds the search over employee name and number (alias e), when there is one. */
export function pushEmployeeSearch(conds: RawBuilder<SqlBool>[], search: string | undefined): void {
  if (search) conds.push(employeeSearch(search));
}

export const pageSql = (f: PageArgs) => sql`limit ${f.pageSize} offset ${pageOffset(f)}`;
