import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Leave approval rules (issue 4): who approves whom, in sequence, and manual balance adjustments.
 *
 * - `leave_approval_rules`: one rule per leave type (or every type: null), optionally narrowed to
 *   an office and/or a department; its ordered steps are in `leave_approval_rule_steps`.
 * - A new request copies the steps of the matching rule into `leave_request_approvals`;
 *   `leave_requests.approval_steps` is their number (0 = the single-decision behaviour) and
 *   `approved_steps` how many are approved. Each step approval is one guarded
 *   `update … where status = 3 and approved_steps = <seen>`.
 * - `leave_balance_adjustments`: the ledger of HR's signed corrections to `leave_balances.adjustment`.
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
    create table leave_approval_rules (
      id serial primary key,
      -- null: every leave type without a rule of its own
      leave_type_id integer references leave_types(id) on delete cascade,
      company_office_id integer references company_offices(id) on delete cascade,
      department_id integer references departments(id) on delete cascade,
      created_by_user_id integer references users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index leave_approval_rules_uq on leave_approval_rules
      (coalesce(leave_type_id, 0), coalesce(company_office_id, 0), coalesce(department_id, 0));

    create table leave_approval_rule_steps (
      rule_id integer not null references leave_approval_rules(id) on delete cascade,
      step smallint not null check (step between 1 and 5),
      -- manager: the employee's active manager; department_head: a Department Head of the
      -- employee's department; hr: an approver with company-wide scope; employee: that person
      kind text not null check (kind in ('manager', 'department_head', 'hr', 'employee')),
      employee_id integer references employees(id) on delete cascade,
      primary key (rule_id, step),
      check ((kind = 'employee') = (employee_id is not null))
    );

    alter table leave_requests add column approval_steps smallint not null default 0 check (approval_steps between 0 and 5);
    alter table leave_requests add column approved_steps smallint not null default 0;
    alter table leave_requests add constraint leave_requests_steps_ck check (approved_steps between 0 and approval_steps);

    create table leave_request_approvals (
      request_id integer not null references leave_requests(id) on delete cascade,
      step smallint not null check (step between 1 and 5),
      kind text not null check (kind in ('manager', 'department_head', 'hr', 'employee')),
      employee_id integer references employees(id),
      status text not null default 'pending' check (status in ('pending', 'approved', 'disapproved')),
      decided_by_user_id integer references users(id),
      decided_at timestamptz,
      note text,
      primary key (request_id, step)
    );
    create index leave_request_approvals_employee_idx on leave_request_approvals (employee_id) where employee_id is not null;

    create table leave_balance_adjustments (
      id serial primary key,
      employee_id integer not null references employees(id),
      year smallint not null check (year between 1900 and 2100),
      -- signed whole or half days
      days numeric(5,1) not null check (days <> 0 and days * 2 = trunc(days * 2)),
      reason text not null check (length(reason) between 1 and 500),
      created_by_user_id integer not null references users(id),
      created_at timestamptz not null default now(),
      foreign key (employee_id, year) references leave_balances (employee_id, year)
    );
    create index leave_balance_adjustments_employee_idx on leave_balance_adjustments (employee_id, year, id)
`;
