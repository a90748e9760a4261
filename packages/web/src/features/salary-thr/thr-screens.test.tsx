import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { HolidayAllowanceDetailPage } from './HolidayAllowanceDetailPage';
import { HolidayAllowanceGeneratePage } from './HolidayAllowanceGeneratePage';
import { HolidayAllowanceListPage } from './HolidayAllowanceListPage';
import { fakeTrpcServer, renderRoutes } from '../../testing/render-screen';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';

cleanupAfterEach();

const render = (pattern: string, route: string, element: React.ReactElement, permissions: string[]) =>
  renderRoute(pattern, element, sessionUser(permissions), route);

const run = (status: 'draft' | 'finalised') => ({
  id: 7,
  holiday: 2,
  holidayName: 'Idul Fitri',
  year: 2026,
  holidayDate: '2026-03-20',
  payDate: '2026-03-13',
  companyOfficeId: null,
  companyOffice: null,
  status,
  employees: 1,
  notEligible: 1,
  total: '3000000',
  pph21Estimate: '0',
  createdAt: '2026-03-01T03:00:00.000Z',
  finalisedAt: null,
});
const trace = {
  thr: {
    rule: 'THR amount',
    formula: 'round half up(monthsOfService / 12 × monthlyWage)',
    inputs: { monthlyWage: 6000000, monthsOfService: '6' },
    source: 'Permenaker 6/2016 Pasal 2–3',
  },
};
const lines = [
  {
    id: 1,
    employeeId: 11,
    employeeNumber: 'JKT-00011',
    employeeName: 'Budi Santoso',
    religion: 'Islam',
    joinDate: '2025-09-10',
    eligible: true,
    reason: null,
    monthsOfService: '6',
    monthlyWage: '6000000',
    amount: '3000000',
    pph21Estimate: null,
    trace,
  },
  {
    id: 2,
    employeeId: 12,
    employeeNumber: 'JKT-00012',
    employeeName: 'Citra Dewi',
    religion: 'Islam',
    joinDate: '2026-03-01',
    eligible: false,
    reason: 'under 1 month of service on the holiday (0 months since 2026-03-01)',
    monthsOfService: '0',
    monthlyWage: '7000000',
    amount: '0',
    pph21Estimate: null,
    trace: {},
  },
];

