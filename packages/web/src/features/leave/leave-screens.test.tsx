import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { fakeTrpcServer } from '../../test/render';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { LeaveListPage } from './LeaveListPage';
import { LeaveTypePage } from './LeaveTypePage';
import { PersonalLeaveAddPage, PersonalLeavePage } from './PersonalLeavePages';

cleanupAfterEach();

const user = (permissions: string[], employeeId = 3) => sessionUser(permissions, { employeeId });

const balance = {
  employeeId: 3,
  year: 2026,
  entitlementDate: '2025-01-01',
  entitled: 12,
  carried: 0,
  adjustment: 0,
  used: 4,
  reserved: 2,
  remaining: 6,
  adjustments: [] as { id: number; days: number; reason: string; createdBy: string; createdAt: string }[],
};

const row = (id: number, status: 1 | 2 | 3 | 4, employeeId = 9) => ({
  id,
  employeeId,
  employeeNumber: `JKT-0000${employeeId}`,
  employeeName: 'Rina Worker',
  companyOffice: 'Jakarta',
  department: 'Operations',
  leaveTypeId: 1,
  leaveType: 'Annual Leave',
  leaveTypeCode: 'AL',
  startDate: '2026-12-07',
  endDate: '2026-12-09',
  halfDay: 'none',
  days: 3,
  countsAnnual: true,
  bePaid: true,
  reason: 'Family visit',
  status,
  statusLabel: { 1: 'Approved', 2: 'Disapproved', 3: 'Pending', 4: 'Cancel' }[status],
  attachmentName: null,
  createdAt: '2026-11-22T03:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  decisionNote: null,
  approvalSteps: 0,
  approvedSteps: 0,
});

const types = [
  {
    id: 1,
    code: 'AL',
    name: 'Annual Leave',
    paid: true,
    countsAnnual: true,
    maxDays: null,
    needsAttachment: false,
    allowHalfDay: true,
    active: true,
    requests: 2,
  },
];

const render = (path: string, element: React.ReactElement, permissions: string[]) =>
  renderRoute(path, element, user(permissions));

describe('personal leave', () => {
  it('the request form names empty fields, focuses the first and sends nothing', async () => {
    const server = fakeTrpcServer({
      'leave.personal.balance': () => ({ data: balance }),
      'leave.type.list': () => ({ data: types }),
    });
    render('/personal/leave/add', <PersonalLeaveAddPage />, ['personal.access']);
    expect((await screen.findByTestId('leave-balance-remaining')).textContent).toBe('6');
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('lv-leaveTypeId'));
    expect(screen.getByText('Leave Type field is required')).toBeTruthy();
    expect(screen.getByText('Start Date field is required')).toBeTruthy();
    expect(screen.getByText('Reason field is required')).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'leave.personal.create')).toBe(false);
  });

  it('the list shows the balance and the statuses; a pending request can be cancelled', async () => {
    const server = fakeTrpcServer({
      'leave.personal.balance': () => ({ data: balance }),
      'leave.personal.list': () => ({ data: { rows: [row(11, 3, 3), row(12, 1, 3)], total: 2, page: 1, pageSize: 25 } }),
      'leave.personal.cancel': () => ({ data: { ...row(11, 4, 3), dates: [], can: {} } }),
    });
    render('/personal/leave', <PersonalLeavePage />, ['personal.access']);
    expect((await screen.findByTestId('leave-balance-used')).textContent).toBe('4');
    await screen.findAllByText('Family visit');
    const statuses = screen.getAllByTestId('leave-status').map((s) => s.textContent);
    expect(statuses).toEqual(['Pending', 'Approved']);
    // Only the pending one has a cancel button.
    const cancel = screen.getAllByRole('button', { name: 'Cancel leave' });
    expect(cancel).toHaveLength(1);
    fireEvent.click(cancel[0]!);
    await waitFor(() => expect(server.calls.find((c) => c.path === 'leave.personal.cancel')?.input).toEqual({ id: 11 }));
  });
});

