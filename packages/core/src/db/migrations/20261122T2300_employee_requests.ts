import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Employee self-service requests: data update requests (an employee proposes new values for a
 * section of their own record; HR approves, which applies them) and resignations (request,
 * approval; an approved resignation ends the login after the last working day). Statuses are the
 * spec's request statuses (§3): Approved 1, Disapproved 2, Pending 3, Cancel 4.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('employee_update_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('snapshot', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(3).check(sql`status between 1 and 4`))
    .addColumn('note', 'text')
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One pending request per employee and section.
  await sql`create unique index employee_update_requests_pending_uq on employee_update_requests (employee_id, section) where status = 3`.execute(
    db,
  );
  await sql`create index employee_update_requests_status_idx on employee_update_requests (status, created_at)`.execute(db);

  await db.schema
    .createTable('employee_resignations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('request_date', 'date', (c) => c.notNull())
    .addColumn('last_working_day', 'date', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(3).check(sql`status between 1 and 4`))
    .addColumn('decision_note', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('employee_resignations_dates', sql`last_working_day >= request_date`)
    .execute();
  // At most one open (pending or approved) resignation per employee.
  await sql`create unique index employee_resignations_open_uq on employee_resignations (employee_id) where status in (1, 3)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('employee_resignations').execute();
  await db.schema.dropTable('employee_update_requests').execute();
}
