import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedOfficeWorkers } from './testing/office-workers';
import { cliDatabase, hrInProcess as hr } from './testing/run-hr';

// `hr tax export` end to end on a real database (cliDatabase), the commands in-process (the binary's start is
// covered by cli.test.ts).
describe('hr tax export on a real database', () => {
  const database = cliDatabase('tax');
  const { dataDir, withDb } = database;

  beforeAll(async () => {
    await withDb(async ({ db }) => {
      const officeId = await seedOfficeWorkers(db);
      await sql`update employees set national_id = '3578010101900001' where employee_number = 'SBY-1'`.execute(db);
      await db.insertInto('tax_company_identity').values({ id: 1, npwp: '0953284617031000', updated_by: null }).execute();
      await db
        .insertInto('tax_office_identities')
        .values({ company_office_id: officeId, nitku: '0953284617031000000000' })
        .execute();
    });
    expect((await hr(['payroll', 'run', '--period', '2026-11'], database.env)).code).toBe(0);
    await withDb(({ db }) => sql`update payroll_runs set status = 'finalised', finalised_at = now()`.execute(db));
  });

  it('lists the employees without NIK/NPWP and exits 1; writes the XML once they have one', async () => {
    const out = path.join(dataDir, 'bpmp.xml');
    const refused = await hr(['tax', 'export', '--period', '2026-11', '--kind', 'bpmp', '--out', out], database.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('1 employee cannot be reported yet:\n  Worker 2: has no NIK and no NPWP\n');

    await withDb(({ db }) => sql`update employees set tax_id = '0123456789012345' where employee_number = 'SBY-2'`.execute(db));
    const ok = await hr(['tax', 'export', '--period', '2026-11', '--kind', 'bpmp', '--out', out], database.env);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^Wrote export #\d+ \(BPMP_2026-11_all-offices\.xml\) to /);
    const xml = readFileSync(out, 'utf8');
    expect(xml.match(/<MmPayroll>/g)).toHaveLength(2);
    expect(xml).toContain('<TIN>0953284617031000</TIN>');

    const again = await hr(['tax', 'export', '--period', '2026-11', '--kind', 'bpmp', '--out', out], database.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/was already exported as #\d+/);
    const bad = await hr(['tax', 'export', '--period', '2026-13', '--kind', 'bpmp', '--out', out], database.env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('period: must be a month yyyy-mm\n');
  });
});
