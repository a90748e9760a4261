import { type Kysely, type RawBuilder, sql } from 'kysely';
import { audit } from '../audit/index';
import type { Grant } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite, refuseIfUsed, type Use } from '../shared/db-errors';
import { AppError, invalid } from '../shared/errors';
import { windowedPage } from '../shared/page';
import { likePattern } from '../shared/sql';
import type { Page } from '../shared/zod';
import {
  bracketProblem,
  isFixedReference,
  type LookupItem,
  listReferenceInput,
  REFERENCE_META,
  type ReferenceKind,
  type ReferenceRows,
  referenceCreateInput,
  referenceIdInput,
  referenceUpdateInput,
} from './schema';

type RefTable = 'religions' | 'education_levels' | 'marital_statuses' | 'banks' | 'countries';

/** A reference list ordered by id (the spec's codes are ids, e.g. marital status 1–5). */
export async function listReference(ctx: Ctx, table: RefTable): Promise<LookupItem[]> {
  return ctx.db.selectFrom(table).select(['id', 'name']).orderBy('id').execute();
}

export async function listPtkp(ctx: Ctx): Promise<(LookupItem & { code: string; yearlyAmount: string })[]> {
  return ctx.db
    .selectFrom('ptkp_statuses')
    .select(['id', 'name', 'code', 'yearly_amount as yearlyAmount'])
    .orderBy('id')
    .execute();
}

/** Which of the given reference ids exist, for validating foreign keys with a clear message. */
export async function referenceExists(ctx: Ctx, table: RefTable, id: number): Promise<boolean> {
  const r = await ctx.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return !!r;
}

// ---------------------------------------------------------------------------------------------
// Maintenance of the reference lists (/misc): one implementation driven by a table per kind.

interface KindTable {
  table: string;
  /** Extra columns: field name → column. */
  columns: Record<string, string>;
  /** List order (SQL), after which ids break ties. */
  order: RawBuilder<unknown>;
  /** Other fields searched besides the name. */
  search: string[];
  /** Who still uses a row: [SQL count with the id bound, singular, plural]. */
  uses?: (id: number) => [RawBuilder<number>, string, string][];
}

const byName = sql`lower(name)`;
const employeesWhere = (column: string, id: number) =>
  sql<number>`(select count(*) from employees where ${sql.ref(column)} = ${id})::int`;
const registrationsWhere = (column: string, id: number) =>
  sql<number>`(select count(*) from registrations where ${sql.ref(column)} = ${id})::int`;
/** Personal data both employees and registrations carry (religion, education level): both use the row. */
const personalDataUses =
  (column: string) =>
  (id: number): [RawBuilder<number>, string, string][] => [
    [employeesWhere(column, id), 'employee', 'employees'],
    [registrationsWhere(column, id), 'registration', 'registrations'],
  ];

const KINDS: Record<ReferenceKind, KindTable> = {
  bank: {
    table: 'banks',
    columns: { code: 'code' },
    order: byName,
    search: ['code'],
    uses: (id) => [[employeesWhere('bank_id', id), 'employee', 'employees']],
  },
  country: { table: 'countries', columns: { code: 'code' }, order: byName, search: ['code'] },
  educationLevel: {
    table: 'education_levels',
    columns: {},
    order: sql`id`,
    search: [],
    uses: personalDataUses('education_level_id'),
  },
  maritalStatus: { table: 'marital_statuses', columns: {}, order: sql`id`, search: [] },
  religion: {
    table: 'religions',
    columns: {},
    order: sql`id`,
    search: [],
    uses: personalDataUses('religion_id'),
  },
  pkp: {
    table: 'pkp',
    columns: { lowerBound: 'lower_bound', upperBound: 'upper_bound', rateBp: 'rate_bp' },
    order: sql`lower_bound`,
    search: [],
  },
  pkpSecond: {
    table: 'pkp_second',
    columns: { lowerBound: 'lower_bound', upperBound: 'upper_bound', rateBp: 'rate_bp' },
    order: sql`lower_bound`,
    search: [],
  },
  ptkp: {
    table: 'ptkp_statuses',
    columns: { code: 'code', yearlyAmount: 'yearly_amount' },
    order: sql`id`,
    search: ['code'],
    uses: (id) => [[employeesWhere('ptkp_status_id', id), 'employee', 'employees']],
  },
  company: { table: 'companies', columns: { code: 'code', address: 'address' }, order: byName, search: ['code'] },
  companySecond: {
    table: 'second_companies',
    columns: { code: 'code', address: 'address' },
    order: byName,
    search: ['code'],
  },
  fingerspotType: { table: 'fingerspot_types', columns: {}, order: byName, search: [] },
};

