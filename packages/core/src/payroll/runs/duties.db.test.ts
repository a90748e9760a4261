import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payrollWorld } from '../../testing/payroll-fixtures';
import { actorForUser } from '../../auth/service';
import type { TestDb } from '../../db/testing';
import { updateEmployeeSection } from '../../employees/index';
import type { Actor } from '../../access/actor';
import { requirePermission } from '../../access/grant';
import { createServices, type Services } from '../../services';
import { failure } from '../../testing/expect';
import { addContract, makeEmployee, makeUser, type Org } from '../../testing/fixtures';
import { setTaxBorneBy } from '../income-tax/index';
import {
  createBonusCut,
  createEmployeeComponent,
  createPieceEntry,
  createSalaryComponent,
  createSalaryQueue,
  finalisePayroll,
  generatePayroll,
} from './index';

// Issue 16: nobody changes their own pay (items 1–2), and no 5xx from runs (item 12).
let tdb: TestDb;
let services: Services;
let org: Org;
let admin: Actor; // superadmin, with an employee record: not exempt from the money rules
let staff: Actor; // human-capital-staff: employee.update without salary.update
let worker: number;

const contract = (employeeId: number, basic: number) => addContract(tdb.db, employeeId, basic);

beforeAll(async () => {
  const world = await payrollWorld('2026-11-20T03:00:00Z');
  ({ tdb, admin, org, services } = world);
  staff = (await actorForUser(tdb.db, (await makeUser(services, org, ['human-capital-staff'])).userId, 'user'))!;
  worker = await makeEmployee(tdb.db, org, { dept: 0 }, 'Wati Pekerja');
  await tdb.db.updateTable('employees').set({ entry_date: '2025-01-01' }).execute();
  await contract(worker, 6_000_000);
});
afterAll(() => tdb.destroy());

const ctx = () => services.ctx(admin);
const upd = () => requirePermission(admin, 'salary.update');

describe('nobody changes their own pay, superadmin included', () => {
  it('refuses one’s own components, bonus/cuts, salary changes, piece work and tax status', async () => {
    const me = admin.employeeId!;
    const c = await createSalaryComponent(ctx(), upd(), { name: 'Transport', kind: 'fixed-allowance' });
    const attempts: [() => Promise<unknown>, string][] = [
      [
        () =>
          createEmployeeComponent(ctx(), upd(), { employeeId: me, componentId: c.id, amount: '9000000', startMonth: '2026-11' }),
        'You cannot change your own salary components',
      ],
      [
        () => createBonusCut(ctx(), upd(), { employeeId: me, period: '2026-11', kind: 'bonus', name: 'Me', amount: '99000000' }),
        'You cannot change your own bonus/cuts',
      ],
      [
        () => createSalaryQueue(ctx(), upd(), { employeeId: me, effectiveDate: '2026-11-01', basicSalary: '99000000' }),
        'You cannot change your own salary',
      ],
      [
        () =>
          createPieceEntry(ctx(), upd(), { employeeId: me, period: '2026-11', description: 'Me', units: '1000', rate: '99000' }),
        'You cannot change your own piece work',
      ],
      [() => setTaxBorneBy(ctx(), upd(), { id: me, taxBorneBy: 'employer' }), 'You cannot change your own tax status'],
    ];
    for (const [p, message] of attempts) expect(await failure(p())).toMatchObject({ code: 'FORBIDDEN', message });
    // Someone else's pay is fine.
    await createBonusCut(ctx(), upd(), { employeeId: worker, period: '2026-10', kind: 'bonus', name: 'Ok', amount: '1' });
  });

  it('the PTKP status (PPh 21) needs salary.update, and never one’s own', async () => {
    const k1 = await tdb.db.selectFrom('ptkp_statuses').select('id').where('code', '=', 'K/1').executeTakeFirstOrThrow();
    const byStaff = await failure(
      updateEmployeeSection(services.ctx(staff), requirePermission(staff, 'employee.update'), 'personal', {
        id: worker,
        ptkpStatusId: k1.id,
      }),
    );
    expect(byStaff).toMatchObject({ code: 'FORBIDDEN', message: 'Changing tax status needs the salary.update permission' });
    const own = await failure(
      updateEmployeeSection(ctx(), requirePermission(admin, 'employee.update'), 'personal', {
        id: admin.employeeId!,
        ptkpStatusId: k1.id,
      }),
    );
    expect(own.message).toBe('You cannot change your own tax status');
    // Other personal fields stay with employee.update.
    await updateEmployeeSection(services.ctx(staff), requirePermission(staff, 'employee.update'), 'personal', {
      id: worker,
      birthPlace: 'Bandung',
    });
    const row = await tdb.db.selectFrom('employees').select('ptkp_status_id').where('id', '=', worker).executeTakeFirstOrThrow();
    expect(row.ptkp_status_id).toBeNull();
  });
});

describe('runs answer clear errors, never a 500', () => {
  beforeEach(async () => {
    await tdb.db.deleteFrom('employee_salary_components').execute();
    await tdb.db.deleteFrom('payroll_runs').where('period', '=', '2026-12').execute();
  });

  it('a formula result out of range is 412 naming the employee and the component', async () => {
    const worker2 = await tdb.db
      .selectFrom('employees')
      .select('employee_number')
      .where('id', '=', worker)
      .executeTakeFirstOrThrow();
    for (const [name, formula, value] of [
      ['Huge', 'basic * 1e40', '6e+46'],
      ['Negative', '0 - basic', '-6000000'],
    ] as const) {
      const c = await createSalaryComponent(ctx(), upd(), { name, kind: 'non-fixed-allowance', formula });
      await createEmployeeComponent(ctx(), upd(), { employeeId: worker, componentId: c.id, startMonth: '2026-12' });
      const e = await failure(generatePayroll(ctx(), upd(), { period: '2026-12', confirmFuturePeriod: true }));
      expect(e).toMatchObject({
        code: 'PRECONDITION_FAILED',
        message: `Component ${name} gives ${value} for Wati Pekerja (${worker2.employee_number}): out of range`,
      });
      await tdb.db.deleteFrom('employee_salary_components').execute();
    }
  });

  it('finalise racing a regenerate of the same period: one wins, the other is a CONFLICT naming the run', async () => {
    // On 20 December: the December run may be finalised (a week before its pay date, issue 19 item 17).
    const december = createServices(tdb.db, { clock: () => new Date('2026-12-20T03:00:00Z') });
    const ctx = () => december.ctx(admin);
    for (let i = 0; i < 3; i++) {
      await tdb.db.deleteFrom('payroll_runs').where('period', '=', '2026-12').execute();
      const draft = await generatePayroll(ctx(), upd(), { period: '2026-12' });
      const [fin, regen] = await Promise.allSettled([
        finalisePayroll(ctx(), upd(), { id: draft.runId }),
        generatePayroll(ctx(), upd(), { period: '2026-12' }),
      ]);
      const lost = [fin, regen].filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toMatchObject({ code: 'CONFLICT' });
      if (fin.status === 'rejected') expect(String(fin.reason.message)).toMatch(/run #\d+/);
      else expect(String((regen as PromiseRejectedResult).reason.message)).toBe('Payroll for 2026-12 is finalised and locked');
    }
  });
});
