import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payrollWorld, storedPayslip } from '../../testing/payroll-fixtures';
import type { TestDb } from '../../db/testing';
import type { Actor } from '../../access/actor';
import { requirePermission } from '../../access/grant';
import { createPogInvoice, createPogLookup } from '../../purchase-of-goods/service';
import type { Ctx } from '../../shared/context';
import { addContract, makeEmployee, type Org } from '../../testing/fixtures';
import { finalisePayroll, generatePayroll, getPayslip } from './index';

let tdb: TestDb;
let org: Org;
let admin: Actor;
let ctx: Ctx;
let budi: number;

beforeAll(async () => {
  const world = await payrollWorld('2026-11-20T03:00:00Z');
  ({ tdb, admin, ctx, org } = world);
  budi = await makeEmployee(tdb.db, org, { dept: 0 }, 'Budi Deducted');
  await addContract(tdb.db, budi, 6_000_000, { number: 'C-B', start: '2026-01-01' });
  // Cooperative: mandatory saving Rp 50.000 a month, Budi a member.
  await tdb.db.updateTable('cooperative_settings').set({ mandatory_amount: '50000' }).execute();
  await tdb.db.insertInto('cooperative_members').values({ employee_id: budi, join_date: '2026-01-01' }).execute();
  // Purchase of goods: Rp 1.000.000 over 3 months from 2026-11 (333.333, 333.333, 333.334).
  const manage = requirePermission(admin, 'purchaseOfGood.manage');
  const type = await createPogLookup(ctx, manage, 'type', { name: 'Electronics' });
  const category = await createPogLookup(ctx, manage, 'category', { name: 'Phones' });
  await createPogInvoice(ctx, manage, {
    employeeId: budi,
    typeId: type.id,
    invoiceDate: '2026-10-25',
    months: 3,
    startPeriod: '2026-11',
    lines: [{ goods: 'Phone', categoryId: category.id, quantity: 1, unitPrice: '1000000' }],
  });
  // Canteen: two lunches in November at Rp 10.000 each (subsidy Rp 15.000 not deducted), one in October.
  const canteen = await tdb.db
    .insertInto('canteens')
    .values({ company_office_id: org.officeId, name: 'Kantin' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const meal = await tdb.db
    .insertInto('canteen_meals')
    .values({
      canteen_id: canteen.id,
      kind: 'lunch',
      start_time: '11:00',
      end_time: '13:00',
      quota: null,
      subsidy: '15000',
      employee_price: '10000',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const day of ['2026-10-30', '2026-11-02', '2026-11-03'])
    await tdb.db
      .insertInto('canteen_presences')
      .values({
        employee_id: budi,
        meal_date: day,
        meal_kind: 'lunch',
        meal_id: meal.id,
        canteen_id: canteen.id,
        taken_at: new Date(`${day}T05:00:00Z`),
        source: 'card',
        device_serial: null,
        preference: 'regular',
        employee_price: '10000',
        subsidy: '15000',
        recorded_by_user_id: null,
      })
      .execute();
});
afterAll(() => tdb.destroy());

describe('approved overtime', () => {
  it('is paid in the run of its month without anyone passing it in (PP 35/2021: 2 h on a workday)', async () => {
    const upd = requirePermission(admin, 'salary.update');
    await tdb.db
      .insertInto('attendance_overtimes')
      .values([
        {
          employee_id: budi,
          work_date: '2027-01-05',
          start_time: '17:00',
          end_time: '19:00',
          minutes: 120,
          day_type: 'workday',
          reason: 'Stock count',
          status: 1,
          approved_minutes: 120,
          requester_user_id: admin.userId,
        },
        {
          employee_id: budi,
          work_date: '2027-01-06',
          start_time: '17:00',
          end_time: '19:00',
          minutes: 120,
          day_type: 'workday',
          reason: 'Pending',
          status: 3,
          approved_minutes: null,
          requester_user_id: admin.userId,
        },
      ])
      .execute();
    const run = await generatePayroll(ctx, upd, { period: '2027-01', confirmFuturePeriod: true });
    const row = await storedPayslip(tdb.db, run.runId, budi);
    const overtime = (row.lines as { code: string; name: string; amount: string | number }[]).filter((l) =>
      l.code.startsWith('overtime'),
    );
    // 6.000.000 / 173 = 34.682,08 an hour; first hour × 1.5, second × 2 = 3.5 × 34.682,08 = 121.387 (rounded half up once).
    expect(overtime.map((l) => [l.name, String(l.amount)])).toEqual([['Overtime 2 h (workday)', '121387']]);
  });
});

describe('deductions other modules ask payroll to make', () => {
  it('appear on the payslip after tax with their source, and are booked when the run is finalised', async () => {
    const upd = requirePermission(admin, 'salary.update');
    const run = await generatePayroll(ctx, upd, { period: '2026-11' });
    const row = await storedPayslip(tdb.db, run.runId, budi);
    const slip = await getPayslip(ctx, requirePermission(admin, 'salary.view'), { id: row.id });
    const lines = slip.lines as unknown as { code: string; amount: string | number; trace: { source: string } }[];
    const line = (code: string) => lines.find((l) => l.code === code);
    expect(String(line('cooperative-mandatory')?.amount)).toBe('50000');
    expect(String(line('purchase-of-goods')?.amount)).toBe('333333');
    expect(String(line('canteen-meals')?.amount)).toBe('20000');
    expect(line('canteen-meals')?.trace.source).toMatch(/Canteen/);

    // Nothing is booked by a draft.
    expect(await tdb.db.selectFrom('cooperative_ledger').select('id').where('kind', '=', 'payroll').execute()).toHaveLength(0);
    await finalisePayroll(ctx, upd, { id: run.runId });
    const ledger = await tdb.db
      .selectFrom('cooperative_ledger')
      .select(['amount', 'period'])
      .where('kind', '=', 'payroll')
      .execute();
    expect(ledger).toEqual([{ amount: '50000', period: '2026-11' }]);
    const paid = await tdb.db.selectFrom('pog_payments').select(['amount', 'source', 'period']).execute();
    expect(paid).toEqual([{ amount: '333333', source: 'payroll', period: '2026-11' }]);

    // December owes the next instalment only; November's is paid.
    const dec = await generatePayroll(ctx, upd, { period: '2026-12', confirmFuturePeriod: true });
    const decRow = await storedPayslip(tdb.db, dec.runId, budi);
    const decLines = decRow.lines as { code: string; amount: string | number }[];
    expect(String(decLines.find((l) => l.code === 'purchase-of-goods')?.amount)).toBe('333333');
    expect(decLines.find((l) => l.code === 'canteen-meals')).toBeUndefined();
  });
});
