import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomePage } from './HomePage';
import { fakeTrpcServer, renderAs } from '../../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';

cleanupAfterEach();

const user = (permissions: string[]) => sessionUser(permissions, { email: 'lead@test.co.id', name: 'Lead' });

const handlers = {
  'dashboard.todayShift': () => ({
    data: { date: '2026-12-20', shift: 'Pagi (08:00 - 17:00)', holiday: null, firstIn: '07:58', lastOut: null, status: 3 },
  }),
  'dashboard.upcomingBirthday': () => ({
    data: [
      {
        employeeId: 9,
        employeeNumber: 'JKT-9',
        employeeName: 'Bima Today',
        department: 'Ops',
        date: '2026-12-20',
        inDays: 0,
        turns: 41,
      },
    ],
  }),
  'dashboard.regulations': () => ({
    data: [{ id: 1, title: 'Peraturan Perusahaan', effectiveDate: '2026-01-01', fileName: 'pp.pdf' }],
  }),
  'dashboard.liveTimesheet': () => ({
    data: {
      date: '2026-12-20',
      scheduled: 12,
      clockedIn: 9,
      late: 2,
      notYetIn: 3,
      onLeave: 1,
      latest: [{ employeeId: 4, employeeName: 'Lala Late', department: 'Ops', firstIn: '08:40', late: true }],
    },
  }),
  'dashboard.leaveReport': () => ({ data: { year: 2026, rows: [], totals: [] } }),
  'dashboard.expireContract': () => ({ data: [] }),
  'dashboard.leaveRequest': () => ({
    data: [{ id: 3, employeeName: 'Nina Leave', leaveType: 'Annual leave', startDate: '2026-12-22', endDate: '2026-12-23' }],
  }),
  'dashboard.attendanceCorrection': () => ({ data: { rows: [], total: 0 } }),
  'attendanceRequest.overtime.awaitingMe': () => ({ data: { rows: [], total: 0 } }),
};

describe('home dashboard', () => {
  it('an employee sees their shift, birthdays and regulations, and no team widgets', async () => {
    const { calls } = fakeTrpcServer(handlers);
    renderAs(<HomePage />, user(['personal.access']));
    expect(await screen.findByText('Pagi (08:00 - 17:00)')).toBeTruthy();
    expect(await screen.findByText('Bima Today')).toBeTruthy();
    expect(await screen.findByText('Peraturan Perusahaan')).toBeTruthy();
    expect(screen.queryByText('Live timesheet')).toBeNull();
    expect(screen.queryByText('Awaiting my decision')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('dashboard.liveTimesheet') || c.path === 'dashboard.leaveRequest')).toBe(false);
  });

  it("an employee's menus list every page they may open, and none that refuses (issue 19 item 5)", async () => {
    fakeTrpcServer(handlers);
    renderAs(<HomePage />, user(['personal.access', 'inventory.request', 'cooperative.view']));
    await screen.findByText('Pagi (08:00 - 17:00)');
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    for (const name of ['My Leave', 'My Overtime', 'My Salary', 'Profile', 'Withdrawal']) {
      expect(links).toContain(name);
    }
    expect(links).not.toContain('Manage Cooperative');
    // The menu is hidden on a phone: the home page points below, not "on the left".
    expect(screen.queryByText(/on the left/)).toBeNull();
  });

  it('an approver sees what awaits them and the live timesheet counts', async () => {
    fakeTrpcServer(handlers);
    renderAs(<HomePage />, user(['personal.access', 'attendance.view', 'attendance.approve', 'employee.view']));
    expect(await screen.findByText('Nina Leave')).toBeTruthy();
    expect(screen.getByText('Leave requests')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('live-timesheet').textContent).toContain('Lala Late'));
    const live = screen.getByTestId('live-timesheet').textContent ?? '';
    expect(live).toContain('On time7');
    expect(live).toContain('Not yet in3');
    expect(await screen.findByText('No contract ends in the next 30 days')).toBeTruthy();
    expect(await screen.findByText('No approved leave this year yet')).toBeTruthy();
  });
});
