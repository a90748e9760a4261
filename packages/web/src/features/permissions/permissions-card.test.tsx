import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmployeePermissionsCard } from './EmployeePermissionsCard';
import { JobPositionPermissionsCard } from './JobPositionPermissionsCard';
import { SectionRolesDialog } from './SectionRolesDialog';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';
import { fakeTrpcServer, renderAs, rowWith } from '../../testing/render-screen';

cleanupAfterEach();

const user = sessionUser;

const grant = (id: number, key: string, status: number, requestedBy: string, kind = 'permission') => ({
  id,
  subjectType: 'employee',
  subjectId: 9,
  subjectName: 'Rina Worker',
  kind,
  key,
  status,
  requestedBy,
  // The signed-in user of these tests is hc@test.co.id: the server marks the grants they filed.
  filedByMe: requestedBy === 'hc@test.co.id',
  requestedAt: '2026-11-22T03:00:00.000Z',
  decidedBy: status === 1 ? 'boss@test.co.id' : null,
  decidedAt: status === 1 ? '2026-11-22T04:00:00.000Z' : null,
  revokedAt: null,
});

const grants = [
  grant(3, 'salary.view', 3, 'hc@test.co.id'),
  grant(2, 'canteen.view', 3, 'other@test.co.id'),
  grant(1, 'warehouse-manager', 1, 'other@test.co.id', 'role'),
];
const page = { rows: grants, total: 3, page: 1, pageSize: 500 };
const ALL = ['permission.view', 'permission.assign', 'permission.approve'];

const render = (permissions: string[]) => renderAs(<EmployeePermissionsCard employeeId={9} />, user(permissions));

/** The table row of a grant (the assign select lists the same keys as options). */
const rowOf = rowWith;

describe('employee permissions card', () => {
  it('nobody approves their own assignment; others can; approved grants can be unassigned', async () => {
    const server = fakeTrpcServer({
      'permission.employee.list': () => ({ data: page }),
      'permission.employee.approve': () => ({ data: { ok: true } }),
    });
    render(ALL);
    const own = await rowOf('salary.view');
    expect(within(own).getByText('Pending')).toBeTruthy();
    expect(within(own).getByText('Awaiting a second person')).toBeTruthy();
    expect(within(own).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(own).getByRole('button', { name: /^Cancel/ })).toBeTruthy();

    const theirs = await rowOf('canteen.view');
    fireEvent.click(within(theirs).getByRole('button', { name: /^Approve/ }));
    await waitFor(() => expect(server.calls.find((c) => c.path === 'permission.employee.approve')?.input).toEqual({ id: 2 }));

    const role = await rowOf('Warehouse Manager');
    expect(within(role).getByText('Approved')).toBeTruthy();
    expect(within(role).getByRole('button', { name: /^Unassign/ })).toBeTruthy();
    expect(server.calls[0]?.input).toMatchObject({ subjectId: 9 });
  });

  it('assigns a chosen role or permission to the employee', async () => {
    const server = fakeTrpcServer({
      'permission.employee.list': () => ({ data: page }),
      'permission.employee.assign': () => ({ data: { id: 4 } }),
    });
    render(ALL);
    fireEvent.change(await screen.findByLabelText('Permission or role'), { target: { value: 'role:manager' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'permission.employee.assign')?.input).toEqual({
        subjectId: 9,
        grant: { kind: 'role', key: 'manager' },
      }),
    );
  });

  it('a viewer without permission.assign / approve sees the grants but no form and no buttons', async () => {
    fakeTrpcServer({ 'permission.employee.list': () => ({ data: page }) });
    render(['permission.view']);
    await rowOf('canteen.view');
    expect(screen.queryByLabelText('Permission or role')).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^(Approve|Cancel|Unassign)/ })).toHaveLength(0);
  });

  it('without permission.view nothing is shown', () => {
    const server = fakeTrpcServer({});
    const { container } = render(['employee.view']);
    expect(container.textContent).toBe('');
    expect(server.calls).toHaveLength(0);
  });

  it('"why" shows whether the employee holds a permission and which grant gives it', async () => {
    const server = fakeTrpcServer({
      'permission.employee.list': () => ({ data: page }),
      'permission.explain': () => ({
        data: {
          employeeId: 9,
          permission: 'inventory.view',
          has: true,
          account: 'active',
          email: 'rina@test.co.id',
          sources: [
            {
              kind: 'jobPosition',
              grantId: 1,
              grantKind: 'role',
              key: 'warehouse-manager',
              role: 'warehouse-manager',
              jobPosition: 'Storekeeper',
              requestedBy: 'other@test.co.id',
              requestedAt: '2026-11-22T03:00:00.000Z',
              approvedBy: 'boss@test.co.id',
              approvedAt: '2026-11-22T04:00:00.000Z',
            },
          ],
          pending: [],
        },
      }),
    });
    render(ALL);
    const box = await screen.findByTestId('why-permission');
    fireEvent.change(within(box).getByLabelText('Permission'), { target: { value: 'inventory.view' } });
    expect(await within(box).findByText('rina@test.co.id has inventory.view.')).toBeTruthy();
    const line = within(box).getByText(/Grant to job position Storekeeper/);
    expect(line.textContent).toContain('through role Warehouse Manager');
    expect(line.textContent).toContain('approved by boss@test.co.id');
    expect(server.calls.find((c) => c.path === 'permission.explain')?.input).toEqual({
      employeeId: 9,
      permission: 'inventory.view',
    });
  });
});

