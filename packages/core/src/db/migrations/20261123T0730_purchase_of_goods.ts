import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Purchase of goods (issue 7): employees buy company goods on credit. An invoice per employee
 * with lines (goods, category, quantity, unit price), its total and an instalment plan
 * (months from a start period) deducted through payroll; payments (payroll or manual) pay
 * whole instalments (an instalment is paid when it has a payment). Types (of invoice) and categories (of goods) are lookups.
 *
 * Money is integer rupiah (bigint). Periods are 'yyyy-mm' text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per execute: PGlite's extended protocol takes a single statement.
  for (const statement of SCHEMA.split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

const SCHEMA = `
    create table pog_types (
      id serial primary key,
      name text not null,
      created_at timestamptz not null default now()
    );
    create unique index pog_types_name_uq on pog_types (lower(name));

    create table pog_categories (
      id serial primary key,
      name text not null,
      created_at timestamptz not null default now()
    );
    create unique index pog_categories_name_uq on pog_categories (lower(name));

    -- status: 'active' (instalments outstanding), 'paid' (every instalment paid), 'cancelled'
    create table pog_invoices (
      id serial primary key,
      invoice_number text not null,
      employee_id integer not null references employees(id),
      type_id integer not null references pog_types(id),
      invoice_date date not null,
      total bigint not null check (total > 0),
      months smallint not null check (months between 1 and 60),
      start_period text not null check (start_period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      status text not null default 'active' check (status in ('active', 'paid', 'cancelled')),
      note text,
      created_by_user_id integer references users(id),
      created_at timestamptz not null default now(),
      cancelled_by_user_id integer references users(id),
      cancelled_at timestamptz,
      cancel_note text
    );
    create unique index pog_invoices_number_uq on pog_invoices (lower(invoice_number));
    create index pog_invoices_employee_idx on pog_invoices (employee_id, status);
    create index pog_invoices_date_idx on pog_invoices (invoice_date, id);

    create table pog_invoice_lines (
      id serial primary key,
      invoice_id integer not null references pog_invoices(id),
      line_no smallint not null,
      goods text not null,
      category_id integer not null references pog_categories(id),
      quantity integer not null check (quantity > 0),
      unit_price bigint not null check (unit_price >= 0),
      amount bigint not null check (amount = quantity * unit_price)
    );
    create unique index pog_invoice_lines_uq on pog_invoice_lines (invoice_id, line_no);

    create table pog_instalments (
      id serial primary key,
      invoice_id integer not null references pog_invoices(id),
      seq smallint not null check (seq >= 1),
      period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      amount bigint not null check (amount >= 0)
    );
    create unique index pog_instalments_uq on pog_instalments (invoice_id, seq);
    create index pog_instalments_period_idx on pog_instalments (period, invoice_id);

    -- source: 'payroll' (period set) or 'manual'
    create table pog_payments (
      id serial primary key,
      invoice_id integer not null references pog_invoices(id),
      instalment_id integer not null references pog_instalments(id),
      amount bigint not null check (amount >= 0),
      source text not null check (source in ('payroll', 'manual')),
      period text,
      paid_on date not null,
      note text,
      actor_user_id integer references users(id),
      created_at timestamptz not null default now(),
      check ((source = 'payroll') = (period is not null))
    );
    -- an instalment is paid once, whoever pays it
    create unique index pog_payments_instalment_uq on pog_payments (instalment_id);
    create index pog_payments_invoice_idx on pog_payments (invoice_id, id);

    -- one payroll posting per employee and period: makes recording a payroll run idempotent
    create table pog_payroll_postings (
      employee_id integer not null references employees(id),
      period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      amount bigint not null check (amount >= 0),
      applied bigint not null check (applied >= 0),
      created_at timestamptz not null default now(),
      primary key (employee_id, period)
    )
`;
