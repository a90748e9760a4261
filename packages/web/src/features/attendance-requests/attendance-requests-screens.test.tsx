import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer } from '../../test/render';
import { stubResizeObserver } from '../../testing/resize-observer';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { CorrectionListPage } from './CorrectionListPage';
import { MyCorrectionPage } from './MyCorrectionPage';
import { OvertimeAddPage } from './OvertimeAddPages';

cleanupAfterEach();

const user = (permissions: string[]) => sessionUser(permissions, { email: 'rina@test.co.id', name: 'Rina', employeeId: 9 });

const render = (path: string, element: React.ReactElement, permissions: string[]) =>
  renderRoute(path, element, user(permissions));

const row = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  employeeId: 9,
  employeeNumber: `JKT-0000${id}`,
  employeeName: `Person ${id}`,
  department: 'Ops',
  date: '2026-11-18',
  type: 1,
  typeLabel: 'Late Clock-In',
  startTime: '08:40',
  endTime: null,
  reason: 'Flat tyre',
  status: 3,
  statusLabel: 'Pending',
  requestedBy: `Person ${id}`,
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  createdAt: '2026-11-18T03:00:00.000Z',
  ...over,
});
const page = (rows: unknown[]) => ({ data: { rows, total: rows.length, page: 1, pageSize: 25 } });

/** Opens the date picker and picks the 1st of the shown month (never in the future). */
function pickFirstDay(input: HTMLElement): string {
  fireEvent.click(input);
  const button = screen.getAllByRole('button').find((b) => b.closest('td') && b.textContent === '1');
  if (!button) throw new Error('day 1 not shown');
  fireEvent.click(button);
  return (input as HTMLInputElement).value;
}

const typeTime = (el: HTMLElement, value: string) => {
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
};

describe('personal correction request (/personal/attendance/correction)', () => {
  it('names empty fields; the picked day shows its timesheet; a short leave ending before it starts is refused in the browser', async () => {
    const server = fakeTrpcServer({
      'attendanceRequest.correction.mine': () => page([]),
      'attendanceRequest.correction.myDay': () => ({
        data: {
          date: '2026-11-01',
          dayType: 'workday',
          shift: 'Office (08:00 - 17:00)',
          status: 4,
          statusLabel: 'Late Clock-In',
          firstIn: '2026-11-01 08:40',
          lastOut: '2026-11-01 17:05',
          lateMinutes: 40,
          earlyMinutes: 0,
          workedMinutes: 445,
          manual: false,
        },
      }),
      'attendanceRequest.correction.create': (input) => ({ data: { ...row(1), ...(input as object) } }),
    });
    render('/personal/attendance/correction', <MyCorrectionPage />, ['personal.access']);
    expect(await screen.findByText('No corrections')).toBeTruthy();
    expect(screen.getByText('Pick a date to see that day’s timesheet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('corr-date'));
    expect(screen.getByText('Date field is required')).toBeTruthy();
    expect(screen.getByText('Type field is required')).toBeTruthy();
    expect(screen.getByText('Reason field is required')).toBeTruthy();

    const shown = pickFirstDay(document.getElementById('corr-date')!);
    expect((await screen.findByTestId('day-status')).textContent).toBe('Late Clock-In');
    expect(within(screen.getByTestId('day-row')).getByText('40')).toBeTruthy();

    fireEvent.change(document.getElementById('corr-type')!, { target: { value: '3' } });
    typeTime(screen.getByLabelText('Away from', { exact: false }), '14:00');
    typeTime(screen.getByLabelText('Back at', { exact: false }), '13:00');
    fireEvent.change(screen.getByLabelText('Reason', { exact: false }), { target: { value: 'Bank visit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Back at must be after the start of the short leave')).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'attendanceRequest.correction.create')).toBe(false);

    typeTime(screen.getByLabelText('Back at', { exact: false }), '15:00');
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    const [dd, mm, yyyy] = shown.split('/');
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'attendanceRequest.correction.create')?.input).toEqual({
        date: `${yyyy}-${mm}-${dd}`,
        type: 3,
        startTime: '14:00',
        endTime: '15:00',
        reason: 'Bank visit',
      }),
    );
  });
});