const selection = (k: KindTable) => [
  sql.ref('id').as('id'),
  sql.ref('name').as('name'),
  // int8 travels as a string on both drivers (money never passes through a JS float).
  ...Object.entries(k.columns).map(([field, column]) => sql.ref(column).as(field)),
];

/** Field values → column values, for the fields present. */
function toColumns(k: KindTable, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (values['name'] !== undefined) out['name'] = values['name'];
  for (const [field, column] of Object.entries(k.columns)) if (values[field] !== undefined) out[column] = values[field];
  return out;
}

function fromColumns<K extends ReferenceKind>(k: KindTable, row: Record<string, unknown>): ReferenceRows[K] {
  const out: Record<string, unknown> = { id: row['id'], name: row['name'] };
  for (const [field, column] of Object.entries(k.columns)) out[field] = row[column];
  return out as ReferenceRows[K];
}

/** The database seen with run-time table names (KINDS above is their only source). */
type LooseDb = Kysely<Record<string, Record<string, unknown>>>;
const loose = (db: Db) => db as unknown as LooseDb;
const table = (db: Db, name: string) => loose(db).selectFrom(name);

/** One reference list, paginated, searchable by name (and code where it has one). */
export async function findReference<K extends ReferenceKind>(
  ctx: Ctx,
  _grant: Grant<'org.view'>,
  kind: K,
  raw: { page?: number | string; pageSize?: number | string; search?: string | undefined },
): Promise<Page<ReferenceRows[K]>> {
  const input = listReferenceInput.parse(raw);
  const k = KINDS[kind];
  let q = table(ctx.db, k.table);
  if (input.search) {
    const like = likePattern(input.search);
    q = q.where((eb) => eb.or([eb(sql.ref('name'), 'ilike', like), ...k.search.map((c) => eb(sql.ref(c), 'ilike', like))]));
  }
  const found = (await q
    .select([...selection(k), sql<number>`(count(*) over ())::int`.as('total')])
    .orderBy(k.order)
    .orderBy(sql`id`)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .execute()) as (Record<string, unknown> & { total: number })[];
  const countAll = async () =>
    ((await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()) as { n: number }).n;
  return windowedPage(found, input, countAll, (r) => r as ReferenceRows[K]);
}

/** The whole list (lookup for selectors), in the list's order. */
export async function lookupReference<K extends ReferenceKind>(
  ctx: Ctx,
  _grant: Grant<'org.view'>,
  kind: K,
): Promise<ReferenceRows[K][]> {
  const k = KINDS[kind];
  return (await table(ctx.db, k.table).select(selection(k)).orderBy(k.order).orderBy(sql`id`).execute()) as ReferenceRows[K][];
}

function uniqueErrors(kind: ReferenceKind, values: Record<string, unknown>) {
  const k = KINDS[kind];
  const label = REFERENCE_META[kind].label;
  const onField = (param: string, message: string) => () =>
    new AppError('CONFLICT', message, { fields: [{ param, msg: 'is already used' }] });
  const code = String(values['code'] ?? '');
  return {
    [`${k.table}_name_uq`]: onField('name', `${label} ${String(values['name'] ?? '')} already exists`),
    [`${k.table}_code_uq`]: onField('code', `${label} code ${code} is already used`),
    [`${k.table}_code_key`]: onField('code', `${label} code ${code} is already used`),
  };
}

function checkBracket(kind: ReferenceKind, merged: Record<string, unknown>): void {
  if (kind !== 'pkp' && kind !== 'pkpSecond') return;
  const problem = bracketProblem(merged as { lowerBound?: string; upperBound?: string | null });
  if (problem) throw invalid([{ param: 'upperBound', msg: problem }]);
}

