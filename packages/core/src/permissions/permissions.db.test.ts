import { describe, expect, it } from 'vitest';
import { listEmployees } from '../employees/service';
import { AppError } from '../shared/errors';
import { makeEmployee, makeUser } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { requirePermission } from '../access/grant';
import { deleteSection } from '../org/index';
import { explainPermission } from './explain';
import { approveGrant, assignGrant, cancelGrant, createGrantSet, deleteGrantSet, listGrants, unassignGrant } from './service';

const t = useOrgTestDb();

describe('permission grants', () => {
  it('take effect only after a second person approves; the requester cannot approve their own', async () => {
    const a = await t.newActor(['superadmin']);
    const b = await t.newActor(['superadmin']);
    const target = await makeUser(t.services, t.org, ['employee']);
    expect((await t.actorOf(target.userId)).permissions.has('salary.view')).toBe(false);

    const g = await assignGrant(t.services.ctx(a), requirePermission(a, 'permission.assign'), 'employee', {
      subjectId: target.employeeId!,
      grant: { kind: 'permission', key: 'salary.view' },
    });
    expect((await t.actorOf(target.userId)).permissions.has('salary.view')).toBe(false);
    const own = await approveGrant(t.services.ctx(a), requirePermission(a, 'permission.approve'), { id: g.id }).catch((e) => e);
    expect(own).toBeInstanceOf(AppError);
    expect(own.code).toBe('FORBIDDEN');
    await approveGrant(t.services.ctx(b), requirePermission(b, 'permission.approve'), { id: g.id });
    expect((await t.actorOf(target.userId)).permissions.has('salary.view')).toBe(true);

    await unassignGrant(t.services.ctx(a), requirePermission(a, 'permission.assign'), { id: g.id });
    expect((await t.actorOf(target.userId)).permissions.has('salary.view')).toBe(false);
  });

  it('a role granted to a job position reaches everyone in that position; cancel stops a pending grant', async () => {
    const a = await t.newActor(['superadmin']);
    const b = await t.newActor(['superadmin']);
    const pos = await t.newJobPosition('Storekeeper', 1);
    const u = await makeUser(t.services, t.org, ['employee'], { dept: 1 });
    await t.db.updateTable('employees').set({ job_position_id: pos.id }).where('id', '=', u.employeeId!).execute();

    const pending = await assignGrant(t.services.ctx(a), requirePermission(a, 'permission.assign'), 'job_position', {
      subjectId: pos.id,
      grant: { kind: 'role', key: 'warehouse-manager' },
    });
    await cancelGrant(t.services.ctx(a), requirePermission(a, 'permission.assign'), { id: pending.id });
    await expect(approveGrant(t.services.ctx(b), requirePermission(b, 'permission.approve'), { id: pending.id })).rejects.toThrow(
      'no longer pending',
    );

    const g = await assignGrant(t.services.ctx(a), requirePermission(a, 'permission.assign'), 'job_position', {
      subjectId: pos.id,
      grant: { kind: 'role', key: 'warehouse-manager' },
    });
    await approveGrant(t.services.ctx(b), requirePermission(b, 'permission.approve'), { id: g.id });
    const actor = await t.actorOf(u.userId);
    expect(actor.roles).toContain('warehouse-manager');
    expect(actor.permissions.has('inventory.approve.warehouse')).toBe(true);
    const list = await listGrants(t.services.ctx(a), requirePermission(a, 'permission.view'), 'job_position', {
      subjectId: pos.id,
    });
    expect(list.rows.map((r) => [r.key, r.status])).toEqual([
      ['warehouse-manager', 1],
      ['warehouse-manager', 4],
    ]);
  });

  it('a role granted to a section-department reaches everyone placed in it; a section holds roles only', async () => {
    const a = await t.newActor(['superadmin']);
    const b = await t.newActor(['superadmin']);
    const section = await t.db
      .insertInto('sections')
      .values({
        company_office_id: t.org.officeId,
        department_id: t.org.dept[1]!,
        division_id: t.org.div[1]!,
        name: 'Cold store',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inside = await makeUser(t.services, t.org, ['employee'], { dept: 1 });
    const outside = await makeUser(t.services, t.org, ['employee'], { dept: 1 });
    await t.db.updateTable('employees').set({ section_id: section.id }).where('id', '=', inside.employeeId!).execute();

    const permissionGrant = await assignGrant(t.services.ctx(a), requirePermission(a, 'permission.assign'), 'section', {
      subjectId: section.id,
      grant: { kind: 'permission', key: 'salary.view' },
    }).catch((e) => e);
    expect(permissionGrant).toBeInstanceOf(AppError);
    expect(permissionGrant.fields).toEqual([{ param: 'grant.kind', msg: 'must be role for a section-department' }]);

    const g = await assignGrant(t.services.ctx(a), requirePermission(a, 'permission.assign'), 'section', {
      subjectId: section.id,
      grant: { kind: 'role', key: 'warehouse-manager' },
    });
    expect((await t.actorOf(inside.userId)).roles).not.toContain('warehouse-manager');
    await approveGrant(t.services.ctx(b), requirePermission(b, 'permission.approve'), { id: g.id });
    const holder = await t.actorOf(inside.userId);
    expect(holder.roles).toContain('warehouse-manager');
    expect(holder.permissions.has('inventory.approve.warehouse')).toBe(true);
    expect((await t.actorOf(outside.userId)).roles).not.toContain('warehouse-manager');

    const why = await explainPermission(t.services.ctx(a), requirePermission(a, 'permission.view'), {
      employeeId: inside.employeeId!,
      permission: 'inventory.approve.warehouse',
    });
    expect(why.has).toBe(true);
    expect(why.sources).toEqual([expect.objectContaining({ kind: 'section', section: 'Cold store', role: 'warehouse-manager' })]);
    const list = await listGrants(t.services.ctx(a), requirePermission(a, 'permission.view'), 'section', {
      subjectId: section.id,
    });
    expect(list.rows.map((r) => [r.subjectName, r.key, r.status])).toEqual([['Cold store', 'warehouse-manager', 1]]);

    // A section with a live role grant cannot be deleted; unassigned, the role is gone at once.
    const refused = await deleteSection(t.services.ctx(a), requirePermission(a, 'org.manage'), { id: section.id }).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.message).toContain('1 role grant');
    await unassignGrant(t.services.ctx(a), requirePermission(a, 'permission.assign'), { id: g.id });
    expect((await t.actorOf(inside.userId)).roles).not.toContain('warehouse-manager');
  });

  it('a job position permission set is created in one go (each grant still four-eyes) and deleted in one go', async () => {
    const a = await t.newActor(['superadmin']);
    const b = await t.newActor(['superadmin']);
    const pos = await t.newJobPosition('Payroll clerk');
    const u = await makeUser(t.services, t.org, ['employee']);
    await t.db.updateTable('employees').set({ job_position_id: pos.id }).where('id', '=', u.employeeId!).execute();
    const assign = requirePermission(a, 'permission.assign');

    const set = await createGrantSet(t.services.ctx(a), assign, {
      subjectId: pos.id,
      grants: [
        { kind: 'permission', key: 'salary.view' },
        { kind: 'permission', key: 'canteen.view' },
        { kind: 'permission', key: 'salary.view' },
      ],
    });
    expect(set.created).toHaveLength(2);
    expect(set.skipped).toEqual([]);
    const again = await createGrantSet(t.services.ctx(a), assign, {
      subjectId: pos.id,
      grants: [
        { kind: 'permission', key: 'salary.view' },
        { kind: 'role', key: 'supervisor' },
      ],
    });
    expect(again).toMatchObject({ skipped: ['salary.view'] });
    expect(again.created).toHaveLength(1);
    expect((await t.actorOf(u.userId)).permissions.has('salary.view')).toBe(false);
    await approveGrant(t.services.ctx(b), requirePermission(b, 'permission.approve'), { id: set.created[0]! });
    await approveGrant(t.services.ctx(b), requirePermission(b, 'permission.approve'), { id: set.created[1]! });
    expect((await t.actorOf(u.userId)).permissions.has('salary.view')).toBe(true);

    expect(await deleteGrantSet(t.services.ctx(a), assign, { subjectId: pos.id })).toEqual({ unassigned: 2, cancelled: 1 });
    const holder = await t.actorOf(u.userId);
    expect(holder.permissions.has('salary.view')).toBe(false);
    expect(holder.permissions.has('canteen.view')).toBe(false);
    const live = await listGrants(t.services.ctx(a), requirePermission(a, 'permission.view'), 'job_position', {
      subjectId: pos.id,
    });
    expect(live.rows.every((r) => r.revokedAt !== null || r.status === 4)).toBe(true);
    const missing = await deleteGrantSet(t.services.ctx(a), assign, { subjectId: 999_999 }).catch((e) => e);
    expect(missing.code).toBe('NOT_FOUND');
  });

  it('concurrent approvals of one grant: exactly one succeeds', async () => {
    const a = await t.newActor(['superadmin']);
    const approvers = await Promise.all([1, 2, 3].map(async () => t.newActor(['superadmin'])));
    const target = await makeUser(t.services, t.org, ['employee']);
    const g = await assignGrant(t.services.ctx(a), requirePermission(a, 'permission.assign'), 'employee', {
      subjectId: target.employeeId!,
      grant: { kind: 'permission', key: 'attendance.view' },
    });
    const res = await Promise.allSettled(
      approvers.map((b) => approveGrant(t.services.ctx(b), requirePermission(b, 'permission.approve'), { id: g.id })),
    );
    expect(res.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('data scope (spec §6)', () => {
  it('a manager sees only employees of their own department or division; superadmin and HC see all', async () => {
    const inOps = await makeEmployee(t.db, t.org, { dept: 1 }, 'Budi Ops');
    const inHr = await makeEmployee(t.db, t.org, { dept: 0 }, 'Ani Hr');
    const mgr = await t.newActor(['manager'], { dept: 1 });
    const page = await listEmployees(t.services.ctx(mgr), requirePermission(mgr, 'employee.view'), { pageSize: 500 });
    const ids = page.rows.map((r) => r.id);
    expect(ids).toContain(inOps);
    expect(ids).not.toContain(inHr);
    expect(page.rows.every((r) => r.departmentId === t.org.dept[1])).toBe(true);

    for (const role of ['superadmin', 'human-capital'] as const) {
      const boss = await t.newActor([role], { dept: 1 });
      const all = await listEmployees(t.services.ctx(boss), requirePermission(boss, 'employee.view'), { pageSize: 500 });
      expect(all.rows.map((r) => r.id)).toEqual(expect.arrayContaining([inOps, inHr]));
    }
  });

  it('an ordinary employee has no employee-list permission', async () => {
    const e = await t.newActor(['employee']);
    expect(() => requirePermission(e, 'employee.view')).toThrow(AppError);
  });

  it('search matches name, number and e-mail, treats % and _ literally, and paginates with a total', async () => {
    const boss = await t.newActor(['superadmin']);
    await makeEmployee(t.db, t.org, { dept: 0 }, 'Dewi Lestari');
    for (const n of ['Eko Prasetyo', 'Fitri Handayani', 'Gilang Ramadhan', 'Hendra Wijaya'])
      await makeEmployee(t.db, t.org, { dept: 1 }, n);
    const g = requirePermission(boss, 'employee.view');
    const r = await listEmployees(t.services.ctx(boss), g, { search: 'dewi lest' });
    expect(r.rows.map((x) => x.name)).toEqual(['Dewi Lestari']);
    expect((await listEmployees(t.services.ctx(boss), g, { search: '%' })).total).toBe(0);
    const p1 = await listEmployees(t.services.ctx(boss), g, { pageSize: 2, page: 1, sort: 'name' });
    const p2 = await listEmployees(t.services.ctx(boss), g, { pageSize: 2, page: 2, sort: 'name' });
    expect(p1.total).toBeGreaterThan(4);
    expect(p1.rows).toHaveLength(2);
    expect(p2.rows[0]!.id).not.toBe(p1.rows[0]!.id);
    const past = await listEmployees(t.services.ctx(boss), g, { pageSize: 2, page: 10_000 });
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(p1.total);
  });
});