describe('THR screens', () => {
  it('the list shows holiday, year, scope, status, employees and total; no generate link without salary.update', async () => {
    fakeTrpcServer({
      'salary.holidayAllowance.list': () => ({ data: { rows: [run('draft')], total: 1, page: 1, pageSize: 25 } }),
    });
    render('/salary/holidayAllowance', '/salary/holidayAllowance', <HolidayAllowanceListPage />, ['salary.view']);
    expect(await screen.findByRole('link', { name: 'Idul Fitri' })).toBeTruthy();
    expect(screen.getByText('Whole company')).toBeTruthy();
    expect(screen.getByTestId('thr-status').textContent).toBe('Draft');
    expect(screen.getByText('Rp 3.000.000')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Generate THR' })).toBeNull();
  });

  it('the list heading is in Bahasa Indonesia when that language is chosen', async () => {
    fakeTrpcServer({
      'salary.holidayAllowance.list': () => ({ data: { rows: [run('draft')], total: 1, page: 1, pageSize: 25 } }),
    });
    await i18n.changeLanguage('id');
    try {
      render('/salary/holidayAllowance', '/salary/holidayAllowance', <HolidayAllowanceListPage />, ['salary.view']);
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Tunjangan Hari Raya');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('generate: empty fields are named and nothing is sent', async () => {
    const server = fakeTrpcServer({ 'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }) });
    render('/salary/holidayAllowance/generate', '/salary/holidayAllowance/generate', <HolidayAllowanceGeneratePage />, [
      'salary.view',
      'salary.update',
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview (dry run)' }));
    expect(screen.getByText('Holiday field is required')).toBeTruthy();
    expect(screen.getByText('Holiday Date field is required')).toBeTruthy();
    expect(screen.getByText('Pay Date field is required')).toBeTruthy();
    expect(document.activeElement?.id).toBe('thr-holiday');
    expect(server.calls.some((c) => c.path.startsWith('salary.holidayAllowance'))).toBe(false);
  });

  it('generate runs as a job: the progress of n of N employees, then the draft opens', async () => {
    const polls = [
      { status: 'queued', done: 0, total: 0 },
      { status: 'running', done: 500, total: 1200 },
    ];
    let poll = 0;
    const server = fakeTrpcServer({
      'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }),
      'salary.holidayAllowance.generateJob': () => ({ data: { jobId: 9 } }),
      'job.get': () => {
        const p = polls[poll++];
        const base = { id: 9, kind: 'salary.holidayAllowance.generate', result: null, error: null };
        if (p) return { data: { ...base, ...p } };
        return { data: { ...base, status: 'succeeded', done: 1200, total: 1200, result: { runId: 41 } } };
      },
    });
    renderRoutes(
      {
        '/salary/holidayAllowance/generate': <HolidayAllowanceGeneratePage />,
        '/salary/holidayAllowance/:id/detail': <p>THR detail page</p>,
      },
      sessionUser(['salary.view', 'salary.update']),
      '/salary/holidayAllowance/generate',
    );
    await screen.findByRole('button', { name: 'Generate' });
    fireEvent.change(document.getElementById('thr-holiday')!, { target: { value: '2' } });
    const pickDay = (inputId: string, day: string) => {
      fireEvent.click(document.getElementById(inputId)!);
      fireEvent.click([...document.querySelectorAll('td button')].find((b) => b.textContent === day)!);
    };
    pickDay('thr-holidayDate', '20');
    pickDay('thr-payDate', '13');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.getByTestId('job-progress').textContent).toBe('Generating: 500 of 1200 employees'), {
      timeout: 3000,
    });
    expect(screen.getByRole('progressbar', { name: 'THR run generation progress' }).getAttribute('aria-valuenow')).toBe('500');
    expect(await screen.findByText('THR detail page', {}, { timeout: 3000 })).toBeTruthy();
    expect(server.calls.find((c) => c.path === 'salary.holidayAllowance.generateJob')?.input).toEqual({
      holiday: 2,
      holidayDate: expect.stringMatching(/^\d{4}-\d{2}-20$/),
      payDate: expect.stringMatching(/^\d{4}-\d{2}-13$/),
      payOtherReligions: false,
    });
  });

  it('generate: choosing the holiday fills its date from the holiday calendar and the pay date 7 days before', async () => {
    const server = fakeTrpcServer({
      'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }),
      'salary.holidayAllowance.dates': (input) =>
        (input as { holiday: number }).holiday === 2
          ? { data: { holidayDate: '2027-03-10', payDate: '2027-03-03' } }
          : { data: { holidayDate: null, payDate: null } },
      'salary.holidayAllowance.dryRun': () => ({
        data: { holiday: 2, year: 2027, employees: 0, notEligible: 0, total: '0', pph21Estimate: '0', lines: [] },
      }),
    });
    render('/salary/holidayAllowance/generate', '/salary/holidayAllowance/generate', <HolidayAllowanceGeneratePage />, [
      'salary.view',
      'salary.update',
    ]);
    await screen.findByRole('button', { name: 'Generate' });
    fireEvent.change(document.getElementById('thr-holiday')!, { target: { value: '2' } });
    await waitFor(() => expect((document.getElementById('thr-holidayDate') as HTMLInputElement).value).toBe('10/03/2027'));
    expect((document.getElementById('thr-payDate') as HTMLInputElement).value).toBe('03/03/2027');
    fireEvent.click(screen.getByRole('button', { name: 'Preview (dry run)' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'salary.holidayAllowance.dryRun')?.input).toMatchObject({
        holiday: 2,
        holidayDate: '2027-03-10',
        payDate: '2027-03-03',
      }),
    );
    // A holiday the calendar does not have yet: the user is told to enter the dates.
    fireEvent.change(document.getElementById('thr-holiday')!, { target: { value: '4' } });
    expect((await screen.findByTestId('thr-not-in-calendar')).textContent).toContain('not in the holiday calendar');
  });

  it('detail: lines with reasons, the trace dialog, and finalise of a draft', async () => {
    const server = fakeTrpcServer({
      'salary.holidayAllowance.detail': () => ({
        data: {
          ...run('draft'),
          monthCounting: 'completed',
          payOtherReligions: false,
          lines: { rows: lines, total: 2, page: 1, pageSize: 50 },
        },
      }),
      'salary.holidayAllowance.finalise': () => ({ data: run('finalised') }),
    });
    render('/salary/holidayAllowance/:id/detail', '/salary/holidayAllowance/7/detail', <HolidayAllowanceDetailPage />, [
      'salary.view',
      'salary.update',
    ]);
    expect(await screen.findByText('THR Idul Fitri 2026')).toBeTruthy();
    expect(screen.getByText(/under 1 month of service/)).toBeTruthy();
    const budi = screen.getByRole('row', { name: /Budi Santoso/ });
    fireEvent.click(within(budi).getByRole('button', { name: 'Trace' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('THR amount')).toBeTruthy();
    expect(within(dialog).getByText(/monthsOfService = 6/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Finalise' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Finalise' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'salary.holidayAllowance.finalise')?.input).toEqual({ id: 7 }),
    );
  });

  it('detail: a finalised run offers only the download', async () => {
    fakeTrpcServer({
      'salary.holidayAllowance.detail': () => ({
        data: {
          ...run('finalised'),
          monthCounting: 'completed',
          payOtherReligions: false,
          lines: { rows: lines, total: 2, page: 1, pageSize: 50 },
        },
      }),
    });
    render('/salary/holidayAllowance/:id/detail', '/salary/holidayAllowance/7/detail', <HolidayAllowanceDetailPage />, [
      'salary.view',
      'salary.update',
    ]);
    expect((await screen.findByTestId('thr-run-status')).textContent).toBe('Finalised');
    expect(screen.getByRole('button', { name: 'Download XLSX' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finalise' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
  });
});
