import { sql } from 'kysely';
import type { Db } from '../shared/context';
import type { Use } from '../shared/db-errors';

// ---------------------------------------------------------------------------------------------
// What still uses a node (delete refusal, moves). Employees count whether working or resigned:
// a resigned employee's record still points at the node.

const count = (expr: ReturnType<typeof sql>) => sql<number>`(${expr})::int`;

/** The rows that may point at a node: their table, and the nouns a refusal names them by. */
const POINTING = {
  employees: ['employees', 'employee', 'employees'],
  departments: ['departments', 'department', 'departments'],
  divisions: ['divisions', 'division', 'divisions'],
  sections: ['sections', 'section', 'sections'],
  jobPositions: ['job_positions', 'job position', 'job positions'],
} as const;
type Pointing = keyof typeof POINTING;

/** Live grants of a section or job position (approved or pending, not unassigned): history may outlive the node. */
const liveGrants = (subject: 'section' | 'job_position', id: number) =>
  count(
    sql`select count(*) from permission_grants where subject_type = ${subject} and subject_id = ${id}
      and status in (1, 3) and revoked_at is null`,
  );

/**
 * How many rows of each kind (in that order) point at node `id` through `column`, as the uses a
 * refusal names ("used by 12 employees and 3 divisions"); `grants` adds the node's live grants.
 */
async function usesOf(
  db: Db,
  column: string,
  id: number,
  kinds: readonly Pointing[],
  grants?: { subject: 'section' | 'job_position'; one: string; many: string },
): Promise<Use[]> {
  const counts = (await db
    .selectNoFrom([
      ...kinds.map((k) => count(sql`select count(*) from ${sql.table(POINTING[k][0])} where ${sql.ref(column)} = ${id}`).as(k)),
      ...(grants ? [liveGrants(grants.subject, id).as('grants')] : []),
    ])
    .executeTakeFirstOrThrow()) as Record<string, number>;
  const found: Use[] = kinds.map((k) => [counts[k]!, POINTING[k][1], POINTING[k][2]]);
  return grants ? [...found, [counts.grants!, grants.one, grants.many]] : found;
}

export const officeUses = (db: Db, id: number) =>
  usesOf(db, 'company_office_id', id, ['employees', 'departments', 'divisions', 'sections', 'jobPositions']);

export const departmentUses = (db: Db, id: number) =>
  usesOf(db, 'department_id', id, ['employees', 'divisions', 'sections', 'jobPositions']);

export const divisionUses = (db: Db, id: number) => usesOf(db, 'division_id', id, ['employees', 'sections', 'jobPositions']);

/** Moving a section needs it without employees and positions; deleting also needs its role grants gone (unassigned first). */
export const sectionUses = (db: Db, id: number, deleting = false) =>
  usesOf(
    db,
    'section_id',
    id,
    ['employees', 'jobPositions'],
    deleting ? { subject: 'section', one: 'role grant', many: 'role grants' } : undefined,
  );

/** Moving a job position needs it without employees; deleting also needs its permission grants gone. */
export const jobPositionUses = (db: Db, id: number, deleting = false) =>
  usesOf(
    db,
    'job_position_id',
    id,
    ['employees'],
    deleting ? { subject: 'job_position', one: 'permission grant', many: 'permission grants' } : undefined,
  );

export const jobLevelUses = (db: Db, id: number) => usesOf(db, 'job_level_id', id, ['employees', 'jobPositions']);
