import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { seedOffice } from './testing/office-workers';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliDatabase, hrInProcess as hr, tempDir } from './testing/run-hr';

// `hr import employees FILE` end to end on a real database (cliDatabase: PostgreSQL of its own with
// TEST_DATABASE_URL, otherwise the embedded database copied from the migrated template). The commands run
// in-process (the binary's start is covered by cli.test.ts).
const HEADER =
  'Given name;Surname;E-mail;Gender;Birth date;Company office;Department;Contract type;Religion;Education level;Marital status';
const person = (given: string, email: string, dept = 'Finance') =>
  `${given};Test;${email};Female;17/08/1994;BDG;${dept};Permanent;Islam;S1;Unmarried`;

describe('hr import employees', () => {
  const database = cliDatabase('empimp');
  const files = tempDir();
  const write = (name: string, ...lines: string[]) => {
    const file = path.join(files, name);
    writeFileSync(file, [HEADER, ...lines].join('\n'));
    return file;
  };
  const employees = () =>
    database.withDb(
      async (h) =>
        (await sql<{ email: string; n: string }>`select email, employee_number as n from employees order by id`.execute(h.db))
          .rows,
    );

  beforeAll(async () => {
    await database.withDb(async ({ db }) => {
      const officeId = await seedOffice(db, 'BDG', 'Bandung');
      await db.insertInto('departments').values({ company_office_id: officeId, name: 'Finance' }).execute();
    });
  });

  it('a file with an invalid row: the report names row and column, exit 2, nothing written; --json prints the report', async () => {
    const file = write('staff.csv', person('Ani', 'ani@x.co.id'), person('Budi', 'budi@x.co.id', 'Sales'));
    const dry = await hr(['import', 'employees', file, '--dry-run'], database.env);
    expect(dry.code).toBe(2);
    expect(dry.stdout).toBe(
      ['staff.csv: 2 rows, 1 valid, 1 invalid.', '  row 3, Department: unknown department "Sales" in Bandung', ''].join('\n'),
    );
    expect(dry.stderr).toBe('Dry run, nothing was written: 1 of 2 rows are invalid.\n');

    const refused = await hr(['import', 'employees', file], database.env);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain('row 3, Department: unknown department "Sales" in Bandung');
    expect(refused.stderr).toContain('Nothing was imported (use --skip-invalid to import the valid rows)');

    const json = await hr(['import', 'employees', file, '--json'], database.env);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({
      rows: 2,
      valid: 1,
      invalid: 1,
      errors: [{ row: 3, column: 'Department', message: 'unknown department "Sales" in Bandung' }],
    });
    expect(await employees()).toEqual([]);
  });

  it('a valid file imports (exit 0); --skip-invalid imports the valid rows and lists the others', async () => {
    const ok = await hr(['import', 'employees', write('ok.csv', person('Citra', 'citra@x.co.id'))], database.env);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe('Imported 1 employee from ok.csv.\n');

    const mixed = write('mixed.csv', person('Dewi', 'dewi@x.co.id'), person('Again', 'citra@x.co.id'));
    const skip = await hr(['import', 'employees', mixed, '--skip-invalid', '--json'], database.env);
    expect(skip.code).toBe(0);
    expect(JSON.parse(skip.stdout)).toEqual({
      imported: 1,
      skipped: 1,
      errors: [{ row: 3, column: 'E-mail', message: 'another employee already uses this e-mail address' }],
    });
    expect(await employees()).toEqual([
      { email: 'citra@x.co.id', n: 'BDG-00001' },
      { email: 'dewi@x.co.id', n: 'BDG-00002' },
    ]);
  });

  it('refuses a file it cannot read with exit 1', async () => {
    const r = await hr(['import', 'employees', path.join(files, 'missing.csv')], database.env);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`file: cannot read ${path.join(files, 'missing.csv')} (no such file)\n`);
  });
});
