import type { DbHandle } from '@hr/core/db';
import { ensureReferenceData } from '@hr/core/seed';
import { sql } from 'kysely';

/** Test helper: reference data and an office `code` named `name` (no address). Returns the office id. */
export async function seedOffice(db: DbHandle['db'], code: string, name: string): Promise<number> {
  await ensureReferenceData(db);
  const office = await db
    .insertInto('company_offices')
    .values({ code, name, address: null, city: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return office.id;
}

/**
 * Test helper: reference data, the office Surabaya (SBY) and two employees SBY-1, SBY-2 with open-ended contracts
 * of 5,000,000 and 6,000,000 (set-based, like a real import). Returns the office id.
 */
export async function seedOfficeWorkers(db: DbHandle['db']): Promise<number> {
  const officeId = await seedOffice(db, 'SBY', 'Surabaya');
  await sql`
    insert into employees (employee_number, given_name, surname, email, gender, birth_date, religion_id,
      education_level_id, marital_status_id, company_office_id, entry_date)
    select 'SBY-' || g, 'Worker', g::text, 'w' || g || '@test.co.id', 'Male', '1990-01-01', 1, 1, 1, ${officeId}, '2025-01-01'
    from generate_series(1, 2) g`.execute(db);
  await sql`
    insert into employee_contracts (employee_id, contract_number, contract_type, start_date, basic_salary)
    select id, 'K-' || id, 5, '2025-01-01', 4000000 + 1000000 * row_number() over (order by id) from employees`.execute(db);
  return officeId;
}
