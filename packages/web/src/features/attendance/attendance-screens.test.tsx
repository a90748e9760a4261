import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeTrpcServer } from '../../testing/render-screen';
import { MyAttendancePdfPage } from './PersonalPages';
import { SchedulePage } from './SchedulePage';
import { ShiftFormPage } from './ShiftFormPage';
import { TimesheetListPage } from './TimesheetListPage';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';

cleanupAfterEach();

const render = (path: string, route: string, element: React.ReactElement, permissions: string[]) =>
  renderRoute(path, element, sessionUser(permissions), route);

const row = (over: Record<string, unknown> = {}) => ({
  employeeId: 9,
  employeeNumber: 'JKT-00009',
  employeeName: 'Rina Worker',
  department: 'Operations',
  date: '2026-11-05',
  dayType: 'workday',
  shiftId: 1,
  shift: 'Office (08:00 - 17:00)',
  status: 2,
  statusLabel: 'No Clock-In',
  firstIn: null,
  lastOut: null,
  lateMinutes: 0,
  earlyMinutes: 0,
  workedMinutes: 0,
  manual: false,
  ...over,
});

const lookups = {
  'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }),
  'lookup.departments': () => ({ data: [{ id: 1, name: 'Operations' }] }),
  'lookup.divisions': () => ({ data: [] }),
};

describe('timesheet list (/attendance/timesheet)', () => {
  it('shows the spec §3 status labels, filters by status on the server, and a viewer gets no edit button', async () => {
    const server = fakeTrpcServer({
      ...lookups,
      'attendance.timesheet.list': () => ({ data: { rows: [row()], total: 1, page: 1, pageSize: 25 } }),
    });
    render('/attendance/timesheet', '/attendance/timesheet', <TimesheetListPage />, ['attendance.view']);
    expect(await screen.findByText('Rina Worker')).toBeTruthy();
    expect(screen.getByTestId('att-status').textContent).toBe('No Clock-In');
    const status = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect([...status.options].map((o) => o.text)).toEqual([
      'All statuses',
      'Valid',
      'No Clock-In',
      'No Clock-Out',
      'Late Clock-In',
      'Early Clock-Out',
      'Manual Input',
    ]);
    fireEvent.change(status, { target: { value: '98' } });
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === 'attendance.timesheet.list').at(-1)?.input).toMatchObject({
        status: 98,
        page: 1,
      }),
    );
    // The default period is the current month.
    const first = server.calls.find((c) => c.path === 'attendance.timesheet.list')?.input as { from: string; to: string };
    expect(first.from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Recompute' })).toBeNull();
  });

  it('a manager edits a day by hand: the note is required, then the edit is sent and the row shows Manual Input', async () => {
    let edited = false;
    const server = fakeTrpcServer({
      ...lookups,
      'attendance.timesheet.list': () => ({
        data: {
          rows: [
            edited
              ? row({
                  status: 98,
                  statusLabel: 'Manual Input',
                  firstIn: '2026-11-05 08:00',
                  lastOut: '2026-11-05 17:00',
                  manual: true,
                  workedMinutes: 480,
                })
              : row(),
          ],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      }),
      'attendance.timesheet.edit': () => {
        edited = true;
        return { data: row({ status: 98, statusLabel: 'Manual Input', manual: true }) };
      },
    });
    render('/attendance/timesheet', '/attendance/timesheet', <TimesheetListPage />, ['attendance.view', 'attendance.manage']);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Rina Worker on 05/11/2026' }));
    const dialog = await screen.findByRole('dialog');
    const clockIn = within(dialog).getByLabelText('Clock-In');
    fireEvent.change(clockIn, { target: { value: '08:00' } });
    fireEvent.blur(clockIn);
    const clockOut = within(dialog).getByLabelText('Clock-Out');
    fireEvent.change(clockOut, { target: { value: '17:00' } });
    fireEvent.blur(clockOut);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save manual input' }));
    expect(await within(dialog).findByText('Note field is required')).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'attendance.timesheet.edit')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Note/), { target: { value: 'Forgot the card' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save manual input' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'attendance.timesheet.edit')?.input).toEqual({
        employeeId: 9,
        date: '2026-11-05',
        firstIn: '08:00',
        lastOut: '17:00',
        note: 'Forgot the card',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('att-status').textContent).toBe('Manual Input'));
    expect(screen.getByRole('button', { name: 'Clear edit' })).toBeTruthy();
  });
});

describe('shift form (/attendance/shift/add)', () => {
  it('checks the fields, previews "name (start - end)" with overnight, and creates the shift', async () => {
    const server = fakeTrpcServer({
      ...lookups,
      'attendance.shift.create': (input) => ({ data: { id: 4, ...(input as object) } }),
      'attendance.shift.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }),
    });
    render('/attendance/shift/add', '/attendance/shift/add', <ShiftFormPage />, ['attendance.view', 'attendance.manage']);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name field is required')).toBeTruthy();
    expect(screen.getByText('Start field is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Night' } });
    for (const [label, value] of [
      [/^Start/, '22:00'],
      [/^End/, '06:00'],
    ] as const) {
      const input = screen.getByLabelText(label);
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
    }
    fireEvent.change(screen.getByLabelText(/^Break/), { target: { value: '30' } });
    expect(screen.getByTestId('shift-preview').textContent).toBe('Shown as: Night (22:00 - 06:00) · Overnight');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'attendance.shift.create')?.input).toEqual({
        name: 'Night',
        startTime: '22:00',
        endTime: '06:00',
        breakMinutes: 30,
        lateGraceMinutes: 0,
        earlyGraceMinutes: 0,
      }),
    );
  });
});