/** Adds a row to a reference list (not to the fixed marital statuses). */
export async function createReference<K extends ReferenceKind>(
  ctx: Ctx,
  _grant: Grant<'org.manage'>,
  kind: K,
  raw: unknown,
): Promise<ReferenceRows[K]> {
  const label = REFERENCE_META[kind].label;
  if (isFixedReference(kind))
    throw new AppError('PRECONDITION_FAILED', `${label} entries are fixed by the spec; only names can change`);
  const input = referenceCreateInput(kind).parse(raw) as Record<string, unknown>;
  const k = KINDS[kind];
  return inTransaction(ctx, async (trx) => {
    const row = (await dbWrite(
      () => loose(trx).insertInto(k.table).values(toColumns(k, input)).returningAll().executeTakeFirstOrThrow(),
      { unique: uniqueErrors(kind, input) },
    )) as Record<string, unknown>;
    const after = fromColumns<K>(k, row);
    await audit(ctx, trx, { action: `${kind}.create`, entity: kind, entityId: after.id, after });
    return after;
  });
}

/** Changes a row of a reference list; fields left out keep their values. */
export async function updateReference<K extends ReferenceKind>(
  ctx: Ctx,
  _grant: Grant<'org.manage'>,
  kind: K,
  raw: unknown,
): Promise<ReferenceRows[K]> {
  const { id, ...input } = referenceUpdateInput(kind).parse(raw) as Record<string, unknown> & { id: number };
  const k = KINDS[kind];
  return inTransaction(ctx, async (trx) => {
    const current = (await table(trx, k.table).selectAll().where(sql.ref('id'), '=', id).forUpdate().executeTakeFirst()) as
      | Record<string, unknown>
      | undefined;
    if (!current) throw new AppError('NOT_FOUND', `${REFERENCE_META[kind].label} not found`);
    const before = fromColumns<K>(k, current);
    const merged = { ...before, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
    checkBracket(kind, merged);
    const changes = toColumns(k, input);
    const row = (await dbWrite(
      () =>
        Object.keys(changes).length === 0
          ? Promise.resolve(current)
          : loose(trx).updateTable(k.table).set(changes).where(sql.ref('id'), '=', id).returningAll().executeTakeFirstOrThrow(),
      { unique: uniqueErrors(kind, merged) },
    )) as Record<string, unknown>;
    const after = fromColumns<K>(k, row);
    await audit(ctx, trx, { action: `${kind}.update`, entity: kind, entityId: id, before, after });
    return after;
  });
}

/** Deletes a row nobody uses (never a fixed marital status). */
export async function deleteReference(
  ctx: Ctx,
  _grant: Grant<'org.manage'>,
  kind: ReferenceKind,
  raw: unknown,
): Promise<{ ok: true }> {
  const label = REFERENCE_META[kind].label;
  if (isFixedReference(kind))
    throw new AppError('PRECONDITION_FAILED', `${label} entries are fixed by the spec; only names can change`);
  const { id } = referenceIdInput.parse(raw);
  const k = KINDS[kind];
  return inTransaction(ctx, async (trx) => {
    const current = (await table(trx, k.table).selectAll().where(sql.ref('id'), '=', id).forUpdate().executeTakeFirst()) as
      | Record<string, unknown>
      | undefined;
    if (!current) throw new AppError('NOT_FOUND', `${label} not found`);
    const before = fromColumns(k, current);
    const uses = k.uses?.(id) ?? [];
    if (uses.length) {
      const counts = (await trx.selectNoFrom(uses.map(([expr], i) => expr.as(`n${i}`))).executeTakeFirstOrThrow()) as Record<
        string,
        number
      >;
      refuseIfUsed(
        `${label} ${before.name}`,
        uses.map(([, one, many], i): Use => [counts[`n${i}`] ?? 0, one, many]),
      );
    }
    await dbWrite(() => loose(trx).deleteFrom(k.table).where(sql.ref('id'), '=', id).execute(), {
      onForeignKey: () =>
        new AppError('CONFLICT', `${label} ${before.name} is still in use`, { detail: 'Move or delete what uses it first.' }),
    });
    await audit(ctx, trx, { action: `${kind}.delete`, entity: kind, entityId: id, before });
    return { ok: true as const };
  });
}
