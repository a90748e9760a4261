import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Contracts (with their salary: the salary history is the list of contracts) and employment
 * records (mutation, promotion, demotion, relocation) that move an employee in the org tree while
 * keeping where they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('employee_contracts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('contract_number', 'text', (c) => c.notNull())
    // Contract type, spec §3: training=1, internship=2, Freelance=3, Contracted=4, Permanent=5.
    .addColumn('contract_type', 'smallint', (c) => c.notNull().check(sql`contract_type between 1 and 5`))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date')
    // Integer rupiah per month.
    .addColumn('basic_salary', 'bigint', (c) => c.notNull().check(sql`basic_salary >= 0`))
    .addColumn('notes', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('employee_contracts_dates', sql`end_date is null or end_date >= start_date`)
    // Only a permanent contract may be open-ended.
    .addCheckConstraint('employee_contracts_end', sql`end_date is not null or contract_type = 5`)
    .execute();
  await sql`create unique index employee_contracts_number_uq on employee_contracts (lower(contract_number))`.execute(db);
  await sql`create index employee_contracts_employee_idx on employee_contracts (employee_id, start_date)`.execute(db);

  await db.schema
    .createTable('employee_records')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    // Employment change types, spec §3: Mutation 1, Promotion 2, Demotion 3, Relocation 4.
    .addColumn('change_type', 'smallint', (c) => c.notNull().check(sql`change_type between 1 and 4`))
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('from_company_office_id', 'integer', (c) => c.notNull().references('company_offices.id'))
    .addColumn('from_department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('from_division_id', 'integer', (c) => c.references('divisions.id').onDelete('set null'))
    .addColumn('from_section_id', 'integer', (c) => c.references('sections.id').onDelete('set null'))
    .addColumn('from_job_position_id', 'integer', (c) => c.references('job_positions.id').onDelete('set null'))
    .addColumn('from_job_level_id', 'integer', (c) => c.references('job_levels.id').onDelete('set null'))
    .addColumn('to_company_office_id', 'integer', (c) => c.notNull().references('company_offices.id'))
    .addColumn('to_department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('to_division_id', 'integer', (c) => c.references('divisions.id').onDelete('set null'))
    .addColumn('to_section_id', 'integer', (c) => c.references('sections.id').onDelete('set null'))
    .addColumn('to_job_position_id', 'integer', (c) => c.references('job_positions.id').onDelete('set null'))
    .addColumn('to_job_level_id', 'integer', (c) => c.references('job_levels.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index employee_records_employee_idx on employee_records (employee_id, effective_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('employee_records').execute();
  await db.schema.dropTable('employee_contracts').execute();
}
