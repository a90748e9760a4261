import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Canteen (issue 8): canteens per company office, the fingerprint terminals that belong to a
 * canteen, meals with serving windows (local time of the office), a daily quota and prices, the
 * meal schedule (who eats which meal on which day), each employee's menu preference, and the
 * presences ("taking food").
 *
 * Money is integer rupiah (bigint). A presence keeps the price and subsidy of the moment it was
 * taken, so a later price change does not rewrite what payroll deducts.
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
    create table canteens (
      id serial primary key,
      company_office_id integer not null references company_offices(id),
      name text not null check (length(name) between 1 and 100),
      location text,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index canteens_office_name_uq on canteens (company_office_id, lower(name));

    -- A fingerprint terminal (by serial) belongs to at most one canteen.
    create table canteen_terminals (
      device_serial text primary key check (length(device_serial) between 1 and 64),
      canteen_id integer not null references canteens(id) on delete cascade
    );
    create index canteen_terminals_canteen_idx on canteen_terminals (canteen_id);

    -- kind: breakfast | lunch | dinner | overtime (overtime meal). Serving window in the office's
    -- local time, start before end (a window does not cross midnight). quota: presences per day,
    -- null = unlimited.
    create table canteen_meals (
      id serial primary key,
      canteen_id integer not null references canteens(id) on delete cascade,
      kind text not null check (kind in ('breakfast', 'lunch', 'dinner', 'overtime')),
      start_time time not null,
      end_time time not null,
      quota integer check (quota is null or quota > 0),
      subsidy bigint not null default 0 check (subsidy >= 0),
      employee_price bigint not null default 0 check (employee_price >= 0),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (start_time < end_time)
    );
    create unique index canteen_meals_kind_uq on canteen_meals (canteen_id, kind);

    -- One meal of a kind per employee and day (meal_kind is the kind of meal_id, kept here so the
    -- rule is a unique index).
    create table canteen_meal_schedules (
      employee_id integer not null references employees(id),
      meal_date date not null,
      meal_kind text not null check (meal_kind in ('breakfast', 'lunch', 'dinner', 'overtime')),
      meal_id integer not null references canteen_meals(id),
      created_by_user_id integer references users(id),
      created_at timestamptz not null default now(),
      primary key (employee_id, meal_date, meal_kind)
    );
    create index canteen_meal_schedules_meal_idx on canteen_meal_schedules (meal_id, meal_date);
    create index canteen_meal_schedules_date_idx on canteen_meal_schedules (meal_date, meal_kind);

    create table canteen_preferences (
      employee_id integer primary key references employees(id),
      preference text not null check (preference in ('regular', 'vegetarian', 'vegan', 'no_spicy', 'no_seafood', 'low_salt')),
      note text,
      updated_by_user_id integer references users(id),
      updated_at timestamptz not null default now()
    );

    -- source: card (card / QR scan at the kiosk), fingerprint (a punch at a canteen terminal).
    create table canteen_presences (
      id bigserial primary key,
      employee_id integer not null references employees(id),
      meal_date date not null,
      meal_kind text not null check (meal_kind in ('breakfast', 'lunch', 'dinner', 'overtime')),
      meal_id integer not null references canteen_meals(id),
      canteen_id integer not null references canteens(id),
      taken_at timestamptz not null,
      source text not null check (source in ('card', 'fingerprint')),
      device_serial text,
      preference text not null,
      employee_price bigint not null check (employee_price >= 0),
      subsidy bigint not null check (subsidy >= 0),
      recorded_by_user_id integer references users(id),
      created_at timestamptz not null default now()
    );
    -- At most once per meal per day (issue 8).
    create unique index canteen_presences_once_uq on canteen_presences (employee_id, meal_date, meal_kind);
    create index canteen_presences_meal_idx on canteen_presences (meal_id, meal_date);
    create index canteen_presences_date_idx on canteen_presences (meal_date, canteen_id)
`;