describe('attendance leave list', () => {
  const handlers = (extra: Parameters<typeof fakeTrpcServer>[0] = {}) =>
    fakeTrpcServer({
      'leave.type.list': () => ({ data: types }),
      'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }),
      'lookup.departments': () => ({ data: [] }),
      'leave.list': () => ({ data: { rows: [row(21, 3), row(22, 3, 10), row(23, 1)], total: 3, page: 1, pageSize: 25 } }),
      ...extra,
    });

  it('a viewer without attendance.approve sees no decision buttons', async () => {
    handlers();
    render('/attendance/leave', <LeaveListPage />, ['attendance.view']);
    await screen.findAllByText('Family visit');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add leave' })).toBeNull();
  });

  it('an approver approves one with a note, and disapproves several in bulk', async () => {
    const success = vi.spyOn(toast, 'success');
    const server = handlers({
      'leave.balance': () => ({ data: { ...balance, employeeId: 9, remaining: 5, reserved: 3 } }),
      'leave.approve': () => ({ data: { ...row(21, 1), dates: [], can: {} } }),
      'leave.bulkDisapprove': () => ({
        data: {
          items: [
            { id: 21, ok: false, message: 'This leave request has been decided already; reload to see its status' },
            { id: 22, ok: true, message: 'Done' },
          ],
          succeeded: 1,
          failed: 1,
        },
      }),
    });
    render('/attendance/leave', <LeaveListPage />, ['attendance.view', 'attendance.approve']);
    await screen.findAllByText('Family visit');
    fireEvent.click(screen.getAllByRole('button', { name: 'Approve' })[0]!);
    const dialog = await screen.findByRole('dialog');
    // The approver sees the requester's balance of the request's year while deciding.
    expect((await within(dialog).findByTestId('requester-remaining')).textContent).toBe('5');
    expect(within(dialog).getByTestId('requester-balance').textContent).toContain('Rina Worker · annual leave balance 2026');
    expect(server.calls.find((c) => c.path === 'leave.balance')?.input).toEqual({ employeeId: 9, year: 2026 });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Enjoy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.calls.find((c) => c.path === 'leave.approve')?.input).toEqual({ id: 21, note: 'Enjoy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The toast names what happened, not just the button's verb.
    const messages = () =>
      success.mock.calls.map((c) => (c[0] as ReactElement<{ spec: { message: string } }>).props.spec.message);
    await waitFor(() => expect(messages()).toContain('Leave approved'));
    fireEvent.click(screen.getByLabelText('Select request 21'));
    fireEvent.click(screen.getByLabelText('Select request 22'));
    fireEvent.click(screen.getByRole('button', { name: 'Disapprove (2)' }));
    const bulk = await screen.findByRole('dialog');
    fireEvent.click(within(bulk).getByRole('button', { name: 'Disapprove' }));
    await waitFor(() => expect(server.calls.find((c) => c.path === 'leave.bulkDisapprove')?.input).toEqual({ ids: [21, 22] }));
    success.mockRestore();
  });
});

describe('approval rules and steps', () => {
  it('HR adds a rule: manager, then HR; the steps are sent in order', async () => {
    const server = fakeTrpcServer({
      'leave.type.list': () => ({ data: types }),
      'leave.settings.get': () => ({
        data: { annualDays: 12, carryOverMaxDays: 0, prorateFirstYear: false, updatedAt: '2026-11-01T00:00:00.000Z' },
      }),
      'leave.approvalRule.list': () => ({ data: [] }),
      'leave.approvalRule.create': () => ({ data: { id: 1, steps: [] } }),
      'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }),
      'lookup.departments': () => ({ data: [] }),
    });
    render('/misc/leavetype', <LeaveTypePage />, ['org.view', 'attendance.view', 'attendance.manage']);
    expect(await screen.findByText(/No approval rule/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Leave type'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));
    expect((within(dialog).getByLabelText('Step 2') as HTMLSelectElement).value).toBe('hr');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'leave.approvalRule.create')?.input).toEqual({
        leaveTypeId: 1,
        steps: [{ kind: 'manager' }, { kind: 'hr' }],
      }),
    );
  });

  it('a specific-employee step without an employee is refused before sending', async () => {
    const server = fakeTrpcServer({
      'leave.type.list': () => ({ data: types }),
      'leave.settings.get': () => ({
        data: { annualDays: 12, carryOverMaxDays: 0, prorateFirstYear: false, updatedAt: '2026-11-01T00:00:00.000Z' },
      }),
      'leave.approvalRule.list': () => ({ data: [] }),
      'lookup.companyOffices': () => ({ data: [] }),
      'lookup.departments': () => ({ data: [] }),
    });
    render('/misc/leavetype', <LeaveTypePage />, ['org.view', 'attendance.view', 'attendance.manage']);
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Step 1'), { target: { value: 'employee' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('choose the approving employee')).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'leave.approvalRule.create')).toBe(false);
  });

  it('the list shows the step progress and who approved each step', async () => {
    fakeTrpcServer({
      'leave.type.list': () => ({ data: types }),
      'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }),
      'lookup.departments': () => ({ data: [] }),
      'leave.list': () => ({
        data: { rows: [{ ...row(31, 3), approvalSteps: 2, approvedSteps: 1 }], total: 1, page: 1, pageSize: 25 },
      }),
      'leave.get': () => ({
        data: {
          ...row(31, 3),
          approvalSteps: 2,
          approvedSteps: 1,
          dates: [],
          can: {},
          steps: [
            {
              step: 1,
              kind: 'manager',
              label: 'Manager',
              status: 'approved',
              decidedBy: 'Maya Manager',
              decidedAt: '2026-11-22T04:00:00.000Z',
              note: null,
            },
            { step: 2, kind: 'hr', label: 'HR', status: 'pending', decidedBy: null, decidedAt: null, note: null },
          ],
        },
      }),
    });
    render('/attendance/leave', <LeaveListPage />, ['attendance.view', 'attendance.approve']);
    expect(await screen.findByText(/Step 1 of 2 approved/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Steps' }));
    const first = await screen.findByTestId('leave-step-1');
    expect(first.textContent).toMatch(/Step 1: Manager — Approved · Maya Manager/);
    expect(screen.getByTestId('leave-step-2').textContent).toMatch(/Step 2: HR — Waiting/);
  });

  it('the personal balance lists HR adjustments', async () => {
    fakeTrpcServer({
      'leave.personal.balance': () => ({
        data: {
          ...balance,
          adjustment: 1.5,
          adjustments: [
            { id: 1, days: 1.5, reason: 'Overtime compensation', createdBy: 'HC', createdAt: '2026-11-10T03:00:00.000Z' },
          ],
        },
      }),
      'leave.personal.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }),
    });
    render('/personal/leave', <PersonalLeavePage />, ['personal.access']);
    expect((await screen.findByTestId('leave-balance-adjustment')).textContent).toBe('1.5');
    expect(screen.getByText('Overtime compensation')).toBeTruthy();
    expect(screen.getByText('+1.5')).toBeTruthy();
  });
});
