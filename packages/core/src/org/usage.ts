import { sql } from 'kysely';
import type { Db } from '../shared/context';

// ---------------------------------------------------------------------------------------------
// What still uses a node (delete refusal, moves). Employees count whether working or resigned:
// a resigned employee's record still points at the node.

const count = (expr: ReturnType<typeof sql>) => sql<number>`(${expr})::int`;
/** How many rows of `table` point at node `id` through `column`. */
const uses = (table: string, column: string, id: number) =>
  count(sql`select count(*) from ${sql.table(table)} where ${sql.ref(column)} = ${id}`);

export async function officeUsage(db: Db, id: number) {
  return db
    .selectNoFrom([
      uses('employees', 'company_office_id', id).as('employees'),
      uses('departments', 'company_office_id', id).as('departments'),
      uses('divisions', 'company_office_id', id).as('divisions'),
      uses('sections', 'company_office_id', id).as('sections'),
      uses('job_positions', 'company_office_id', id).as('jobPositions'),
    ])
    .executeTakeFirstOrThrow();
}

export async function departmentUsage(db: Db, id: number) {
  return db
    .selectNoFrom([
      uses('employees', 'department_id', id).as('employees'),
      uses('divisions', 'department_id', id).as('divisions'),
      uses('sections', 'department_id', id).as('sections'),
      uses('job_positions', 'department_id', id).as('jobPositions'),
    ])
    .executeTakeFirstOrThrow();
}

export async function divisionUsage(db: Db, id: number) {
  return db
    .selectNoFrom([
      uses('employees', 'division_id', id).as('employees'),
      uses('sections', 'division_id', id).as('sections'),
      uses('job_positions', 'division_id', id).as('jobPositions'),
    ])
    .executeTakeFirstOrThrow();
}

export async function sectionUsage(db: Db, id: number) {
  return db
    .selectNoFrom([
      uses('employees', 'section_id', id).as('employees'),
      uses('job_positions', 'section_id', id).as('jobPositions'),
      // Live role grants of the section (approved or pending, not unassigned).
      count(
        sql`select count(*) from permission_grants where subject_type = 'section' and subject_id = ${id}
          and status in (1, 3) and revoked_at is null`,
      ).as('grants'),
    ])
    .executeTakeFirstOrThrow();
}

export async function jobPositionUsage(db: Db, id: number) {
  return db
    .selectNoFrom([
      uses('employees', 'job_position_id', id).as('employees'),
      // Live grants only (approved or pending, not unassigned): history may outlive the position.
      count(
        sql`select count(*) from permission_grants where subject_type = 'job_position' and subject_id = ${id}
          and status in (1, 3) and revoked_at is null`,
      ).as('grants'),
    ])
    .executeTakeFirstOrThrow();
}

export async function jobLevelUsage(db: Db, id: number) {
  return db
    .selectNoFrom([
      uses('employees', 'job_level_id', id).as('employees'),
      uses('job_positions', 'job_level_id', id).as('jobPositions'),
    ])
    .executeTakeFirstOrThrow();
}
