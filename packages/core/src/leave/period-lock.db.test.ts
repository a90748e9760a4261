import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access/actor';
import { failure } from '../testing/expect';
import { leaveTestKit } from './test-kit';
import { approveLeave, cancelLeave, disapproveLeave } from './index';

/*
 * Issue 19 item 17: a leave decision that would change a finalised payroll month's pay is refused with a clear
 * message; one outside that month, or one that changes no pay (disapproving), goes through.
 */
const NOW = new Date('2026-11-20T10:00:00Z');
const { env, actor, ctx, approve, officeWeek, leaveType, ask } = leaveTestKit({ clock: () => NOW });

let hc: Actor;
let ana: Actor;
let unpaid: number;

/** Ana's payroll of `period` finalised (a run and her payslip, as finalising leaves them). */
async function finalisedMonth(employeeId: number, period: string): Promise<void> {
  const run = await env.db
    .insertInto('payroll_runs')
    .values({
      period,
      status: 'finalised',
      finalised_at: NOW,
      employees: 1,
      gross: '5000000',
      tax: '0',
      net: '5000000',
      skipped: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await env.db
    .insertInto('payslips')
    .values({
      run_id: run.id,
      employee_id: employeeId,
      period,
      ptkp_status: 'TK/0',
      basic_salary: '5000000',
      gross: '5000000',
      taxable_gross: '5000000',
      total_deductions: '0',
      pph21: '0',
      net: '5000000',
      annual_deductions: '0',
      employer_cost: '0',
      lines: JSON.stringify([]),
    })
    .execute();
}

beforeAll(async () => {
  hc = await actor(['human-capital-staff'], 0);
  ana = await actor(['employee'], 0);
  await officeWeek(hc);
  unpaid = await leaveType(hc, 'UL', 'Unpaid Leave', { paid: false, countsAnnual: false });
  await finalisedMonth(ana.employeeId!, '2026-10');
});

describe('leave inside a finalised payroll month', () => {
  it('approving it is refused, naming the month; disapproving is not', async () => {
    const late = await ask(ana, unpaid, '2026-10-29', '2026-10-30');
    const e = await failure(approveLeave(ctx(hc), approve(hc), { id: late.id }));
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe(
      "The payroll of 10/2026 is finalised and locked: this leave would change that month's pay. HR can reopen that month's payroll run first",
    );
    expect((await disapproveLeave(ctx(hc), approve(hc), { id: late.id, note: 'Too late' })).status).toBe(2);
  });

  it('a leave spanning an open month and the finalised one is refused as a whole', async () => {
    const across = await ask(ana, unpaid, '2026-10-30', '2026-11-02');
    expect((await failure(approveLeave(ctx(hc), approve(hc), { id: across.id }))).message).toMatch(/^The payroll of 10\/2026/);
  });

  it('in an open month it is approved, and cancelling it stays possible until that month is finalised', async () => {
    const nov = await ask(ana, unpaid, '2026-11-25');
    expect((await approveLeave(ctx(hc), approve(hc), { id: nov.id })).status).toBe(1);
    await finalisedMonth(ana.employeeId!, '2026-11');
    expect((await failure(cancelLeave(ctx(hc), approve(hc), { id: nov.id }))).message).toMatch(/^The payroll of 11\/2026/);
  });
});
