import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Managers (issue 3): who manages whom, beyond the department/division rule of spec §6. An active
 * pair lets the manager see that employee's data (permissions/scope.ts). Inactivating keeps history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('employee_managers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('manager_employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('note', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('employee_managers_pair_uq', ['employee_id', 'manager_employee_id'])
    .addCheckConstraint('employee_managers_not_self', sql`employee_id <> manager_employee_id`)
    .execute();
  // The scope check looks up "does this manager manage that employee" on every scoped query.
  await sql`create index employee_managers_manager_idx on employee_managers (manager_employee_id, employee_id) where active`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('employee_managers').execute();
}
