import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Timesheets are keyed by (work_date, employee_id): right for a day or a month of everyone (the engine, the lists),
 * useless for one employee's month, which PostgreSQL then read by scanning the whole period of everyone (82 ms
 * at 100,000 employees, on every "my timesheet", summary and employee page). This index serves those (issue 22).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index timesheets_employee_date_idx on timesheets (employee_id, work_date)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
