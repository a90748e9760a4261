import { describe, expect, it } from 'vitest';
import { requirePermission } from '../access/grant';
import { failure } from '../testing/expect';
import { makeEmployee, makeUser } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { getEmployeeDetail } from './detail';
import { activateManager, createManagers, inactivateManager, listManagers, updateManager } from './managers';
import { listEmployees } from './service';
import { humanCapital } from './test-kit';

const t = useOrgTestDb(humanCapital);

const manage = () => requirePermission(t.hc, 'employee.manager.manage');

describe('managers', () => {
  it('a manager sees the employees they manage, in other departments too, until inactivated', async () => {
    const head = await makeUser(t.services, t.org, ['department-head'], { dept: 0 });
    const headActor = await t.actorOf(head.userId);
    const view = requirePermission(headActor, 'employee.view');
    const report = await makeEmployee(t.db, t.org, { dept: 1 }, 'Remote Report');
    expect((await failure(getEmployeeDetail(t.services.ctx(headActor), view, { id: report }))).code).toBe('NOT_FOUND');

    const r = await createManagers(t.services.ctx(t.hc), manage(), {
      managerEmployeeId: head.employeeId!,
      employeeIds: [report],
    });
    expect(r).toEqual({ added: 1, reactivated: 0 });
    expect((await getEmployeeDetail(t.services.ctx(headActor), view, { id: report })).name).toBe('Remote Report');
    const list = await listEmployees(t.services.ctx(headActor), view, { search: 'Remote Report' });
    expect(list.rows.map((x) => x.id)).toEqual([report]);

    const pair = (await listManagers(t.services.ctx(t.hc), manage(), { managerEmployeeId: head.employeeId! })).rows[0]!;
    expect(pair).toMatchObject({ employeeId: report, active: true });
    // Concurrent inactivations: one wins, the rest are told it is already inactive.
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => inactivateManager(t.services.ctx(t.hc), manage(), { id: pair.id })),
    );
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect((await failure(getEmployeeDetail(t.services.ctx(headActor), view, { id: report }))).code).toBe('NOT_FOUND');

    // Adding the pair again reactivates it.
    expect(
      await createManagers(t.services.ctx(t.hc), manage(), { managerEmployeeId: head.employeeId!, employeeIds: [report] }),
    ).toEqual({
      added: 0,
      reactivated: 1,
    });
    expect((await failure(activateManager(t.services.ctx(t.hc), manage(), { id: pair.id }))).message).toBe(
      'This manager is already active',
    );
  });

  it('refuses managing oneself, loops and unknown people, naming the field', async () => {
    const a = await makeEmployee(t.db, t.org, { dept: 0 });
    const b = await makeEmployee(t.db, t.org, { dept: 0 });
    const self = await failure(createManagers(t.services.ctx(t.hc), manage(), { managerEmployeeId: a, employeeIds: [b, a] }));
    expect(self.fields).toEqual([{ param: 'employeeIds.1', msg: 'is the manager themselves' }]);
    await createManagers(t.services.ctx(t.hc), manage(), { managerEmployeeId: a, employeeIds: [b] });
    const loop = await failure(createManagers(t.services.ctx(t.hc), manage(), { managerEmployeeId: b, employeeIds: [a] }));
    expect(loop.code).toBe('CONFLICT');
    const unknown = await failure(
      createManagers(t.services.ctx(t.hc), manage(), { managerEmployeeId: a, employeeIds: [999_999] }),
    );
    expect(unknown.fields).toEqual([{ param: 'employeeIds.0', msg: 'is not a known employee' }]);

    // Handing the employee to another manager.
    const c = await makeEmployee(t.db, t.org, { dept: 0 });
    const pair = (await listManagers(t.services.ctx(t.hc), manage(), { managerEmployeeId: a })).rows[0]!;
    await updateManager(t.services.ctx(t.hc), manage(), { id: pair.id, managerEmployeeId: c, note: 'Team change' });
    expect((await listManagers(t.services.ctx(t.hc), manage(), { managerEmployeeId: c })).rows[0]).toMatchObject({
      employeeId: b,
      note: 'Team change',
    });
  });
});
