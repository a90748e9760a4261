import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { displayNameOf, makeEmployee, makeUser } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { explainPermission } from './explain';
import { requirePermission } from '../access/grant';
import { PERMISSION_KEYS } from '../access/registry';
import { approveGrant, assignGrant, unassignGrant } from './service';

const t = useOrgTestDb();

describe('why can this person see this (explainPermission)', () => {
  it('names the employee grant, the job-position role grant and the login role; pending grants are listed apart', async () => {
    const a = await t.newActor(['superadmin']);
    const b = await t.newActor(['human-capital']);
    const assign = requirePermission(a, 'permission.assign');
    const approve = requirePermission(b, 'permission.approve');
    const view = requirePermission(b, 'permission.view');
    const pos = await t.newJobPosition('Storekeeper', 1);
    const target = await makeUser(t.services, t.org, ['employee'], { dept: 1 });
    const employeeId = target.employeeId!;
    await t.db.updateTable('employees').set({ job_position_id: pos.id }).where('id', '=', employeeId).execute();
    const ctx = t.services.ctx(b);

    const before = await explainPermission(ctx, view, { employeeId, permission: 'inventory.view' });
    expect(before).toMatchObject({ has: false, account: 'active', sources: [], pending: [] });

    const g = await assignGrant(t.services.ctx(a), assign, 'employee', {
      subjectId: employeeId,
      grant: { kind: 'permission', key: 'inventory.view' },
    });
    const waiting = await explainPermission(ctx, view, { employeeId, permission: 'inventory.view' });
    expect(waiting.has).toBe(false);
    expect(waiting.pending).toMatchObject([{ kind: 'employee', grantId: g.id, key: 'inventory.view', approvedBy: null }]);

    await approveGrant(t.services.ctx(b), approve, { id: g.id });
    const role = await assignGrant(t.services.ctx(a), assign, 'job_position', {
      subjectId: pos.id,
      grant: { kind: 'role', key: 'warehouse-manager' },
    });
    await approveGrant(t.services.ctx(b), approve, { id: role.id });

    const now = await explainPermission(ctx, view, { employeeId, permission: 'inventory.view' });
    expect(now.has).toBe(true);
    expect(now.pending).toEqual([]);
    expect(now.sources).toMatchObject([
      // Who asked and who approved by name, not by e-mail address (issue 19).
      {
        kind: 'employee',
        grantId: g.id,
        grantKind: 'permission',
        role: null,
        requestedBy: await displayNameOf(t.db, a),
        approvedBy: await displayNameOf(t.db, b),
      },
      { kind: 'jobPosition', grantId: role.id, grantKind: 'role', role: 'warehouse-manager', jobPosition: 'Storekeeper' },
    ]);
    expect(now.sources[0]!.approvedAt).toBeInstanceOf(Date);

    const own = await explainPermission(ctx, view, { employeeId, permission: 'personal.access' });
    expect(own.sources).toMatchObject([
      { kind: 'userRole', role: 'employee', grantId: null },
      { kind: 'jobPosition', role: 'warehouse-manager' },
    ]);

    await unassignGrant(t.services.ctx(a), assign, { id: g.id });
    const after = await explainPermission(ctx, view, { employeeId, permission: 'inventory.view' });
    expect(after.sources.map((s) => s.kind)).toEqual(['jobPosition']);
  });

  it('agrees with the permissions the server loads for every key: has ⇔ the actor holds it ⇔ some source gives it', async () => {
    const a = await t.newActor(['superadmin']);
    const b = await t.newActor(['superadmin']);
    const target = await makeUser(t.services, t.org, ['supervisor']);
    for (const grant of [
      { kind: 'permission', key: 'salary.view' },
      { kind: 'role', key: 'warehouse-manager' },
    ] as const) {
      const g = await assignGrant(t.services.ctx(a), requirePermission(a, 'permission.assign'), 'employee', {
        subjectId: target.employeeId!,
        grant,
      });
      await approveGrant(t.services.ctx(b), requirePermission(b, 'permission.approve'), { id: g.id });
    }
    const actor = await t.actorOf(target.userId);
    const view = requirePermission(a, 'permission.view');
    for (const permission of PERMISSION_KEYS) {
      const x = await explainPermission(t.services.ctx(a), view, { employeeId: target.employeeId!, permission });
      expect([permission, x.has]).toEqual([permission, actor.permissions.has(permission)]);
      expect([permission, x.sources.length > 0]).toEqual([permission, x.has]);
    }
  });

  it('an inactive login holds nothing, whatever its sources; an employee without login is reported as such', async () => {
    const a = await t.newActor(['superadmin']);
    const view = requirePermission(a, 'permission.view');
    const off = await makeUser(t.services, t.org, ['human-capital'], { active: false });
    const x = await explainPermission(t.services.ctx(a), view, { employeeId: off.employeeId!, permission: 'salary.view' });
    expect(x).toMatchObject({ has: false, account: 'blocked', sources: [{ kind: 'userRole', role: 'human-capital' }] });
    const bare = await makeEmployee(t.db, t.org, { dept: 0 });
    const y = await explainPermission(t.services.ctx(a), view, { employeeId: bare, permission: 'salary.view' });
    expect(y).toMatchObject({ has: false, account: 'noLogin', email: null, sources: [] });
  });

  it('an employee outside the viewer’s data scope is NOT_FOUND', async () => {
    const staff = await t.newActor(['supervisor'], { dept: 0 });
    const other = await makeEmployee(t.db, t.org, { dept: 1 });
    // Supervisors lack permission.view; build the grant as if they had it, to test the scope alone.
    const view = requirePermission({ ...staff, permissions: new Set(['permission.view']) }, 'permission.view');
    const err = await explainPermission(t.services.ctx(staff), view, { employeeId: other, permission: 'salary.view' }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('NOT_FOUND');
  });
});
