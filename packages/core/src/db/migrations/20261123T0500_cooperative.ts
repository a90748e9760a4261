import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Cooperative (koperasi, issue 8): settings (one row), members (one per employee), a ledger of
 * every savings movement per member and product (principal / mandatory / voluntary), withdrawal
 * requests with their decision history and supporting files (stored as bytea).
 *
 * Money is integer rupiah (bigint). Balances are never stored: they are sums over the ledger
 * (running balance by a window function), so they cannot drift.
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
    create table cooperative_settings (
      id smallint primary key default 1 check (id = 1),
      principal_amount bigint not null default 0 check (principal_amount >= 0),
      mandatory_amount bigint not null default 0 check (mandatory_amount >= 0),
      withdrawable_principal boolean not null default false,
      withdrawable_mandatory boolean not null default false,
      withdrawable_voluntary boolean not null default true,
      approval_steps smallint not null default 1 check (approval_steps in (1, 2)),
      updated_by_user_id integer references users(id),
      updated_at timestamptz not null default now()
    );
    insert into cooperative_settings (id) values (1);

    -- status: 1 active, 0 inactive (an inactive member keeps the ledger but gets no deductions).
    create table cooperative_members (
      id serial primary key,
      employee_id integer not null references employees(id),
      join_date date not null,
      status smallint not null default 1 check (status in (0, 1)),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index cooperative_members_employee_uq on cooperative_members (employee_id);

    create table cooperative_withdrawals (
      id serial primary key,
      member_id integer not null references cooperative_members(id),
      amount bigint not null check (amount > 0),
      reason text not null,
      -- spec §3 Request status: Approved 1, Disapproved 2, Pending 3, Cancel 4
      status smallint not null default 3 check (status in (1, 2, 3, 4)),
      -- approvals given so far (a two-step chain stays Pending after the first)
      approvals smallint not null default 0 check (approvals between 0 and 2),
      first_approver_user_id integer references users(id),
      requester_user_id integer not null references users(id),
      decided_by_user_id integer references users(id),
      decided_at timestamptz,
      decision_note text,
      created_at timestamptz not null default now()
    );
    create index cooperative_withdrawals_member_idx on cooperative_withdrawals (member_id, status);
    create index cooperative_withdrawals_status_idx on cooperative_withdrawals (status, created_at);

    create table cooperative_ledger (
      id bigserial primary key,
      member_id integer not null references cooperative_members(id),
      product text not null check (product in ('principal', 'mandatory', 'voluntary')),
      kind text not null check (kind in ('deposit', 'payroll', 'withdrawal')),
      -- signed rupiah: deposits and deductions positive, withdrawals negative
      amount bigint not null check (amount <> 0),
      entry_date date not null,
      -- 'YYYY-MM' of a payroll deduction
      period text,
      withdrawal_id integer references cooperative_withdrawals(id),
      note text,
      actor_user_id integer references users(id),
      created_at timestamptz not null default now(),
      check ((kind = 'withdrawal') = (amount < 0)),
      check ((kind = 'payroll') = (period is not null))
    );
    create index cooperative_ledger_member_idx on cooperative_ledger (member_id, entry_date, id);
    -- payroll books a member's mandatory saving once per period
    create unique index cooperative_ledger_payroll_uq on cooperative_ledger (member_id, period) where kind = 'payroll';
    -- the principal saving is paid once
    create unique index cooperative_ledger_principal_uq on cooperative_ledger (member_id) where product = 'principal' and kind <> 'withdrawal';

    create table cooperative_withdrawal_history (
      id bigserial primary key,
      withdrawal_id integer not null references cooperative_withdrawals(id),
      action text not null check (action in ('requested', 'approved', 'disapproved', 'cancelled')),
      step smallint,
      from_status smallint,
      to_status smallint not null,
      note text,
      actor_user_id integer not null references users(id),
      created_at timestamptz not null default now()
    );
    create index cooperative_withdrawal_history_idx on cooperative_withdrawal_history (withdrawal_id, id);

    create table cooperative_withdrawal_files (
      id serial primary key,
      withdrawal_id integer not null references cooperative_withdrawals(id),
      name text not null,
      mime text not null check (mime in ('application/pdf', 'image/jpeg', 'image/png')),
      size integer not null check (size > 0 and size <= 5242880),
      content bytea not null,
      uploaded_by_user_id integer not null references users(id),
      deleted_at timestamptz,
      deleted_by_user_id integer references users(id),
      created_at timestamptz not null default now()
    );
    create index cooperative_withdrawal_files_idx on cooperative_withdrawal_files (withdrawal_id)
`;
