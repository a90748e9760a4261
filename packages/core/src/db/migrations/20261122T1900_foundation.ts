import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

type TB = CreateTableBuilder<string, never>;

// Frozen: never import application code here. Later changes are new migrations.

export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = async (name: string, extra?: (t: TB) => TB) => {
    let b: TB = db.schema
      .createTable(name)
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
    if (extra) b = extra(b);
    await b.execute();
    await sql`create unique index ${sql.id(`${name}_name_uq`)} on ${sql.id(name)} (lower(name))`.execute(db);
  };

  await ref('religions');
  await ref('education_levels');
  // Marital status ids are the spec's codes (married 1 … unmarried 5); inserted with explicit ids.
  await ref('marital_statuses');
  await ref('banks', (t) => t.addColumn('code', 'text'));
  await ref('countries', (t) => t.addColumn('code', 'text'));
  // PTKP (non-taxable income) statuses with the yearly amount in rupiah (PMK 101/2016).
  await ref('ptkp_statuses', (t) =>
    t.addColumn('code', 'text', (c) => c.notNull().unique()).addColumn('yearly_amount', 'bigint', (c) => c.notNull()),
  );

  await ref('company_offices', (t) =>
    t
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('address', 'text')
      .addColumn('city', 'text')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`)),
  );
  await db.schema
    .createTable('departments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_office_id', 'integer', (c) => c.notNull().references('company_offices.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('departments_office_name_uq', ['company_office_id', 'name'])
    .execute();
  await db.schema
    .createTable('divisions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_office_id', 'integer', (c) => c.notNull().references('company_offices.id'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('divisions_department_name_uq', ['department_id', 'name'])
    .execute();
  await db.schema
    .createTable('sections')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_office_id', 'integer', (c) => c.notNull().references('company_offices.id'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
    .addColumn('division_id', 'integer', (c) => c.notNull().references('divisions.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sections_division_name_uq', ['division_id', 'name'])
    .execute();
  await ref('job_levels', (t) => t.addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0)));
  await db.schema
    .createTable('job_positions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('company_office_id', 'integer', (c) => c.notNull().references('company_offices.id'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
    .addColumn('division_id', 'integer', (c) => c.references('divisions.id'))
    .addColumn('section_id', 'integer', (c) => c.references('sections.id'))
    .addColumn('job_level_id', 'integer', (c) => c.references('job_levels.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('employees')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('employee_number', 'text', (c) => c.notNull().unique())
    .addColumn('given_name', 'text', (c) => c.notNull())
    .addColumn('surname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull().check(sql`gender in ('Male','Female')`))
    .addColumn('birth_date', 'date', (c) => c.notNull())
    .addColumn('religion_id', 'integer', (c) => c.notNull().references('religions.id'))
    .addColumn('education_level_id', 'integer', (c) => c.notNull().references('education_levels.id'))
    .addColumn('marital_status_id', 'integer', (c) => c.notNull().references('marital_statuses.id'))
    .addColumn('ptkp_status_id', 'integer', (c) => c.references('ptkp_statuses.id'))
    .addColumn('bank_id', 'integer', (c) => c.references('banks.id'))
    .addColumn('bank_account_number', 'text')
    .addColumn('phone', 'text')
    .addColumn('company_office_id', 'integer', (c) => c.notNull().references('company_offices.id'))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('division_id', 'integer', (c) => c.references('divisions.id'))
    .addColumn('section_id', 'integer', (c) => c.references('sections.id'))
    .addColumn('job_position_id', 'integer', (c) => c.references('job_positions.id'))
    .addColumn('job_level_id', 'integer', (c) => c.references('job_levels.id'))
    // Contract (employment) type, spec §3: training=1, internship=2, Freelance=3, Contracted=4, Permanent=5.
    .addColumn('contract_type', 'smallint', (c) => c.check(sql`contract_type between 1 and 5`))
    .addColumn('entry_date', 'date', (c) => c.notNull().defaultTo(sql`current_date`))
    .addColumn('first_join_date', 'date')
    .addColumn('contract_start_date', 'date')
    .addColumn('annual_leave_date', 'date')
    // Resigned/working, spec §3: Resigned=1, Work=0.
    .addColumn('resigned', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`resigned in (0,1)`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index employees_email_uq on employees (lower(email))`.execute(db);
  await sql`create index employees_scope_idx on employees (company_office_id, department_id, division_id)`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('employee_id', 'integer', (c) => c.references('employees.id').unique())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_uq on users (lower(email))`.execute(db);
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('oauth_client_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index login_attempts_email_at_idx on login_attempts (lower(email), at desc)`.execute(db);
  await db.schema
    .createTable('oauth_clients')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  // Grants of a permission key or a role to an employee or a job position. Pending (3) until a
  // second person approves (1); unassigning is recorded as revoked_at; cancel = Cancel (4).
  await db.schema
    .createTable('permission_grants')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('subject_type', 'text', (c) => c.notNull().check(sql`subject_type in ('employee','job_position')`))
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('grant_kind', 'text', (c) => c.notNull().check(sql`grant_kind in ('permission','role')`))
    .addColumn('grant_key', 'text', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(3).check(sql`status in (1,2,3,4)`))
    .addColumn('requested_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id'))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create unique index permission_grants_live_uq on permission_grants (subject_type, subject_id, grant_kind, grant_key) where revoked_at is null and status in (1,3)`.execute(
    db,
  );

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('given_name', 'text', (c) => c.notNull())
    .addColumn('surname', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'date', (c) => c.notNull())
    .addColumn('religion_id', 'integer', (c) => c.notNull().references('religions.id'))
    .addColumn('education_level_id', 'integer', (c) => c.notNull().references('education_levels.id'))
    .addColumn('marital_status_id', 'integer', (c) => c.notNull().references('marital_statuses.id'))
    // Approval status, spec §3: Approved=1, Disapproved=2, Pending=3.
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(3).check(sql`status in (1,2,3)`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decision_note', 'text')
    .addColumn('employee_id', 'integer', (c) => c.references('employees.id'))
    .execute();
  await sql`create unique index registrations_pending_email_uq on registrations (lower(email)) where status = 3`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_user_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('request_id', 'text')
    .execute();
  await sql`create index audit_log_entity_idx on audit_log (entity, entity_id)`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at desc)`.execute(db);

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
