import { type ExpressionBuilder, type ExpressionWrapper, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/database';
import type { Scope } from './grant';

/**
 * SQL condition for spec §6 data scope on an employees alias: a row is visible when its
 * department or division matches the actor's own, or it is the actor's own record.
 */
export function employeeInScope(
  eb: ExpressionBuilder<Database & { e: Database['employees'] }, 'e'>,
  scope: Scope,
): ExpressionWrapper<Database & { e: Database['employees'] }, 'e', SqlBool> {
  if (scope.kind === 'all') return eb.val(true) as never;
  const ors = [];
  if (scope.departmentId !== null) ors.push(eb('e.department_id', '=', scope.departmentId));
  if (scope.divisionId !== null) ors.push(eb('e.division_id', '=', scope.divisionId));
  if (scope.employeeId !== null) ors.push(eb('e.id', '=', scope.employeeId));
  if (ors.length === 0) return sql<SqlBool>`false` as never;
  return eb.or(ors);
}