describe('section-department roles', () => {
  it('the dialog offers roles only and assigns through permission.sectionDepartment', async () => {
    const server = fakeTrpcServer({
      'permission.sectionDepartment.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 500 } }),
      'permission.sectionDepartment.assign': () => ({ data: { id: 31 } }),
    });
    renderAs(<SectionRolesDialog section={{ id: 4, name: 'Cold store' }} onClose={() => undefined} />, user(ALL));
    expect(await screen.findByText('Roles of section Cold store')).toBeTruthy();
    const select = document.getElementById('assign-sectionDepartment-4') as HTMLSelectElement;
    const groups = [...select.querySelectorAll('optgroup')].map((g) => g.label);
    expect(groups).toEqual(['Roles']);
    fireEvent.change(select, { target: { value: select.querySelectorAll('option')[1]!.value } });
    fireEvent.click(screen.getByText('Assign', { selector: 'button' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === 'permission.sectionDepartment.assign')).toBe(true));
    const input = server.calls.find((c) => c.path === 'permission.sectionDepartment.assign')?.input as {
      subjectId: number;
      grant: { kind: string };
    };
    expect(input).toMatchObject({ subjectId: 4, grant: { kind: 'role' } });
  });
});

describe('job position permission set', () => {
  it('creates several grants at once and deletes the whole set after a confirmation', async () => {
    const server = fakeTrpcServer({
      'permission.jobPosition.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 500 } }),
      'permission.jobPosition.createSet': () => ({ data: { created: [41, 42], skipped: [] } }),
      'permission.jobPosition.deleteSet': () => ({ data: { unassigned: 2, cancelled: 0 } }),
    });
    renderAs(<JobPositionPermissionsCard jobPositionId={6} />, user(ALL));
    const select = (await screen.findByLabelText(/Permissions and roles to add at once/)) as HTMLSelectElement;
    for (const o of select.options) o.selected = o.value === 'permission:salary.view' || o.value === 'role:supervisor';
    fireEvent.change(select);
    fireEvent.click(screen.getByRole('button', { name: 'Create set (2)' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === 'permission.jobPosition.createSet')).toBe(true));
    expect(server.calls.find((c) => c.path === 'permission.jobPosition.createSet')?.input).toEqual({
      subjectId: 6,
      grants: [
        { kind: 'permission', key: 'salary.view' },
        { kind: 'role', key: 'supervisor' },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete permission set' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete permission set' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'permission.jobPosition.deleteSet')?.input).toEqual({ subjectId: 6 }),
    );
  });
});
