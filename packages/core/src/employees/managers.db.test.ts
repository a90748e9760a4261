import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorForUser } from '../auth/service';
import { createTestDb, type TestDb } from '../db/testing';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { Services } from '../services';
import { failure } from '../testing/expect';
import { createServices, makeEmployee, makeOrg, makeUser, type Org } from '../testing/fixtures';
import { getEmployeeDetail } from './detail';
import { activateManager, createManagers, inactivateManager, listManagers, updateManager } from './managers';
import { listEmployees } from './service';

let tdb: TestDb;
let services: Services;
let org: Org;
let hc: Actor;

beforeAll(async () => {
  tdb = await createTestDb();
  services = createServices(tdb.db);
  org = await makeOrg(tdb.db);
  const u = await makeUser(services, org, ['human-capital']);
  hc = (await actorForUser(tdb.db, u.userId, 'user'))!;
});
afterAll(() => tdb.destroy());

const manage = () => requirePermission(hc, 'employee.manager.manage');

describe('managers', () => {
  it('a manager sees the employees they manage, in other departments too, until inactivated', async () => {
    const head = await makeUser(services, org, ['department-head'], { dept: 0 });
    const headActor = (await actorForUser(tdb.db, head.userId, 'user'))!;
    const view = requirePermission(headActor, 'employee.view');
    const report = await makeEmployee(tdb.db, org, { dept: 1 }, 'Remote Report');
    expect((await failure(getEmployeeDetail(services.ctx(headActor), view, { id: report }))).code).toBe('NOT_FOUND');

    const r = await createManagers(services.ctx(hc), manage(), { managerEmployeeId: head.employeeId!, employeeIds: [report] });
    expect(r).toEqual({ added: 1, reactivated: 0 });
    expect((await getEmployeeDetail(services.ctx(headActor), view, { id: report })).name).toBe('Remote Report');
    const list = await listEmployees(services.ctx(headActor), view, { search: 'Remote Report' });
    expect(list.rows.map((x) => x.id)).toEqual([report]);

    const pair = (await listManagers(services.ctx(hc), manage(), { managerEmployeeId: head.employeeId! })).rows[0]!;
    expect(pair).toMatchObject({ employeeId: report, active: true });
    // Concurrent inactivations: one wins, the rest are told it is already inactive.
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => inactivateManager(services.ctx(hc), manage(), { id: pair.id })),
    );
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect((await failure(getEmployeeDetail(services.ctx(headActor), view, { id: report }))).code).toBe('NOT_FOUND');

    // Adding the pair again reactivates it.
    expect(
      await createManagers(services.ctx(hc), manage(), { managerEmployeeId: head.employeeId!, employeeIds: [report] }),
    ).toEqual({
      added: 0,
      reactivated: 1,
    });
    expect((await failure(activateManager(services.ctx(hc), manage(), { id: pair.id }))).message).toBe(
      'This manager is already active',
    );
  });

  it('refuses managing oneself, loops and unknown people, naming the field', async () => {
    const a = await makeEmployee(tdb.db, org, { dept: 0 });
    const b = await makeEmployee(tdb.db, org, { dept: 0 });
    const self = await failure(createManagers(services.ctx(hc), manage(), { managerEmployeeId: a, employeeIds: [b, a] }));
    expect(self.fields).toEqual([{ param: 'employeeIds.1', msg: 'is the manager themselves' }]);
    await createManagers(services.ctx(hc), manage(), { managerEmployeeId: a, employeeIds: [b] });
    const loop = await failure(createManagers(services.ctx(hc), manage(), { managerEmployeeId: b, employeeIds: [a] }));
    expect(loop.code).toBe('CONFLICT');
    const unknown = await failure(createManagers(services.ctx(hc), manage(), { managerEmployeeId: a, employeeIds: [999_999] }));
    expect(unknown.fields).toEqual([{ param: 'employeeIds.0', msg: 'is not a known employee' }]);

    // Handing the employee to another manager.
    const c = await makeEmployee(tdb.db, org, { dept: 0 });
    const pair = (await listManagers(services.ctx(hc), manage(), { managerEmployeeId: a })).rows[0]!;
    await updateManager(services.ctx(hc), manage(), { id: pair.id, managerEmployeeId: c, note: 'Team change' });
    expect((await listManagers(services.ctx(hc), manage(), { managerEmployeeId: c })).rows[0]).toMatchObject({
      employeeId: b,
      note: 'Team change',
    });
  });
});
