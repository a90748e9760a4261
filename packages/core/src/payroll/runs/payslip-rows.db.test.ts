import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEmployee, makeOrg } from '../../testing/fixtures';
import { createTestDb, type TestDb } from '../../db/testing';
import type { ComputedPayslip } from './compute';
import { payslipRowsText, type RowsFormat } from './engine-batch';
import { insertPayslipRows } from './queries';

/*
 * A run writes its payslips as one JSON document per batch (PGlite) or as COPY lines (PostgreSQL, issue 22). Both
 * must store the same payslip: amounts, and lines whose names and traces hold backslashes, quotes, tabs, line
 * breaks and non-ASCII text exactly as computed. The JSON form holds on both backends; COPY is PostgreSQL's.
 */
const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ?? false;

let tdb: TestDb;
let employees: number[];
beforeAll(async () => {
  tdb = await createTestDb();
  const org = await makeOrg(tdb.db);
  employees = [await makeEmployee(tdb.db, org, { dept: 0 }), await makeEmployee(tdb.db, org, { dept: 1 })];
});
afterAll(() => tdb?.destroy());

const slip = (employeeId: number, i: number): ComputedPayslip => ({
  employeeId,
  employmentType: 'permanent',
  ptkpStatus: 'K/1',
  basicSalary: 7_500_000 + i,
  employerCost: 412_345 + i * 2 ** 33, // more than 32 bits
  gross: 9_100_000 + i,
  taxableGross: 9_250_000,
  totalDeductions: 537_000,
  net: 8_563_000 + i,
  pph21: i ? -125_000 : 125_000, // a refund
  annualDeductions: 0,
  lines: [
    {
      code: 'basic',
      name: 'Gaji pokok — "Januari"\\2026',
      kind: 'earning',
      amount: 7_500_000 + i,
      trace: {
        rule: 'Basic salary',
        formula: 'a\tb\nc\r\\N \\. ½ 工资',
        inputs: { amount: '7500000', note: 'C:\\payroll\\n', flag: true, none: null, days: 21 },
        source: 'contract',
      },
    },
  ],
});

async function writeAndRead(period: string, format: (runId: number) => RowsFormat) {
  const run = await tdb.db
    .insertInto('payroll_runs')
    .values({ period, company_office_id: null, status: 'draft', employees: 2, gross: 0, tax: 0, net: 0, skipped: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const slips = employees.map((id, i) => slip(id, i));
  const f = format(run.id);
  await insertPayslipRows(tdb.db, f, payslipRowsText(slips, f), { runId: run.id, period });
  const rows = await tdb.db
    .selectFrom('payslips')
    .select(['employee_id', 'period', 'ptkp_status', 'basic_salary', 'gross', 'taxable_gross', 'total_deductions'])
    .select(['pph21', 'net', 'annual_deductions', 'employer_cost', 'lines'])
    .where('run_id', '=', run.id)
    .orderBy('employee_id')
    .execute();
  return { slips, rows };
}

describe('payslip rows as the run writes them (issue 22)', () => {
  it('the JSON form stores every amount and every line exactly as computed', async () => {
    const { slips, rows } = await writeAndRead('2026-01', () => ({ kind: 'json' }));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.lines)).toEqual(slips.map((s) => s.lines));
    expect(rows.map((r) => [r.period, r.gross, r.net])).toEqual([
      ['2026-01', '9100000', '8563000'],
      ['2026-01', '9100001', '8563001'],
    ]);
  });

  if (onPostgres)
    it('COPY stores the same rows as the JSON form, escapes and all', async () => {
      const json = await writeAndRead('2026-02', () => ({ kind: 'json' }));
      const copy = await writeAndRead('2026-03', (runId) => ({ kind: 'copy', runId, period: '2026-03' }));
      expect(copy.rows.map((r) => ({ ...r, period: null }))).toEqual(json.rows.map((r) => ({ ...r, period: null })));
      expect(copy.rows.map((r) => r.period)).toEqual(['2026-03', '2026-03']);
      expect(copy.rows[0]!.lines).toEqual(json.slips[0]!.lines);
    });
});
