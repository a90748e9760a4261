import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from './context';
import { likePattern } from './sql';

/*
 * SQL on the employees table under alias `e` (or the alias given), as the lists of every module read it.
 */

/** The display name of the person under `alias` (an employee, or an applicant): given name and surname, trimmed. */
export const employeeNameOf = (alias: string) =>
  sql<string>`trim(${sql.ref(`${alias}.given_name`)} || ' ' || ${sql.ref(`${alias}.surname`)})`;

/** An employee's display name: given name and surname, trimmed. */
export const employeeName = employeeNameOf('e');

/**
 * The office, department and division, ids and names, of a row under `alias` (an employee, section or job
 * position) with the units joined as `o` office, `d` department, `v` division.
 */
export const placementColumns = <A extends string>(alias: A) =>
  [
    `${alias}.company_office_id as companyOfficeId`,
    'o.name as companyOffice',
    `${alias}.department_id as departmentId`,
    'd.name as department',
    `${alias}.division_id as divisionId`,
    'v.name as division',
  ] as const;

/** An employee's office, department and division, ids and names (joined as `o` office, `d` department, `v` division). */
export const employeePlacementColumns = placementColumns('e');

/** A login's display name: its employee's name (alias `e`), else the login's e-mail (alias `u`). */
export const userName = (u = 'u', e = 'e') => sql<string>`coalesce(nullif(${employeeNameOf(e)}, ''), ${sql.ref(`${u}.email`)})`;

/**
 * The display name of the login whose id is in column `userId` (its employee's name, else its e-mail; null when
 * the column is null), as a scalar subquery: for "decided by", "received by" and other actor columns that would
 * otherwise show an e-mail address (issue 19).
 */
export const userNameOf = (userId: string) =>
  sql<string | null>`(select coalesce(nullif(${employeeNameOf('ux')}, ''), uu.email)
    from users uu left join employees ux on ux.id = uu.employee_id where uu.id = ${sql.ref(userId)})`;

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

/** Working (not resigned) employees as picker options: id, number and name; with `search`, those matching it. */
export function workingEmployeeOptions(db: Db, search?: string) {
  const q = db
    .selectFrom('employees as e')
    .select(['e.id', 'e.employee_number as employeeNumber', employeeName.as('name')])
    .where('e.resigned', '=', 0);
  return search ? q.where(employeeSearch(search)) : q;
}
