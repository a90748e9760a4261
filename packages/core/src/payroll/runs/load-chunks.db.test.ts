import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContract, makeEmployee } from '../../testing/fixtures';
import { payrollWorld, ptkpId, transportAllowance, type PayrollWorld } from '../../testing/payroll-fixtures';
import { requirePermission } from '../../access/index';
import { createEmployeeComponent, createSalaryComponent } from './components';
import { computePayrollRun } from './run-compute';
import { runPayroll } from './run-generate';

/*
 * A run loads its inputs in chunks of employees, the next chunk while the engine computes the current one
 * (issue 22: 100,000 employees). Chunk borders must not change a payslip: the same run computed with one
 * employee per chunk and with everyone in one chunk gives the same payslips, in the same order.
 */
let w: PayrollWorld;
const ids: number[] = [];

beforeAll(async () => {
  w = await payrollWorld('2026-11-20T03:00:00Z');
  const tk0 = await ptkpId(w.tdb.db, 'TK/0');
  for (const [i, salary] of [6_000_000, 9_500_000, 12_000_000, 25_000_000, 4_800_000].entries()) {
    const id = await makeEmployee(w.tdb.db, w.org, { dept: (i % 2) as 0 | 1 });
    await w.tdb.db.updateTable('employees').set({ ptkp_status_id: tk0, entry_date: '2024-01-01' }).where('id', '=', id).execute();
    await addContract(w.tdb.db, id, salary, { type: i === 4 ? 1 : 5, end: i === 4 ? '2027-06-30' : null });
    ids.push(id);
  }
  await transportAllowance(w.ctx, w.admin, ids[1]!, '750000');
});

afterAll(() => w.tdb.destroy());

describe('payroll run inputs loaded in chunks (issue 22)', () => {
  it('gives the same payslips with one employee per chunk as with everyone at once', async () => {
    const whole = await computePayrollRun(w.ctx, { period: '2026-11' });
    const chunked = await computePayrollRun(w.ctx, { period: '2026-11', loadChunkEmployees: 1 });
    expect(whole.slips).toHaveLength(5);
    expect(chunked.slips).toEqual(whole.slips);
    expect(chunked.skipped).toEqual(whole.skipped);
    // The allowance reached its employee's payslip through the chunked load too.
    expect(chunked.slips.map((s) => s.gross)).toContain(10_250_000);
  });
});

/** The stored payslips of a run, as the payslip pages and exports read them. */
const storedRun = (runId: number) =>
  w.tdb.db
    .selectFrom('payslips')
    .select(['employee_id', 'ptkp_status', 'basic_salary', 'gross', 'taxable_gross', 'total_deductions', 'pph21', 'net'])
    .select(['annual_deductions', 'employer_cost', 'lines'])
    .where('run_id', '=', runId)
    .orderBy('employee_id')
    .execute();

describe('payroll engine in worker threads (issue 22)', () => {
  it('writes the same payslips, lines and traces, and the same run totals, as the engine on the caller thread', async () => {
    const here = await runPayroll(w.ctx, { period: '2026-11', engineThreads: 0 });
    const hereSlips = await storedRun(here.runId);
    // Batches of 1,000 go to the threads; two threads, one batch each of these five employees is enough to prove
    // the rows cross the thread boundary intact.
    const threaded = await runPayroll(w.ctx, { period: '2026-11', engineThreads: 2 });
    expect(threaded.timings.engineThreads).toBe(2);
    expect(threaded.replacedRunId).toBe(here.runId);
    expect(await storedRun(threaded.runId)).toEqual(hereSlips);
    expect(hereSlips).toHaveLength(5);
    expect({ ...threaded, runId: 0, replacedRunId: 0, timings: null }).toEqual({
      ...here,
      runId: 0,
      replacedRunId: 0,
      timings: null,
    });
  });

  it('threads that cannot start cost nothing but time: the run computes on its own thread and writes the same payslips', async () => {
    const here = await runPayroll(w.ctx, { period: '2026-11', engineThreads: 0 });
    const hereSlips = await storedRun(here.runId);
    const failing = new URL('../../testing/failing-engine-worker.mjs', import.meta.url);
    const run = await runPayroll(w.ctx, { period: '2026-11', engineThreads: 2, engineScript: failing });
    expect(run.timings.engineThreads).toBe(0);
    expect(run.timings.engineThreadFailure).toContain('this engine worker cannot start');
    expect(await storedRun(run.runId)).toEqual(hereSlips);
    expect([run.employees, run.gross, run.net]).toEqual([here.employees, here.gross, here.net]);
  });

  it('a formula that fails in a worker thread is the same 412 naming the employee, and writes nothing', async () => {
    const upd = requirePermission(w.admin, 'salary.update');
    const c = await createSalaryComponent(w.ctx, upd, { name: 'Huge', kind: 'non-fixed-allowance', formula: 'basic * 1e40' });
    await createEmployeeComponent(w.ctx, upd, { employeeId: ids[3]!, componentId: c.id, startMonth: '2026-11' });
    const e = await w.tdb.db
      .selectFrom('employees')
      .select(['employee_number', 'given_name', 'surname'])
      .where('id', '=', ids[3]!)
      .executeTakeFirstOrThrow();
    const before = await w.tdb.db.selectFrom('payroll_runs').select('id').execute();
    const err = await runPayroll(w.ctx, { period: '2026-11', engineThreads: 2 }).catch((x: unknown) => x);
    expect(err).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: `Component Huge gives 2.5e+47 for ${e.given_name} ${e.surname} (${e.employee_number}): out of range`,
    });
    expect(await w.tdb.db.selectFrom('payroll_runs').select('id').execute()).toEqual(before);
  });
});
