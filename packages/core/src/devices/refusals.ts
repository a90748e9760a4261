import { sql } from 'kysely';
import type { Db } from '../shared/context';
import type { DeviceRefusal, DeviceRefusalKind } from './schema';

/*
 * Refusals per terminal (issue 19 item 18, issue 21 part 3): what was sent for a terminal and not
 * stored, counted per kind and source, so that /developer/fingerspot/{id}/detail shows it. Before
 * this, a punch refused at ingest left one line in the agent's log and nothing on the server.
 */

export interface RefusalReport {
  /** The terminal the refused punches or requests were for. */
  serial: string;
  kind: DeviceRefusalKind;
  /** Who sent them (a credential's name and client id, or a caller's address). */
  source: string;
  /** credential-bound-elsewhere: the terminal the credential is bound to. */
  boundSerial?: string | null;
  /** Punches in the refused request(s). */
  punches: number;
  message: string;
  at: Date;
}

/**
 * Sources kept apart per terminal and kind; beyond this, new sources are counted together as
 * OTHER_SOURCES (callers of the webhook are unauthenticated: many addresses must not grow the table).
 */
export const MAX_REFUSAL_SOURCES = 50;
const OTHER_SOURCES = 'other sources';

/** Counts one refused request (and its punches) against its terminal, kind and source. */
export async function recordDeviceRefusal(db: Db, r: RefusalReport): Promise<void> {
  const serial = r.serial.trim().slice(0, 64);
  if (!serial) return;
  const given = r.source.trim().slice(0, 200) || 'unknown';
  const known = await sql<{ known: boolean; sources: number }>`
    select bool_or(source = ${given}) as known, count(*)::int as sources
    from device_refusals where device_serial = ${serial} and kind = ${r.kind}`.execute(db);
  const k = known.rows[0];
  const source = k?.known || (k?.sources ?? 0) < MAX_REFUSAL_SOURCES ? given : OTHER_SOURCES;
  const bound = r.boundSerial?.trim().slice(0, 64) || null;
  const at = r.at.toISOString();
  await sql`
    insert into device_refusals (device_serial, kind, source, bound_serial, first_at, last_at, times, punches, last_message)
    values (${serial}, ${r.kind}, ${source}, ${bound}, ${at}::timestamptz, ${at}::timestamptz, 1,
      ${Math.max(0, Math.trunc(r.punches))}, ${r.message.slice(0, 300)})
    on conflict (device_serial, kind, source) do update set
      bound_serial = coalesce(excluded.bound_serial, device_refusals.bound_serial),
      last_at = greatest(device_refusals.last_at, excluded.last_at),
      times = device_refusals.times + 1,
      punches = device_refusals.punches + excluded.punches,
      last_message = excluded.last_message`.execute(db);
}

/**
 * The refusals that concern a terminal, newest first: those for its serial, and those of a
 * credential bound to it that tried to upload another terminal's punches.
 */
export async function listRefusals(db: Db, serial: string): Promise<DeviceRefusal[]> {
  const r = await sql<Omit<DeviceRefusal, 'times' | 'punches'> & { times: string; punches: string }>`
    select id::text as id, kind, device_serial as "deviceSerial", source, bound_serial as "boundSerial",
      to_char(first_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "firstAt",
      to_char(last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "lastAt",
      times::text as times, punches::text as punches, last_message as "lastMessage"
    from device_refusals
    where device_serial = ${serial} or bound_serial = ${serial}
    order by last_at desc, id desc
    limit 50`.execute(db);
  return r.rows.map((x) => ({ ...x, times: Number(x.times), punches: Number(x.punches) }));
}
