import { type ExpressionBuilder, type ExpressionWrapper, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/database';
import type { Scope } from './grant';

/**
 * Spec §6 data scope as one SQL condition on an employees alias (default `e`): a row is visible
 * when its department or division matches the actor's own, when it is the actor's own record, or
 * when the actor is its active manager (employee_managers). Every module uses this one rule.
 */
export function scopeSql(scope: Scope, alias = 'e'): RawBuilder<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  const ors: RawBuilder<SqlBool>[] = [];
  if (scope.departmentId !== null) ors.push(sql<SqlBool>`${col('department_id')} = ${scope.departmentId}`);
  if (scope.divisionId !== null) ors.push(sql<SqlBool>`${col('division_id')} = ${scope.divisionId}`);
  if (scope.employeeId !== null) {
    ors.push(sql<SqlBool>`${col('id')} = ${scope.employeeId}`);
    ors.push(
      sql<SqlBool>`exists (select 1 from employee_managers mg where mg.employee_id = ${col('id')}
        and mg.manager_employee_id = ${scope.employeeId} and mg.active)`,
    );
  }
  if (ors.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${sql.join(ors, sql` or `)})`;
}

/** {@link scopeSql} on alias `e`, for `.where((eb) => employeeInScope(eb, scope))`. */
export function employeeInScope(
  _eb: ExpressionBuilder<Database & { e: Database['employees'] }, 'e'>,
  scope: Scope,
): ExpressionWrapper<Database & { e: Database['employees'] }, 'e', SqlBool> {
  return scopeSql(scope, 'e') as unknown as ExpressionWrapper<Database & { e: Database['employees'] }, 'e', SqlBool>;
}
