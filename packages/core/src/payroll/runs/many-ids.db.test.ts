import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePermission } from '../../access/grant';
import { recomputeTimesheetDays } from '../../attendance/timesheets';
import { queryEmployeeBanks } from '../../bank-transfers/queries';
import { recordPayrollDeductions } from '../../cooperative/payroll-deductions';
import { insertMessages, queryQueued } from '../../mail/queries';
import { recordPurchaseOfGoodsPayments } from '../../purchase-of-goods/service';
import { payrollWorld, ptkpId, type PayrollWorld } from '../../testing/payroll-fixtures';
import { loadThrInputs } from '../thr-runs/queries';
import { finalisePayroll, generatePayroll } from './index';
import { linesOf } from './payslips';
import { querySettings } from './queries';
import { loadRunInputs } from './run-compute';

/*
 * PostgreSQL takes at most 65,535 parameters in one statement. A query that bound one parameter per
 * employee made a payroll of 99,999 employees fail outright ("bind message has 34466 parameter formats
 * but 0 parameters"). Every loader of the payroll, THR, timesheet and export paths gets more than 65,535
 * ids here: a few real employees among 70,000 ids of nobody (a whole company of that size is the job of
 * `BENCH_EMPLOYEES=100000 pnpm bench payroll`, on PostgreSQL).
 */
const NOBODY = Array.from({ length: 70_000 }, (_, i) => 10_000_000 + i);
const PAID = 3;

let w: PayrollWorld;
let real: number[];
let many: number[];

beforeAll(async () => {
  w = await payrollWorld('2026-11-20T03:00:00Z');
  const db = w.tdb.db;
  await sql`
    insert into employees (employee_number, given_name, surname, email, gender, birth_date, religion_id, education_level_id,
      marital_status_id, ptkp_status_id, company_office_id, entry_date, bank_account_number, bank_account_name)
    select 'MANY-' || g, 'Given' || g, 'Many', 'many' || g || '@test.co.id', 'Male', '1990-01-01', 1, 1, 1,
      ${await ptkpId(db, 'TK/0')}, ${w.org.officeId}, '2024-01-01', '00' || g, 'Given' || g
    from generate_series(1, ${PAID}) g`.execute(db);
  real = (await db.selectFrom('employees').select('id').where('employee_number', 'like', 'MANY-%').orderBy('id').execute()).map(
    (r) => r.id,
  );
  await sql`
    insert into employee_contracts (employee_id, contract_number, contract_type, start_date, basic_salary)
    select id, 'K-' || id, 5, '2025-01-01', 6000000 from employees where employee_number like 'MANY-%'`.execute(db);
  many = [...real, ...NOBODY];
});
afterAll(() => w.tdb.destroy());

describe(`ids lists longer than PostgreSQL's 65,535 parameters (${NOBODY.length + PAID} ids)`, () => {
  it('every input of a payroll run loads: salaries, components, attendance, deductions, earlier months', async () => {
    const settings = await querySettings(w.tdb.db);
    const inputs = await loadRunInputs(w.ctx, { ids: many, lastPeriodIds: many, period: '2026-12', settings });
    expect([...inputs.basics.keys()].sort()).toEqual([...real].sort());
    expect(inputs.attendance.size).toBeLessThanOrEqual(many.length);
  });

  it('every input of a THR run loads', async () => {
    const inputs = await loadThrInputs(w.tdb.db, {
      ids: many,
      casualIds: many,
      period: '2026-12',
      monthEnd: '2026-12-31',
      year: 2026,
    });
    expect([...inputs.basics.keys()].sort()).toEqual([...real].sort());
    expect(inputs.paid.size).toBe(0);
  });

  it('a finalised run books deductions and reads its payslip lines for a list of that length', async () => {
    const upd = requirePermission(w.admin, 'salary.update');
    const run = await generatePayroll(w.ctx, upd, { period: '2026-10' });
    expect(run.employees).toBe(PAID);
    await finalisePayroll(w.ctx, upd, { id: run.runId });
    const slips = await w.tdb.db.selectFrom('payslips').select('id').where('run_id', '=', run.runId).execute();
    expect((await linesOf(w.tdb.db, [...slips.map((s) => s.id), ...NOBODY])).size).toBe(PAID);

    await w.tdb.db.insertInto('cooperative_members').values({ employee_id: real[0]!, join_date: '2025-01-01' }).execute();
    const rows = many.map((employeeId) => ({ employeeId, amount: 50_000 }));
    expect(await recordPayrollDeductions(w.tdb.db, '2026-10', rows)).toEqual({ booked: 1, skipped: many.length - 1 });
    const pog = await recordPurchaseOfGoodsPayments(w.tdb.db, '2026-10', rows);
    // Posted for the real employees (none has an invoice, so nothing is applied); the ids of nobody are skipped.
    expect(pog.posted).toBe(PAID);
  });

  it('timesheets recompute for that many (employee, day) pairs', async () => {
    const changed = await recomputeTimesheetDays(
      w.tdb.db,
      many.map((employeeId) => ({ employeeId, date: '2026-11-02' })),
    );
    expect(changed).toBe(PAID);
  });

  it('exports read bank details and the mail outbox takes and reads that many', async () => {
    const banks = await queryEmployeeBanks(w.tdb.db, many);
    expect([...banks.values()].map((b) => b.accountNumber).sort()).toEqual(['001', '002', '003']);
    const mails = many.slice(0, 6_000).map((employeeId) => ({
      to: { address: `e${employeeId}@test.co.id`, name: null },
      subject: 'Payslip',
      text: 'Your payslip',
    }));
    const ids = await insertMessages(w.tdb.db, mails, {
      from: 'hr@test.co.id',
      status: 'queued',
      createdBy: null,
      now: new Date(),
    });
    expect(ids).toHaveLength(6_000);
    expect(await queryQueued(w.tdb.db, [...ids, ...NOBODY])).toHaveLength(6_000);
  });
});
