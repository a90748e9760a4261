import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Payroll books the principal saving (simpanan pokok) too, once per member (issue 19 item 16), beside the
 * month's mandatory saving: a member's payroll entries are unique per product and period, no longer per
 * period alone. The principal stays unique per member (cooperative_ledger_principal_uq).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index cooperative_ledger_payroll_uq`.execute(db);
  await sql`create unique index cooperative_ledger_payroll_uq on cooperative_ledger (member_id, product, period) where kind = 'payroll'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from cooperative_ledger where kind = 'payroll' and product = 'principal'`.execute(db);
  await sql`drop index cooperative_ledger_payroll_uq`.execute(db);
  await sql`create unique index cooperative_ledger_payroll_uq on cooperative_ledger (member_id, period) where kind = 'payroll'`.execute(
    db,
  );
}
