import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Issue 16 item 8 (payroll part): the password of an employee's e-mailed payslip PDFs, chosen by the
 * employee on their own payslip page. It must be usable at encryption time, so it is kept as given, in a
 * table of its own that no list or detail reads; no procedure returns it, not even to its employee.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payslip_pdf_passwords (
      employee_id integer primary key references employees(id) on delete cascade,
      password text not null check (char_length(password) between 8 and 64),
      updated_at timestamptz not null default now()
    )`.execute(db);
}
