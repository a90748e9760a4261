import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * The timesheet engine reads each employee's punches of a period by (employee, time) and leaves out the canteen
 * terminals' (device serial). With the serial in the index, PostgreSQL answers from the index alone once the
 * table is vacuumed, instead of visiting one table page per punch (punches are stored in arrival order, so an
 * employee's month is spread over ~60 pages): 13 % less database CPU for a month of timesheets (issue 22).
 * The new index replaces punches_employee_time_idx (same key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index punches_employee_time_serial_idx on punches (employee_id, local_time) include (device_serial)`.execute(
    db,
  );
  await sql`drop index punches_employee_time_idx`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
