import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Contract files and second contracts (issue 3, spec §3 "contract (with … file upload) … second
 * contract", §7 `employee/secondContract`), and recruitment.
 *
 * A contract may carry one file (PDF or image). A second contract is a concurrent contract of the
 * employee with a second company (reference data `second_companies`): it lives in its own table so
 * that payroll, which reads `employee_contracts`, is unaffected; its periods must not overlap each
 * other, but they may overlap the main contracts.
 *
 * Recruitment (issue 3, `/employee/recruitment`): applicants entered by HR or taken over from a
 * self-registration, moved through stages (applied → interview → offered → hired | rejected),
 * with notes, an optional CV file, and, on hire, the employee record they became.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table employee_contracts
      add column file_name text,
      add column file_content_type text check (file_content_type in ('application/pdf', 'image/png', 'image/jpeg')),
      add column file_size integer check (file_size > 0),
      add column file_content bytea,
      add column file_uploaded_at timestamptz
  `.execute(db);
  await sql`
    create table employee_second_contracts (
      id serial primary key,
      employee_id integer not null references employees(id) on delete cascade,
      second_company_id integer not null references second_companies(id),
      contract_number text not null,
      contract_type smallint not null check (contract_type between 1 and 5),
      start_date date not null,
      end_date date,
      basic_salary bigint not null check (basic_salary >= 0),
      notes text,
      file_name text,
      file_content_type text check (file_content_type in ('application/pdf', 'image/png', 'image/jpeg')),
      file_size integer check (file_size > 0),
      file_content bytea,
      file_uploaded_at timestamptz,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint employee_second_contracts_dates check (end_date is null or end_date >= start_date),
      constraint employee_second_contracts_end check (end_date is not null or contract_type = 5)
    )
  `.execute(db);
  await sql`create unique index employee_second_contracts_number_uq on employee_second_contracts (lower(contract_number))`.execute(
    db,
  );
  await sql`create index employee_second_contracts_employee_idx on employee_second_contracts (employee_id, start_date)`.execute(
    db,
  );
  await sql`create index employee_second_contracts_company_idx on employee_second_contracts (second_company_id)`.execute(db);

  await sql`
    create table recruitment_applicants (
      id serial primary key,
      source text not null check (source in ('manual', 'registration')),
      registration_id integer unique references registrations(id) on delete set null,
      given_name text not null,
      surname text not null default '',
      email text not null,
      phone text,
      gender text check (gender in ('Male', 'Female')),
      birth_date date,
      religion_id integer references religions(id),
      education_level_id integer references education_levels(id),
      marital_status_id integer references marital_statuses(id),
      company_office_id integer not null references company_offices(id),
      job_position_id integer references job_positions(id),
      position_applied text not null,
      stage text not null default 'applied'
        check (stage in ('applied', 'interview', 'offered', 'hired', 'rejected')),
      cv_file_name text,
      cv_content_type text,
      cv_size integer check (cv_size > 0),
      cv_content bytea,
      employee_id integer unique references employees(id) on delete set null,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      hired_by integer references users(id) on delete set null,
      hired_at timestamptz,
      check ((stage = 'hired') = (hired_at is not null))
    )
  `.execute(db);
  // One open application per e-mail address; hired and rejected ones are history.
  await sql`
    create unique index recruitment_applicants_open_email_uq on recruitment_applicants (lower(email))
    where stage not in ('hired', 'rejected')
  `.execute(db);
  await sql`create index recruitment_applicants_stage_idx on recruitment_applicants (stage, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index recruitment_applicants_office_idx on recruitment_applicants (company_office_id)`.execute(db);
  await sql`create index recruitment_applicants_position_idx on recruitment_applicants (job_position_id)`.execute(db);
  // Notes and stage moves, oldest first: the applicant's history.
  await sql`
    create table recruitment_notes (
      id serial primary key,
      applicant_id integer not null references recruitment_applicants(id) on delete cascade,
      stage text check (stage in ('applied', 'interview', 'offered', 'hired', 'rejected')),
      note text,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      check (stage is not null or note is not null)
    )
  `.execute(db);
  await sql`create index recruitment_notes_applicant_idx on recruitment_notes (applicant_id, id)`.execute(db);
}
