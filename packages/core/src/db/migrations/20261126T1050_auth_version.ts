import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * The permissions version (issue 22): one counter that every change to what a login may do bumps, in
 * the same transaction as the change, by statement triggers, so that no code path can forget it. A
 * server process caches a session's resolved actor with the version it was built at and checks the
 * version with the session row on every request (one indexed lookup): a revocation committed by any
 * process holds at the next request on every process.
 *
 * What the actor is made of (auth/service.ts actorQuery): the login (email, active, one-time password,
 * employee), the employee's placement (office, department, division, job position, section, resigned),
 * account roles, permission grants, withheld placements, approved resignations, OAuth clients and the
 * terminal a client is bound to. Only the columns that matter fire on update: `users.last_login_at`
 * (every sign-in) and a terminal's status do not invalidate anyone. The table stays empty (version 0)
 * until the first change, so a freshly migrated database still counts as empty for `hr db restore`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table auth_version (
      id boolean primary key default true check (id),
      v bigint not null
    )`.execute(db);
  await sql`
    create function bump_auth_version() returns trigger language plpgsql as $$
    begin
      insert into auth_version (id, v) values (true, 1)
        on conflict (id) do update set v = auth_version.v + 1;
      return null;
    end $$`.execute(db);
  const every = ['user_roles', 'permission_grants', 'placement_confirmations', 'employee_resignations', 'oauth_clients'];
  for (const table of every) {
    await sql`
      create trigger ${sql.id(`${table}_auth_version`)}
      after insert or update or delete or truncate on ${sql.id(table)}
      for each statement execute function bump_auth_version()`.execute(db);
  }
  const someColumns: [string, string[]][] = [
    ['users', ['email', 'active', 'must_change_password', 'employee_id']],
    ['employees', ['company_office_id', 'department_id', 'division_id', 'job_position_id', 'section_id', 'resigned']],
    ['fingerspot_devices', ['serial']],
  ];
  for (const [table, columns] of someColumns) {
    await sql`
      create trigger ${sql.id(`${table}_auth_version`)}
      after insert or delete or truncate or update of ${sql.join(columns.map((c) => sql.id(c)))} on ${sql.id(table)}
      for each statement execute function bump_auth_version()`.execute(db);
  }
}
