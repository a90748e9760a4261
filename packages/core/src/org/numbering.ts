import { sql } from 'kysely';
import type { Db } from '../shared/context';
import { AppError, invalid } from '../shared/errors';
import { firstFreeNumber } from './queries';
import { formatEmployeeNumber } from './schema';

/** Largest number an ID index can hand out (the column is a 32-bit integer). */
const MAX_NUMBER = 2_147_483_646;

/**
 * The employee number for a new employee of an office, to be called inside the transaction that
 * inserts the employee. With an ID index for the office: its prefix + next number zero-padded to
 * its padding, skipping numbers already taken, and the index's next number moves past it. Without
 * one: `<office code>-NNNNN`, one more than the highest such number (the foundation scheme).
 * Allocation is serialised per office across processes (advisory lock + row lock).
 */
export async function nextEmployeeNumber(db: Db, companyOfficeId: number): Promise<string> {
  const office = await db
    .selectFrom('company_offices')
    .select(['code', 'name'])
    .where('id', '=', companyOfficeId)
    .executeTakeFirst();
  if (!office) throw invalid([{ param: 'companyOfficeId', msg: 'is not a known company office' }]);
  // Same lock key as the foundation scheme, so both paths exclude each other.
  await sql`select pg_advisory_xact_lock(${7_000_000 + companyOfficeId})`.execute(db);
  const index = await db
    .selectFrom('id_indexes')
    .select(['id', 'prefix', 'next_number', 'padding'])
    .where('company_office_id', '=', companyOfficeId)
    .forUpdate()
    .executeTakeFirst();
  if (!index) {
    const r = await db
      .selectFrom('employees')
      .select(sql<number>`coalesce(max(nullif(regexp_replace(employee_number, '^.*-', ''), '')::int), 0)::int`.as('n'))
      .where('employee_number', 'like', `${office.code}-%`)
      .where(sql<boolean>`employee_number ~ ${`^${office.code}-[0-9]+$`}`)
      .executeTakeFirstOrThrow();
    return formatEmployeeNumber(`${office.code}-`, r.n + 1, 5);
  }
  const n = await firstFreeNumber(db, index.prefix, index.next_number);
  if (n > MAX_NUMBER) {
    throw new AppError('CONFLICT', `The ID index of ${office.name} has no numbers left; change its prefix`);
  }
  await db
    .updateTable('id_indexes')
    .set({ next_number: n + 1 })
    .where('id', '=', index.id)
    .execute();
  return formatEmployeeNumber(index.prefix, n, index.padding);
}
