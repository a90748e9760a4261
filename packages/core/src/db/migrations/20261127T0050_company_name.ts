import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * The company's legal name (issue 19 item 8): documents such as the payslip PDF print it as "Company" (they printed
 * the employee's office, e.g. "Batam Branch"). Empty until HR sets it on the payroll settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payroll_settings add column company_name text not null default ''
    check (length(company_name) <= 150)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
