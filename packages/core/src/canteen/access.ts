import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Grant } from '../access/index';
import { scopeSql } from '../access/index';
import type { Db } from '../shared/context';
import { AppError } from '../shared/errors';
import { anyId } from '../shared/sql';

/*
 * Who sees which canteen rows. Canteens and their meals are company settings, visible to every
 * `canteen.view` grant. Schedules, preferences, presences and meal costs are an employee's data:
 * lists, reports and writes reach only employees in the grant's data scope (spec §6), and a row
 * outside it is NOT_FOUND. One exception: the kiosk and the terminals serve every working employee
 * of the company (a scan names only the one scanned).
 */

/** The scope condition on employees (alias e) that every list, report and write of employee rows starts from. */
export const inScope = (grant: Grant): RawBuilder<SqlBool>[] => [scopeSql(grant.scope, 'e')];

/** The working employees of a selection, in the caller's scope (SQL on alias e). */
export function selectionSql(
  scope: Grant['scope'],
  s: {
    companyOfficeId?: number | undefined;
    departmentId?: number | undefined;
    divisionId?: number | undefined;
    employeeIds?: number[] | undefined;
  },
): RawBuilder<SqlBool> {
  const conds: RawBuilder<SqlBool>[] = [sql<SqlBool>`e.resigned = 0`, scopeSql(scope, 'e')];
  if (s.companyOfficeId) conds.push(sql<SqlBool>`e.company_office_id = ${s.companyOfficeId}`);
  if (s.departmentId) conds.push(sql<SqlBool>`e.department_id = ${s.departmentId}`);
  if (s.divisionId) conds.push(sql<SqlBool>`e.division_id = ${s.divisionId}`);
  if (s.employeeIds && s.employeeIds.length > 0) conds.push(anyId('e.id', s.employeeIds));
  return sql.join(conds, sql` and `) as RawBuilder<SqlBool>;
}

/** The given employees, all in the grant's scope; NOT_FOUND when any is not (or does not exist). */
export async function employeesInScope(db: Db, grant: Grant, employeeIds: readonly number[]): Promise<number[]> {
  const visible = await sql<{ id: number }>`
    select e.id from employees e where ${anyId('e.id', employeeIds)} and ${scopeSql(grant.scope, 'e')}`.execute(db);
  if (visible.rows.length !== new Set(employeeIds).size) throw new AppError('NOT_FOUND', 'Employee not found');
  return visible.rows.map((r) => r.id);
}

/** A presence of an employee in the grant's scope; NOT_FOUND otherwise. */
export async function presenceInScope(db: Db, grant: Grant, id: number) {
  const before = await sql<{ id: string; employee_id: number; meal_date: string; meal_kind: string; canteen_id: number }>`
    select p.id::text as id, p.employee_id, p.meal_date, p.meal_kind, p.canteen_id
    from canteen_presences p join employees e on e.id = p.employee_id
    where p.id = ${id} and ${scopeSql(grant.scope, 'e')}`.execute(db);
  if (before.rows.length === 0) throw new AppError('NOT_FOUND', 'Presence not found');
  return before.rows[0]!;
}
