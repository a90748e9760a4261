import { readFileSync } from 'node:fs';
import path from 'node:path';
import { requirePermission } from '@hr/core/access';
import { finalisePayroll } from '@hr/core/payroll';
import { createServices } from '@hr/core/services';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from './commands/payroll';
import { seedOfficeWorkers } from './testing/office-workers';
import { cliDatabase, hrInProcess as hr } from './testing/run-hr';

// `hr bank preview` and `hr bank export` end to end on a real database (cliDatabase): a finalised run of two
// employees, one with a BCA account, one without. The commands run in-process (the binary's start is covered
// by cli.test.ts).
describe('hr bank on a real database', () => {
  const database = cliDatabase('bank');
  const { dataDir, withDb } = database;
  let runId: number;
  let paid: number;
  let noAccount: number;

  beforeAll(async () => {
    await withDb(async ({ db }) => {
      // Two workers with open-ended contracts; SBY-1 gets a BCA account, SBY-2 none.
      await seedOfficeWorkers(db);
      [paid, noAccount] = (await db.selectFrom('employees').select('id').orderBy('employee_number').execute()).map(
        (e) => e.id,
      ) as [number, number];
      const bca = await db.selectFrom('banks').select('id').where('code', '=', '014').executeTakeFirstOrThrow();
      await db
        .updateTable('employees')
        .set({ bank_id: bca.id, bank_account_number: '0123456789', bank_account_name: 'WORKER SATU' })
        .where('id', '=', paid)
        .execute();
    });
    const run = await hr(['payroll', 'run', '--period', '2026-11'], database.env);
    runId = Number(/run #(\d+)/.exec(run.stdout)![1]);
    await withDb(({ db }) =>
      finalisePayroll(createServices(db).ctx(null), requirePermission(CLI_ACTOR, 'salary.update'), { id: runId }),
    );
  });

  it('preview names who cannot be paid; export refuses, then writes the file with them excluded and listed', async () => {
    const p = await hr(['bank', 'preview', '--run', String(runId), '--template', 'GENERIC-CSV'], database.env);
    expect(p.stderr).toBe('');
    expect(p.stdout).toMatch(/Pays 1 \([\d,]+\); problems 1; excluded 0; zero net 0\./);
    expect(p.stdout).toContain(`#${noAccount} SBY-2 Worker 2: problem, net`);
    expect(p.stdout).toContain('(No bank account number; No bank chosen; No account holder name)');

    const out = path.join(dataDir, 'transfer.csv');
    const refused = await hr(['bank', 'export', '--run', String(runId), '--template', 'GENERIC-CSV', '--out', out], database.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/1 employee\(s\) cannot be paid by GENERIC-CSV: SBY-2 Worker 2/);

    const ok = await hr(
      ['bank', 'export', '--run', String(runId), '--template', 'generic-csv', '--exclude', String(noAccount), '--out', out],
      database.env,
    );
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      new RegExp(`Wrote salary_transfer_2026-11_run${runId}\\.csv \\(export #\\d+, template GENERIC-CSV\\)`),
    );
    expect(ok.stdout).toContain(`left out #${noAccount} SBY-2 Worker 2`);
    const [, row, ...rest] = readFileSync(out, 'latin1').split('\r\n');
    expect(rest).toEqual(['']);
    const cells = row!.split(',');
    expect(cells.slice(5, 8)).toEqual(['0123456789', 'WORKER SATU', 'IDR']);
    // The total line: file total = run net − excluded.
    const [total, net, excluded] = /total ([\d,]+) = run net ([\d,]+) − excluded ([\d,]+)/
      .exec(ok.stdout)!
      .slice(1)
      .map((s) => BigInt(s.replaceAll(',', ''))) as [bigint, bigint, bigint];
    expect(BigInt(cells[8]!)).toBe(total);
    expect(total).toBe(net - excluded);

    const bad = await hr(['bank', 'export', '--run', 'x', '--template', 'GENERIC-CSV', '--out', out], database.env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^id: /m);
  });
});
