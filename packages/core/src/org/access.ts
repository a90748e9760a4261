import type { Grant } from '../access/index';
import { scopeSql } from '../access/index';
import type { Db } from '../shared/context';
import { notFound } from '../shared/errors';

/*
 * Who sees what in the org module. The structure itself (offices, departments, divisions,
 * sections, job positions, levels, ID indexes, the chart) is not secret inside the company: the
 * `org.view` grant shows all of it. Employees are different: every employee list and write under
 * the org paths stays within the actor's data scope (spec §6), and an employee outside it is
 * NOT_FOUND, so existence never leaks (the lists apply the same scope in queries.ts).
 */

/** The employee in the grant's scope, locked for the change; else NOT_FOUND. */
export async function lockedEmployee(db: Db, grant: Grant, id: number, lock = true) {
  let q = db
    .selectFrom('employees as e')
    .select([
      'e.id',
      'e.employee_number',
      'e.given_name',
      'e.surname',
      'e.company_office_id',
      'e.department_id',
      'e.division_id',
      'e.section_id',
      'e.job_position_id',
      'e.resigned',
    ])
    .where('e.id', '=', id)
    .where(scopeSql(grant.scope, 'e'));
  if (lock) q = q.forUpdate();
  const e = await q.executeTakeFirst();
  if (!e) throw notFound('Employee');
  return { ...e, name: `${e.given_name} ${e.surname}`.trim() };
}
export type LockedEmployee = Awaited<ReturnType<typeof lockedEmployee>>;
