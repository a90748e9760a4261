import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Data versions (issue 22): a named counter per set of tables that a per-process read cache depends on,
 * bumped in the same transaction as any change to those tables. A cached read is served only while the
 * version a statement started after the request reads is the one the entry was stored under
 * (shared/freshness.ts), so no process ever serves a read older than the request.
 *
 * `employee_list`: what `GET /v2/h/employee/all` shows and whom it shows to (employees' listed and scope
 * columns, the office, department, division and job position names, managers).
 *
 * The bump runs at commit (a deferred constraint trigger, once per transaction and version: the per-transaction
 * setting `hr.bumped_<name>` skips the rest), so the version row is locked last and briefly: two transactions
 * that change employees cannot deadlock on it, which a per-statement bump could (each holding the row while
 * waiting for a row the other changed). A truncate, which constraint triggers do not see, bumps at once.
 * The value is the commit's microseconds since 1970 (or the previous value + 1 if the clock is behind), so a
 * database restored from a backup never repeats a version a running process has cached under another state.
 * The table stays empty until the first change, so a freshly migrated database still counts as empty for
 * `hr db restore`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table data_versions (
      name text primary key,
      v bigint not null
    )`.execute(db);
  await sql`
    create function bump_data_version() returns trigger language plpgsql as $$
    declare
      flag text := 'hr.bumped_' || tg_argv[0];
    begin
      if tg_level = 'ROW' and coalesce(current_setting(flag, true), '') = '1' then
        return null;
      end if;
      insert into data_versions as d (name, v)
        values (tg_argv[0], (extract(epoch from clock_timestamp()) * 1000000)::bigint)
        on conflict (name) do update
          set v = greatest(d.v + 1, (extract(epoch from clock_timestamp()) * 1000000)::bigint);
      if tg_level = 'ROW' then
        perform set_config(flag, '1', true);
      end if;
      return null;
    end $$`.execute(db);
  const listed: [string, string[] | null][] = [
    [
      'employees',
      [
        'employee_number',
        'given_name',
        'surname',
        'email',
        'gender',
        'company_office_id',
        'department_id',
        'division_id',
        'job_position_id',
        'entry_date',
        'resigned',
      ],
    ],
    ['company_offices', ['name']],
    ['departments', ['name']],
    ['divisions', ['name']],
    ['job_positions', ['name']],
    ['employee_managers', null],
  ];
  for (const [table, columns] of listed) {
    const update = columns ? sql`update of ${sql.join(columns.map((c) => sql.id(c)))}` : sql`update`;
    await sql`
      create constraint trigger ${sql.id(`${table}_employee_list_version`)}
      after insert or delete or ${update} on ${sql.id(table)}
      deferrable initially deferred
      for each row execute function bump_data_version('employee_list')`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_employee_list_version_truncate`)}
      after truncate on ${sql.id(table)}
      for each statement execute function bump_data_version('employee_list')`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