describe('HR correction list (/attendance/timesheet/correction)', () => {
  it('bulk approves the picked rows and decides one from its detail with a note', async () => {
    const detail = {
      ...row(2),
      history: [
        { action: 'requested', fromStatus: null, toStatus: 3, note: null, actor: 'Person 2', at: '2026-11-18T03:00:00.000Z' },
      ],
      day: null,
      can: { update: true, approve: true, disapprove: true, cancel: true, delete: true },
    };
    const server = fakeTrpcServer({
      'attendanceRequest.correction.list': () =>
        page([row(1), row(2, { type: 4, typeLabel: 'Shift Correction', endTime: '17:30' })]),
      'attendanceRequest.correction.bulkApprove': () => ({
        data: {
          done: 1,
          failed: 1,
          items: [
            { id: 1, ok: true, message: 'Approved' },
            { id: 2, ok: false, message: 'refused' },
          ],
        },
      }),
      'attendanceRequest.correction.get': () => ({ data: detail }),
      'attendanceRequest.correction.approve': () => ({ data: { ...detail, status: 1, statusLabel: 'Approved' } }),
      'lookup.companyOffices': () => ({ data: [] }),
      'lookup.departments': () => ({ data: [] }),
    });
    render('/attendance/timesheet/correction', <CorrectionListPage />, ['attendance.view', 'attendance.approve']);
    expect(await screen.findByText('08:40 -')).toBeTruthy();
    expect(screen.getByText('08:40 - 17:30')).toBeTruthy();
    const approveAll = within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approveAll.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select #1'));
    fireEvent.click(screen.getByLabelText('Select #2'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(approveAll);
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'attendanceRequest.correction.bulkApprove')?.input).toEqual({ ids: [1, 2] }),
    );
    await waitFor(() => expect(screen.getByText('0 selected')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Details #2' }));
    expect((await screen.findByTestId('correction-status')).textContent).toBe('Pending');
    expect(screen.getByText('No timesheet for this day yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Terminal offline' } });
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'attendanceRequest.correction.approve')?.input).toEqual({
        id: 2,
        note: 'Terminal offline',
      }),
    );
  });

  it('without attendance.approve there is no bulk bar and no selection', async () => {
    fakeTrpcServer({
      'attendanceRequest.correction.list': () => page([row(1)]),
      'lookup.companyOffices': () => ({ data: [] }),
      'lookup.departments': () => ({ data: [] }),
    });
    render('/attendance/timesheet/correction', <CorrectionListPage />, ['attendance.view']);
    expect(await screen.findByText('Person 1', { exact: false })).toBeTruthy();
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    expect(screen.queryByLabelText('Select #1')).toBeNull();
  });
});

describe('overtime for several employees and days (/attendance/overtime/add, issue 20 item 1)', () => {
  it('sends every chosen employee with the date range; a refusal lists each employee-day and nothing is filed', async () => {
    const refusal = 'Budi (JKT-00002) 01/11/2026: An overtime request for 01/11/2026 is already pending or approved';
    const server = fakeTrpcServer({
      'employee.list': () =>
        page([
          { id: 1, employeeNumber: 'JKT-00001', name: 'Ana' },
          { id: 2, employeeNumber: 'JKT-00002', name: 'Budi' },
        ]),
      'attendanceRequest.overtime.create': () => ({
        error: {
          message: 'No overtime was filed: 1 of 2 employee-days cannot be requested',
          status: 400,
          data: { fields: [{ param: 'employeeIds.1', msg: refusal }] },
        },
      }),
    });
    stubResizeObserver();
    render('/attendance/overtime/add', <OvertimeAddPage />, ['attendance.approve', 'attendance.view']);
    fireEvent.click(await screen.findByLabelText('Several employees or days (all or nothing)'));
    const picker = document.getElementById('ot-employeeId')!;
    for (const name of ['JKT-00001 Ana', 'JKT-00002 Budi']) {
      fireEvent.change(picker, { target: { value: name.slice(-3) } });
      await screen.findByRole('option', { name });
      fireEvent.keyDown(picker, { key: 'ArrowDown' });
      fireEvent.keyDown(picker, { key: 'Enter' });
    }
    expect(within(screen.getByRole('list', { name: 'Employees (2)' })).getAllByRole('listitem')).toHaveLength(2);
    const shown = pickFirstDay(document.getElementById('ot-date')!);
    typeTime(document.getElementById('ot-startTime')!, '08:00');
    typeTime(document.getElementById('ot-endTime')!, '10:00');
    fireEvent.change(screen.getByLabelText('Reason', { exact: false }), { target: { value: 'Stock-taking' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    const [dd, mm, yyyy] = shown.split('/');
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'attendanceRequest.overtime.create')?.input).toEqual({
        employeeIds: [1, 2],
        dateFrom: `${yyyy}-${mm}-${dd}`,
        dateTo: `${yyyy}-${mm}-${dd}`,
        startTime: '08:00',
        endTime: '10:00',
        reason: 'Stock-taking',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Nothing was filed. Fix these and send again:')).toBeTruthy();
    expect(within(alert).getByText(refusal)).toBeTruthy();
  });
});
