import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedOfficeWorkers } from './testing/office-workers';
import { cliDatabase, hrInProcess as hr } from './testing/run-hr';

// `hr payroll run` and `hr payroll export` end to end, on PostgreSQL with TEST_DATABASE_URL, else embedded.
// The commands run in-process (the binary's start is covered by cli.test.ts) on a database copied from the
// migrated test template: spawning `hr` for each call took most of the 60 s limit on a loaded 2-core machine.

describe('hr payroll on a real database', () => {
  const database = cliDatabase('payroll');
  const { dataDir, withDb } = database;

  const runCount = () =>
    withDb(async (h) => Number((await sql<{ n: string }>`select count(*)::int as n from payroll_runs`.execute(h.db)).rows[0]!.n));

  beforeAll(async () => {
    await withDb(({ db }) => seedOfficeWorkers(db));
  });

  it('--dry-run prints the summary and writes nothing; run writes a draft; export writes the XLSX', async () => {
    const dry = await hr(['payroll', 'run', '--period', '2026-11', '--dry-run'], database.env);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      /Dry run 2026-11: nothing written\.\nEmployees: 2 \(skipped 0\)\nGross: 11,000,000\nTax \(PPh 21\): [\d,]+\nNet: [\d,]+/,
    );
    expect(await runCount()).toBe(0);

    const run = await hr(['payroll', 'run', '--period', '2026-11'], database.env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/Draft payroll run #\d+ for 2026-11\.\nEmployees: 2 \(skipped 0\)\nGross: 11,000,000/);
    // Same net as the dry run.
    expect(run.stdout.split('\n').find((l) => l.startsWith('Net:'))).toBe(
      dry.stdout.split('\n').find((l) => l.startsWith('Net:')),
    );
    expect(await runCount()).toBe(1);

    const out = path.join(dataDir, 'payroll-2026-11.xlsx');
    const ex = await hr(['payroll', 'export', '--period', '2026-11', '--out', out], database.env);
    expect(ex.stderr).toBe('');
    expect(ex.stdout).toMatch(/Wrote draft payroll run #\d+ for 2026-11 to /);
    expect(readFileSync(out).subarray(0, 2).toString()).toBe('PK');

    const none = await hr(['payroll', 'export', '--period', '2026-10', '--out', out], database.env);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/No payroll run for 2026-10/);
    const bad = await hr(['payroll', 'run', '--period', '2026-13'], database.env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/period: must be a month yyyy-mm/);
  });

  it('hr payroll thr: holiday by name, dates from the holiday calendar, dry run, draft, JSON, errors', async () => {
    await withDb(async ({ db }) => {
      const islam = await db.selectFrom('religions').select('id').where('name', '=', 'Islam').executeTakeFirstOrThrow();
      await db.updateTable('employees').set({ religion_id: islam.id }).execute();
      await db
        .insertInto('holidays')
        .values({ holiday_date: '2026-03-20', name: 'Idul Fitri 1447 H', kind: 'religious', religious_holiday: 2 })
        .execute();
    });
    const thrCount = () =>
      withDb(async (h) => Number((await sql<{ n: string }>`select count(*)::int as n from thr_runs`.execute(h.db)).rows[0]!.n));
    const dry = await hr(['payroll', 'thr', '--holiday', 'idul fitri', '--year', '2026', '--dry-run'], database.env);
    expect(dry.stderr).toBe('');
    expect(dry.stdout).toBe(
      'Dry run THR Idul Fitri 2026 (holiday 2026-03-20, pay date 2026-03-13): nothing written.\n' +
        'Employees: 2 eligible, 0 not eligible\nTotal THR: 11,000,000\nPPh 21 estimate: ' +
        dry.stdout.split('PPh 21 estimate: ')[1],
    );
    expect(await thrCount()).toBe(0);

    const run = await hr(
      ['payroll', 'thr', '--holiday', '2', '--year', '2026', '--pay-date', '2026-03-10', '--json'],
      database.env,
    );
    expect(run.stderr).toBe('');
    const r = JSON.parse(run.stdout) as { runId: number; year: number; total: string; employees: number; payDate: string };
    expect(r).toMatchObject({ year: 2026, total: '11000000', employees: 2, payDate: '2026-03-10' });
    expect(await thrCount()).toBe(1);
    const again = await hr(['payroll', 'thr', '--holiday', 'Idul Fitri', '--year', '2026'], database.env);
    expect(again.stdout).toMatch(new RegExp(`^Draft THR run #\\d+: THR Idul Fitri 2026 .*\\(replaces draft #${r.runId}\\)\\.`));

    const bad = await hr(['payroll', 'thr', '--holiday', 'imlek', '--year', '2026'], database.env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/holiday: must be one of 1 \(Hari Raya Natal\), 2 \(Idul Fitri\), 3 \(Waisak\), 4 \(Nyepi\)/);
    const none = await hr(['payroll', 'thr', '--holiday', 'waisak', '--year', '2026'], database.env);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/No Waisak in the 2026 holiday calendar; add it to the holidays or pass --date yyyy-mm-dd/);
    const late = await hr(
      ['payroll', 'thr', '--holiday', 'natal', '--year', '2026', '--date', '2026-12-25', '--pay-date', '2026-12-26'],
      database.env,
    );
    expect(late.code).toBe(1);
    expect(late.stderr).toMatch(/pay-date: must not be after the holiday date/);
  });
});
