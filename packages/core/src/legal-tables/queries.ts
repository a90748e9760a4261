import { sql } from 'kysely';
import type { Db } from '../shared/context';
import type { LegalRow } from './catalogue';

/** A stored row as the screen shows it. `value` is normalised ('12000000', '0.445'). */
export interface LegalValueRow extends LegalRow {
  id: number;
  usedAt: Date | null;
  usedBy: string | null;
  createdAt: Date;
}

/** numeric text without trailing zeros ('0.240000' → '0.24', '12000000.000000' → '12000000'). */
const trimDecimal = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

const columns = [
  'id',
  'key',
  'region',
  sql<string>`value::text`.as('value'),
  sql<string>`to_char(valid_from, 'YYYY-MM-DD')`.as('valid_from'),
  sql<string | null>`to_char(valid_to, 'YYYY-MM-DD')`.as('valid_to'),
  'source',
  'note',
  'used_at',
  'used_by',
  'created_at',
] as const;

type Raw = {
  id: number;
  key: string;
  region: string | null;
  value: string;
  valid_from: string;
  valid_to: string | null;
  source: string;
  note: string | null;
  used_at: Date | null;
  used_by: string | null;
  created_at: Date;
};
const toRow = (r: Raw): LegalValueRow => ({
  id: r.id,
  key: r.key,
  region: r.region,
  value: trimDecimal(r.value),
  validFrom: r.valid_from,
  validTo: r.valid_to,
  source: r.source,
  note: r.note,
  usedAt: r.used_at,
  usedBy: r.used_by,
  createdAt: r.created_at,
});

/** Every row (optionally of one key / region), by key, region, valid-from. The table is small (tens of rows a year). */
export async function queryLegalValues(db: Db, f: { key?: string; region?: string | null } = {}): Promise<LegalValueRow[]> {
  let q = db.selectFrom('legal_values').select(columns);
  if (f.key) q = q.where('key', '=', f.key);
  if (f.region) q = q.where('region', '=', f.region);
  const rows = await q.orderBy('key').orderBy(sql`coalesce(region, '')`).orderBy('valid_from').execute();
  return rows.map((r) => toRow(r as Raw));
}

export async function queryLegalValue(db: Db, id: number): Promise<LegalValueRow | undefined> {
  const r = await db.selectFrom('legal_values').select(columns).where('id', '=', id).executeTakeFirst();
  return r && toRow(r as Raw);
}

/** The latest valid-from of a key and region, if any. */
export async function queryLatestValidFrom(db: Db, key: string, region: string | null): Promise<string | null> {
  const r = await db
    .selectFrom('legal_values')
    .select(sql<string | null>`to_char(max(valid_from), 'YYYY-MM-DD')`.as('latest'))
    .where('key', '=', key)
    .where(sql<boolean>`coalesce(region, '') = ${region ?? ''}`)
    .executeTakeFirst();
  return r?.latest ?? null;
}

/**
 * Marks the rows in force on a pay date as used by a finalised run (they can no longer be deleted). In force: valid
 * on the date and the latest valid-from of its key and region among those (the row the engine resolved).
 */
export async function markLegalValuesUsed(db: Db, payDate: string, by: string): Promise<void> {
  await sql`
    update legal_values v set used_at = now(), used_by = ${by}
    where v.used_at is null
      and v.id in (
        select distinct on (key, coalesce(region, '')) id from legal_values
        where valid_from <= ${payDate}::date and (valid_to is null or valid_to >= ${payDate}::date)
        order by key, coalesce(region, ''), valid_from desc)`.execute(db);
}
