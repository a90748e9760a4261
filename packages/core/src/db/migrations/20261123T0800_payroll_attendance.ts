import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Payroll runs with attendance (issue 5): company settings for the absence / unpaid-leave cut
 * ("no work no pay", UU 13/2003 Pasal 93(1)) and for the proration of joiners and leavers.
 * The defaults change nothing for an employee without timesheets who neither joins nor leaves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payroll_settings
      add column absence_cut_basis text not null default 'workdays'
        check (absence_cut_basis in ('workdays', 'fixed-divisor')),
      add column absence_cut_divisor smallint not null default 21 check (absence_cut_divisor between 1 and 31),
      add column absence_cut_fixed_allowances boolean not null default false,
      add column proration_basis text not null default 'workdays'
        check (proration_basis in ('workdays', 'calendar-days'))`.execute(db);
}
