import type { SessionUser } from '@hr/core/browser';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/can';
import { fakeTrpcServer, renderWithProviders } from '../../test/render';
import { LeaveListPage } from './LeaveListPage';
import { PersonalLeaveAddPage, PersonalLeavePage } from './PersonalLeavePages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = (permissions: string[], employeeId = 3): SessionUser => ({
  userId: 5,
  email: 'hc@test.co.id',
  name: 'HC',
  employeeId,
  personalId: null,
  companyOfficeId: 1,
  departmentId: 1,
  divisionId: null,
  mandatorySavingId: null,
  roles: [],
  permissions,
  companyOffices: [{ id: 1, name: 'Jakarta' }],
  mustChangePassword: false,
});

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
  renderWithProviders(
    <SessionProvider user={user(permissions)}>
      <Routes>
        <Route path={path} element={element} />
      </Routes>
    </SessionProvider>,
    { route: path },
  );

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
    const server = handlers({
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
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Enjoy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.calls.find((c) => c.path === 'leave.approve')?.input).toEqual({ id: 21, note: 'Enjoy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByLabelText('Select request 21'));
    fireEvent.click(screen.getByLabelText('Select request 22'));
    fireEvent.click(screen.getByRole('button', { name: 'Disapprove (2)' }));
    const bulk = await screen.findByRole('dialog');
    fireEvent.click(within(bulk).getByRole('button', { name: 'Disapprove' }));
    await waitFor(() => expect(server.calls.find((c) => c.path === 'leave.bulkDisapprove')?.input).toEqual({ ids: [21, 22] }));
  });
});
