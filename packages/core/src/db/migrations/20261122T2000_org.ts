import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

type TB = CreateTableBuilder<string, never>;

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Organisation and reference data (issue 3): the employee-number scheme per office (ID index),
 * case-insensitive name uniqueness inside each parent, indexes for "is it still in use?" counts,
 * and the reference tables that did not exist yet (PKP, second PKP, companies, second companies,
 * fingerspot types).
 */
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

  // Employee numbers of one office: prefix + next number zero-padded to `padding` digits.
  await db.schema
    .createTable('id_indexes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_office_id', 'integer', (c) => c.notNull().unique().references('company_offices.id').onDelete('cascade'))
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('next_number', 'integer', (c) => c.notNull().defaultTo(1).check(sql`next_number >= 1`))
    .addColumn('padding', 'smallint', (c) => c.notNull().defaultTo(5).check(sql`padding between 1 and 12`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // "Finance" and "finance" in one office are the same department (likewise below).
  await sql`alter table departments drop constraint departments_office_name_uq`.execute(db);
  await sql`create unique index departments_office_name_uq on departments (company_office_id, lower(name))`.execute(db);
  await sql`alter table divisions drop constraint divisions_department_name_uq`.execute(db);
  await sql`create unique index divisions_department_name_uq on divisions (department_id, lower(name))`.execute(db);
  await sql`alter table sections drop constraint sections_division_name_uq`.execute(db);
  await sql`create unique index sections_division_name_uq on sections (division_id, lower(name))`.execute(db);
  // A position's title is unique where it sits (department, division, section); the same title may
  // exist in another office or department ("Payroll Staff" in Jakarta and in Surabaya).
  await sql`create unique index job_positions_placement_name_uq
    on job_positions (department_id, coalesce(division_id, 0), coalesce(section_id, 0), lower(name))`.execute(db);
  await sql`create unique index banks_code_uq on banks (lower(code)) where code is not null`.execute(db);
  await sql`create unique index countries_code_uq on countries (lower(code)) where code is not null`.execute(db);

  // Usage counts (delete refusal, org chart) look employees and children up by parent.
  await sql`create index employees_department_idx on employees (department_id)`.execute(db);
  await sql`create index employees_division_idx on employees (division_id)`.execute(db);
  await sql`create index employees_section_idx on employees (section_id)`.execute(db);
  await sql`create index employees_job_position_idx on employees (job_position_id)`.execute(db);
  await sql`create index employees_job_level_idx on employees (job_level_id)`.execute(db);
  await sql`create index divisions_department_idx on divisions (department_id)`.execute(db);
  await sql`create index sections_department_idx on sections (department_id)`.execute(db);
  await sql`create index job_positions_department_idx on job_positions (department_id)`.execute(db);
  await sql`create index job_positions_section_idx on job_positions (section_id)`.execute(db);

  // PKP (taxable income) brackets: lower bound inclusive, upper bound exclusive (null: no upper
  // bound), rate in basis points. Amounts in integer rupiah per year.
  const bracket = (name: string) => (t: TB) =>
    t
      .addColumn('lower_bound', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`lower_bound >= 0`))
      .addColumn('upper_bound', 'bigint')
      .addColumn('rate_bp', 'integer', (c) => c.notNull().check(sql`rate_bp between 0 and 10000`))
      .addCheckConstraint(`${name}_bounds_ck`, sql`upper_bound is null or upper_bound > lower_bound`);
  await ref('pkp', bracket('pkp'));
  await ref('pkp_second', bracket('pkp_second'));
  // PPh 21 brackets of UU 7/2021 (HPP) Pasal 17 ayat (1) huruf a, in force since tax year 2022.
  await sql`insert into pkp (name, lower_bound, upper_bound, rate_bp) values
    ('Layer 1 (5%)', 0, 60000000, 500),
    ('Layer 2 (15%)', 60000000, 250000000, 1500),
    ('Layer 3 (25%)', 250000000, 500000000, 2500),
    ('Layer 4 (30%)', 500000000, 5000000000, 3000),
    ('Layer 5 (35%)', 5000000000, null, 3500)`.execute(db);

  const company = (t: TB) => t.addColumn('code', 'text').addColumn('address', 'text');
  await ref('companies', company);
  await ref('second_companies', company);
  await sql`create unique index companies_code_uq on companies (lower(code)) where code is not null`.execute(db);
  await sql`create unique index second_companies_code_uq on second_companies (lower(code)) where code is not null`.execute(db);
  await ref('fingerspot_types');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
