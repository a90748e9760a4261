import { type Expression, type SqlBool, sql } from 'kysely';
import { likePattern } from './sql';

/*
 * SQL on the employees table under alias `e`, as the lists of every module read it.
 */

/** An employee's display name: given name and surname, trimmed. */
export const employeeName = sql<string>`trim(e.given_name || ' ' || e.surname)`;

/**
 * A list's search: the employee's name or number, or any of the `also` columns, contains the text
 * (ILIKE; `%`, `_` and `\` match literally).
 */
export function employeeSearch(search: string, also: readonly string[] = []) {
  const like = likePattern(search);
  const refs: Expression<string>[] = [employeeName, sql.ref<string>('e.employee_number'), ...also.map((c) => sql.ref<string>(c))];
  return sql<SqlBool>`(${sql.join(
    refs.map((r) => sql`${r} ilike ${like}`),
    sql` or `,
  )})`;
}