describe('my attendance PDF (/personal/attendance/mypdf)', () => {
  it("shows the month's numbers and saves the PDF the server sends", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const server = fakeTrpcServer({
      'attendance.personal.report': () => ({
        data: {
          from: `${month}-01`,
          to: `${month}-30`,
          employee: {
            id: 3,
            employeeNumber: 'JKT-00003',
            name: 'Budi',
            department: null,
            companyOffice: null,
            jobPosition: null,
          },
          totals: {
            days: 20,
            workdays: 20,
            present: 18,
            absent: 1,
            late: 2,
            lateMinutes: 35,
            early: 0,
            earlyMinutes: 0,
            leave: 1,
            holidays: 0,
            failed: 3,
            workedMinutes: 8640,
            workedHours: '144.00',
          },
          days: [],
        },
      }),
      'attendance.personal.pdf': () => ({
        data: { fileName: 'attendance_JKT-00003.pdf', contentType: 'application/pdf', base64: btoa('%PDF-1.4') },
      }),
    });
    const createObjectURL = vi.fn(() => 'blob:pdf');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    render('/personal/attendance/mypdf', '/personal/attendance/mypdf', <MyAttendancePdfPage />, ['personal.access']);
    const totals = await screen.findByTestId('mypdf-totals');
    expect(within(totals).getByText('144.00')).toBeTruthy();
    expect(within(totals).getByText('2 / 35′')).toBeTruthy();
    fireEvent.click(screen.getByTestId('mypdf-download'));
    await waitFor(() => expect(clicks).toEqual(['attendance_JKT-00003.pdf']));
    expect(server.calls.find((c) => c.path === 'attendance.personal.pdf')?.input).toEqual({ month, language: 'en' });
    click.mockRestore();
  });
});

describe('schedule (/attendance/schedule)', () => {
  it('the roster grid asks for 10 employees × 7 days and shows shifts, days off and holidays', async () => {
    const server = fakeTrpcServer({
      ...lookups,
      'attendance.schedule.list': (input) => {
        const { from } = input as { from: string };
        const rows = Array.from({ length: 7 }, (_, i) => {
          const d = new Date(`${from}T00:00:00Z`);
          d.setUTCDate(d.getUTCDate() + i);
          const date = d.toISOString().slice(0, 10);
          return {
            employeeId: 9,
            employeeName: 'Rina Worker',
            employeeNumber: 'JKT-00009',
            date,
            shiftId: i < 5 ? 1 : null,
            shift: i < 5 ? 'Office (08:00 - 17:00)' : null,
            rostered: i < 5,
            holiday: i === 2 ? 'Company anniversary' : null,
          };
        });
        return { data: { rows, total: 7, page: 1, pageSize: 70 } };
      },
    });
    render('/attendance/schedule', '/attendance/schedule', <SchedulePage />, ['attendance.view']);
    const grid = await screen.findByRole('table', { name: 'Roster' });
    expect(await within(grid).findByText('Rina Worker')).toBeTruthy();
    expect(within(grid).getAllByText(/Office/)).toHaveLength(5);
    expect(within(grid).getAllByText('Off')).toHaveLength(2);
    expect(within(grid).getByText('Company anniversary')).toBeTruthy();
    const input = server.calls.find((c) => c.path === 'attendance.schedule.list')?.input as Record<string, unknown>;
    expect(input).toMatchObject({ page: 1, pageSize: 70 });
    // A viewer has no Assign tab; holidays and settings are tabs of this page.
    expect(screen.queryByRole('tab', { name: 'Assign roster' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Holidays' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Attendance settings' })).toBeTruthy();
  });

  it('assigns a rotation pattern in bulk for a department', async () => {
    const server = fakeTrpcServer({
      ...lookups,
      'attendance.shift.lookup': () => ({
        data: [{ id: 1, name: 'Morning (07:00 - 15:00)', startTime: '07:00', endTime: '15:00' }],
      }),
      'attendance.schedule.assign': () => ({ data: { employees: 12, days: 31, rosterDays: 372 } }),
      'attendance.schedule.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 70 } }),
    });
    render('/attendance/schedule', '/attendance/schedule?tab=assign', <SchedulePage />, ['attendance.view', 'attendance.manage']);
    fireEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Shift field is required')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Morning (07:00 - 15:00)' }).length).toBeGreaterThan(0));
    fireEvent.change(screen.getByLabelText('Department'), { target: { value: '1' } });
    fireEvent.change(document.getElementById('step-shift-0')!, { target: { value: '1' } });
    expect(screen.getByTestId('assign-preview').textContent).toContain('Morning (07:00 - 15:00)');
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'attendance.schedule.assign')?.input).toMatchObject({
        departmentId: 1,
        pattern: [
          { shiftId: 1, days: 5 },
          { shiftId: null, days: 2 },
        ],
      }),
    );
  });
});
