import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Issue 18 §1, Coretax e-Bupot PPh 21 (docs/coretax.md): the company's tax identity (the withholder's NPWP and
 * each office's NITKU), and every XML file exported for Coretax with the fingerprint of each slip it carried,
 * so a re-export after a correction holds only the changed slips (a pembetulan) and a filed export stays as filed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row: the company (head office) NPWP, the withholder's TIN in every file (PER-11/PJ/2025).
  await sql`create table tax_company_identity (
    id smallint primary key default 1 check (id = 1),
    npwp text not null check (npwp ~ '^[0-9]{16}$'),
    updated_by integer references users(id),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // NITKU (ID TKU) of a company office: the NPWP and a 6-digit branch code (head office 000000).
  await sql`create table tax_office_identities (
    company_office_id integer primary key references company_offices(id) on delete cascade,
    nitku text not null check (nitku ~ '^[0-9]{22}$'),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index tax_office_identities_nitku_uq on tax_office_identities (nitku)`.execute(db);

  // sequence 0 is the first ("new") export of a period, kind and office; 1, 2, … its replacements (pembetulan).
  await sql`create table tax_report_exports (
    id serial primary key,
    period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
    kind text not null check (kind in ('bpmp', 'bp21', 'bpa1')),
    company_office_id integer references company_offices(id),
    sequence integer not null default 0 check (sequence >= 0),
    status text not null default 'exported' check (status in ('exported', 'filed', 'discarded')),
    file_name text not null,
    xml text not null,
    slips integer not null,
    gross bigint not null,
    tax bigint not null,
    coretax_reference text,
    created_by integer references users(id),
    created_at timestamptz not null default now(),
    filed_by integer references users(id),
    filed_at timestamptz,
    discarded_by integer references users(id),
    discarded_at timestamptz,
    check ((status = 'filed') = (coretax_reference is not null and filed_at is not null))
  )`.execute(db);
  // Never two live exports with the same number in the chain of a period, kind and office (0 = the new one).
  await sql`create unique index tax_report_exports_chain_uq
    on tax_report_exports (period, kind, coalesce(company_office_id, 0), sequence) where status <> 'discarded'`.execute(db);
  await sql`create index tax_report_exports_period_idx on tax_report_exports (period desc, id desc)`.execute(db);

  // The slips an export carried: the fingerprint of the exported row and whether it replaces an earlier one.
  await sql`create table tax_report_export_slips (
    export_id integer not null references tax_report_exports(id) on delete cascade,
    employee_id integer not null references employees(id),
    payslip_id integer not null,
    fingerprint text not null,
    replaces boolean not null default false,
    gross bigint not null,
    tax bigint not null,
    primary key (export_id, employee_id, payslip_id)
  )`.execute(db);
  await sql`create index tax_report_export_slips_employee_idx on tax_report_export_slips (employee_id)`.execute(db);
}
