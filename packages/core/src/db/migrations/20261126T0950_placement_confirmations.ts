import { type Kysely, sql } from 'kysely';

// Frozen once landed: never import application code here. Later changes are new migrations.

/**
 * Issue 16 item 3: a placement that widens someone's permissions waits for a second person.
 * The move is applied at once; the grants of the new job position and section are withheld from
 * the employee while their confirmation `withholding` (pending, or rejected until HR moves them
 * again). At most one withholding row per employee.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table placement_confirmations (
    id serial primary key,
    employee_id integer not null references employees(id) on delete cascade,
    job_position_id integer references job_positions(id) on delete set null,
    section_id integer references sections(id) on delete set null,
    permissions_added text[] not null default '{}',
    requested_by integer not null references users(id),
    requested_at timestamptz not null default now(),
    status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'cancelled')),
    decided_by integer references users(id),
    decided_at timestamptz,
    note text,
    withholding boolean not null default true,
    -- pending always withholds; approved and cancelled never; rejected until the employee is moved again
    check (case status when 'pending' then withholding when 'rejected' then true else not withholding end)
  )`.execute(db);
  await sql`create unique index placement_confirmations_withholding_uq
    on placement_confirmations (employee_id) where withholding`.execute(db);
  await sql`create index placement_confirmations_status_idx on placement_confirmations (status, id)`.execute(db);
}
