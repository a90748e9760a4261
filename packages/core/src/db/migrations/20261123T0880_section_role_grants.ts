import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Roles assigned to section-departments (spec §6: "Roles are assigned to employees, job positions
 * and section-departments"): a grant's subject may be a section; everyone placed in it holds the role.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table permission_grants drop constraint permission_grants_subject_type_check`.execute(db);
  await sql`alter table permission_grants add constraint permission_grants_subject_type_check
    check (subject_type in ('employee', 'job_position', 'section'))`.execute(db);
  await sql`alter table permission_grants add constraint permission_grants_section_roles_only
    check (subject_type <> 'section' or grant_kind = 'role')`.execute(db);
}
