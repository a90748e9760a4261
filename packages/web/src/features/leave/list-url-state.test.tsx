import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer, renderRoutes } from '../../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';
import { BpjsReportPage } from '../salary-bpjs/BpjsReportPage';
import { LeaveListPage } from './LeaveListPage';

/*
 * Issue 19: a list's own filters live in the URL, so Back (or a reload, or a shared link) shows the list
 * as the user left it: the leave list's status, type, office and period, and the BPJS report's
 * "problems only".
 */

cleanupAfterEach();

/** Somewhere else, with a Back button and the URL it was reached from. */
function Elsewhere() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}
function ToElsewhere() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/elsewhere')}>
      Open
    </button>
  );
}
function Url() {
  return <p data-testid="url">{useLocation().search}</p>;
}
const lastInput = (calls: { path: string; input: unknown }[], path: string) =>
  calls.filter((c) => c.path === path).at(-1)?.input as Record<string, unknown> | undefined;

describe('leave list: its filters are kept in the URL', () => {
  it('status, leave type and period survive an open-and-Back, and the query uses them', async () => {
    const server = fakeTrpcServer({
      'leave.type.list': () => ({ data: [{ id: 1, code: 'AL', name: 'Annual Leave', active: true }] }),
      'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }),
      'lookup.departments': () => ({ data: [] }),
      'leave.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }),
    });
    renderRoutes(
      {
        '/attendance/leave': (
          <>
            <LeaveListPage />
            <Url />
          </>
        ),
        '/attendance/leave/schedule': <Elsewhere />,
      },
      sessionUser(['attendance.view']),
      '/attendance/leave',
    );
    await screen.findByRole('option', { name: 'Annual Leave' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Leave type'), { target: { value: '1' } });
    const url = screen.getByTestId('url').textContent ?? '';
    expect(new URLSearchParams(url).get('status')).toBe('3');
    expect(new URLSearchParams(url).get('type')).toBe('1');
    await waitFor(() => expect(lastInput(server.calls, 'leave.list')).toMatchObject({ status: 3, leaveTypeId: 1 }));

    fireEvent.click(screen.getByRole('link', { name: 'Leave Schedule' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));

    await screen.findByRole('option', { name: 'Annual Leave' });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('3');
    expect((screen.getByLabelText('Leave type') as HTMLSelectElement).value).toBe('1');
    await waitFor(() => expect(lastInput(server.calls, 'leave.list')).toMatchObject({ status: 3, leaveTypeId: 1 }));
  });

  it('a link with the filters opens the list filtered', async () => {
    const server = fakeTrpcServer({
      'leave.type.list': () => ({ data: [] }),
      'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }),
      'lookup.departments': () => ({ data: [] }),
      'leave.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }),
    });
    renderRoutes(
      { '/attendance/leave': <LeaveListPage /> },
      sessionUser(['attendance.view']),
      '/attendance/leave?status=1&from=2026-11-01&to=2026-11-30',
    );
    await waitFor(() =>
      expect(lastInput(server.calls, 'leave.list')).toMatchObject({ status: 1, from: '2026-11-01', to: '2026-11-30' }),
    );
  });
});

describe('BPJS report: "problems only" is kept in the URL', () => {
  it('survives an open-and-Back, and the report is asked for problems only', async () => {
    const server = fakeTrpcServer({
      'salary.report.list': () => ({
        data: {
          rows: [{ id: 9, period: '2026-11', companyOfficeId: null, companyOffice: null, status: 'finalised', employees: 1 }],
          total: 1,
          page: 1,
          pageSize: 100,
        },
      }),
      'bpjsReport.detail': () => ({
        data: {
          run: { id: 9, period: '2026-11', companyOfficeId: null, companyOffice: null, status: 'finalised' },
          employees: 0,
          withProblems: 0,
          recap: [],
          rows: { rows: [], total: 0, page: 1, pageSize: 25 },
        },
      }),
    });
    renderRoutes(
      {
        '/salary/bpjsReport': (
          <>
            <BpjsReportPage />
            <ToElsewhere />
            <Url />
          </>
        ),
        '/elsewhere': <Elsewhere />,
      },
      sessionUser(['salary.view']),
      '/salary/bpjsReport',
    );
    const box = (await screen.findByLabelText('Only employees with a problem')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(new URLSearchParams(screen.getByTestId('url').textContent ?? '').get('problems')).toBe('1');
    await waitFor(() => expect(lastInput(server.calls, 'bpjsReport.detail')).toMatchObject({ problemsOnly: true }));

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));

    expect(((await screen.findByLabelText('Only employees with a problem')) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(lastInput(server.calls, 'bpjsReport.detail')).toMatchObject({ problemsOnly: true }));
  });
});
