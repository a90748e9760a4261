import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContract, makeEmployee } from '../../testing/fixtures';
import { payrollWorld, ptkpId, transportAllowance, type PayrollWorld } from '../../testing/payroll-fixtures';
import { computePayrollRun } from './run-compute';

/*
 * A run loads its inputs in chunks of employees, the next chunk while the engine computes the current one
 * (issue 22: 100,000 employees). Chunk borders must not change a payslip: the same run computed with one
 * employee per chunk and with everyone in one chunk gives the same payslips, in the same order.
 */
let w: PayrollWorld;

beforeAll(async () => {
  w = await payrollWorld('2026-11-20T03:00:00Z');
  const tk0 = await ptkpId(w.tdb.db, 'TK/0');
  const ids: number[] = [];
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
