import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Bonus/cut catalogue (issue 20 item 2; spec §2 dropdown "bonus/cuts", §7 bonusCuts lookup): named bonus and
 * cut types kept in the salary settings, picked when entering an employee's bonus/cut. A cut is never taxable
 * income; the name is unique whatever its case. An employee's bonus/cut remembers the type it was entered from
 * (`type_id`, null for a free-text one-off); it keeps its own copy of name, kind, amount and taxable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table salary_bonus_cut_types (
      id serial primary key,
      name text not null check (length(name) between 1 and 100),
      kind text not null check (kind in ('bonus', 'cut')),
      taxable boolean not null default false,
      default_amount bigint check (default_amount is null or default_amount > 0),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint salary_bonus_cut_types_cut_untaxed check (kind = 'bonus' or not taxable)
    )`.execute(db);
  await sql`create unique index salary_bonus_cut_types_name_uq on salary_bonus_cut_types (lower(name))`.execute(db);
  await sql`
    alter table salary_bonus_cuts
      add column type_id integer references salary_bonus_cut_types (id) on delete set null`.execute(db);
  await sql`create index salary_bonus_cuts_type_idx on salary_bonus_cuts (type_id) where type_id is not null`.execute(db);
}
