import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { RoleKey } from '../access/roles';
import { actorForUser } from '../auth/service';
import { createTestDb, type TestDb } from '../db/testing';
import { createEmployeeComponent, createSalaryComponent, finalisePayroll, generatePayroll } from '../payroll/index';
import type { Ctx, Db } from '../shared/context';
import { createServices, type Services } from '../services';
import { makeOrg, makeUser, type Org } from './fixtures';

/*
 * The setup every payroll-side database test starts from (issue 17): a fresh database, one organisation and a
 * superadmin acting at a fixed "today", plus the small steps those tests repeat (a PTKP status id, a month paid
 * and finalised, a login linked to an employee).
 */

export interface PayrollWorld {
  tdb: TestDb;
  services: Services;
  org: Org;
  /** A superadmin (its own employee record has no contract, so payroll runs skip it). */
  admin: Actor;
  /** The superadmin's context. */
  ctx: Ctx;
}

/** A migrated test database with one organisation and a superadmin, the clock fixed at `now` (an ISO instant). */
export async function payrollWorld(now: string): Promise<PayrollWorld> {
  const tdb = await createTestDb();
  const services = createServices(tdb.db, { clock: () => new Date(now) });
  const org = await makeOrg(tdb.db);
  const admin = (await actorForUser(tdb.db, (await makeUser(services, org, ['superadmin'])).userId, 'user'))!;
  return { tdb, services, org, admin, ctx: services.ctx(admin) };
}

/** The id of a PTKP status by its code (`TK/0`, `K/1`, …). */
export async function ptkpId(db: Db, code: string): Promise<number> {
  return (await db.selectFrom('ptkp_statuses').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** Generates the payroll of `period` ('yyyy-mm') and finalises it as `admin`; answers the run's id. */
export async function payMonth(ctx: Ctx, admin: Actor, period: string): Promise<number> {
  const upd = requirePermission(admin, 'salary.update');
  const g = await generatePayroll(ctx, upd, { period });
  await finalisePayroll(ctx, upd, { id: g.runId });
  return g.runId;
}

/**
 * A new fixed, taxable "Transport" allowance component, given to `employeeId` at `amount` rupiah a month from
 * January 2026 on (the fixed allowance the payroll-side tests put on a payslip). Answers the component's id.
 */
export async function transportAllowance(ctx: Ctx, admin: Actor, employeeId: number, amount: string): Promise<number> {
  const upd = requirePermission(admin, 'salary.update');
  const transport = await createSalaryComponent(ctx, upd, { name: 'Transport', kind: 'fixed-allowance' });
  await createEmployeeComponent(ctx, upd, { employeeId, componentId: transport.id, amount, startMonth: '2026-01' });
  return transport.id;
}

/** A login with `roles` (default: a plain employee) linked to the existing employee `employeeId`. */
export async function loginFor(services: Services, employeeId: number, roles: RoleKey[] = ['employee']): Promise<Actor> {
  const w = await makeUser(services, null, roles);
  await services.db.updateTable('users').set({ employee_id: employeeId }).where('id', '=', w.userId).execute();
  return (await actorForUser(services.db, w.userId, 'user'))!;
}

/** The stored payslip of `employeeId` in run `runId`: its id and its lines as saved (JSON). */
export async function storedPayslip(db: Db, runId: number, employeeId: number) {
  return db
    .selectFrom('payslips')
    .select(['id', 'lines'])
    .where('run_id', '=', runId)
    .where('employee_id', '=', employeeId)
    .executeTakeFirstOrThrow();
}
