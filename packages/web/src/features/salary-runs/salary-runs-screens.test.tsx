import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MySalaryPage } from './MySalaryPage';
import { SalaryReportDetailPage } from './SalaryReportDetailPage';
import { SalaryReportGeneratePage } from './SalaryReportGeneratePage';
import { SalaryReportListPage } from './SalaryReportListPage';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';
import { fakeTrpcServer, renderRoutes } from '../../testing/render-screen';

cleanupAfterEach();

const render = (pattern: string, route: string, element: React.ReactElement, permissions: string[]) =>
  renderRoutes({ '/salary/report/:id/detail': <p>detail page</p>, [pattern]: element }, sessionUser(permissions), route);

const run = (id: number, status: 'draft' | 'finalised' | 'cancelled', office: string | null) => ({
  id,
  period: '2026-10',
  companyOfficeId: office ? 1 : null,
  companyOffice: office,
  status,
  employees: 2,
  gross: '15000000',
  tax: '450000',
  net: '13800000',
  createdAt: '2026-10-25T03:00:00.000Z',
  finalisedAt: status === 'finalised' ? '2026-10-26T03:00:00.000Z' : null,
});

const summary = {
  id: 71,
  runId: 9,
  period: '2026-10',
  employeeId: 4,
  employeeNumber: 'JKT-00004',
  employeeName: 'Rina Worker',
  ptkpStatus: 'K/1',
  basicSalary: '8000000',
  gross: '9000000',
  taxableGross: '9100000',
  totalDeductions: '260000',
  pph21: '182000',
  net: '8558000',
  employerCost: '9500000',
};

const lines = [
  {
    position: 1,
    code: 'basic',
    name: 'Basic salary',
    kind: 'earning',
    amount: '8000000',
    trace: { rule: 'Basic salary', formula: 'entered amount', inputs: { amount: '8000000' }, source: 'salary queue' },
  },
  {
    position: 2,
    code: 'pph21',
    name: 'PPh 21',
    kind: 'deduction',
    amount: '182000',
    trace: {
      rule: 'PPh 21 monthly TER',
      formula: 'taxableGross × TER rate, rounded down',
      inputs: { taxableGross: '9100000', category: 'B', ratePercent: '2' },
      source: 'PP 58/2023, PMK 168/2023',
    },
  },
];

describe('salary report list', () => {
  const server = () =>
    fakeTrpcServer({
      'salary.report.list': () => ({
        data: { rows: [run(9, 'draft', 'Jakarta'), run(8, 'finalised', null)], total: 2, page: 1, pageSize: 25 },
      }),
    });

  it('shows the runs with scope, status and totals; Generate only with salary.update', async () => {
    server();
    render('/salary/report', '/salary/report', <SalaryReportListPage />, ['salary.view', 'salary.update']);
    expect(await screen.findByText('Whole company')).toBeTruthy();
    expect(screen.getByText('Jakarta')).toBeTruthy();
    expect(screen.getAllByTestId('run-status').map((s) => s.textContent)).toEqual(['Draft', 'Finalised']);
    expect(screen.getAllByText('Rp 13.800.000')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: '10/2026' })[0]!.getAttribute('href')).toBe('/salary/report/9/detail');
    expect(screen.getByRole('link', { name: 'Generate' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Outbox' })).toBeTruthy();
  });

  it('a viewer without salary.update has no Generate link', async () => {
    server();
    render('/salary/report', '/salary/report', <SalaryReportListPage />, ['salary.view']);
    await screen.findByText('Whole company');
    expect(screen.queryByRole('link', { name: 'Generate' })).toBeNull();
  });

  it('the status filter is sent to the server', async () => {
    const s = server();
    render('/salary/report', '/salary/report', <SalaryReportListPage />, ['salary.view']);
    await screen.findByText('Whole company');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'finalised' } });
    await waitFor(() =>
      expect(
        s.calls.some((c) => c.path === 'salary.report.list' && (c.input as { status?: string }).status === 'finalised'),
      ).toBe(true),
    );
  });
});

describe('generate a salary report', () => {
  it('a dry run shows the difference to the previous net, highlights a big one and lists the skipped', async () => {
    const s = fakeTrpcServer({
      'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }),
      'salary.report.dryRun': () => ({
        data: {
          period: '2026-10',
          previousPeriod: '2026-09',
          employees: 2,
          gross: '15000000',
          tax: '450000',
          net: '13800000',
          skipped: [
            {
              employeeId: 12,
              employeeNumber: 'JKT-00012',
              employeeName: 'Budi Kontrak',
              reason: 'no basic salary (no contract or salary change)',
            },
          ],
          rows: [
            {
              employeeId: 4,
              employeeNumber: 'JKT-00004',
              employeeName: 'Rina Worker',
              gross: '9000000',
              pph21: '182000',
              net: '8558000',
              previousNet: '7058000',
              difference: '1500000',
            },
            {
              employeeId: 5,
              employeeNumber: 'JKT-00005',
              employeeName: 'Budi Staff',
              gross: '6000000',
              pph21: '268000',
              net: '5242000',
              previousNet: '5200000',
              difference: '42000',
            },
          ],
        },
      }),
    });
    render('/salary/report/generate', '/salary/report/generate', <SalaryReportGeneratePage />, ['salary.view', 'salary.update']);
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2026' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '10' } });
    await screen.findByRole('option', { name: 'Jakarta' });
    fireEvent.change(screen.getByLabelText('Company office'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByText('Rina Worker');
    expect(s.calls.find((c) => c.path === 'salary.report.dryRun')?.input).toEqual({ period: '2026-10', companyOfficeId: 1 });
    const diffs = screen.getAllByTestId('dry-run-difference');
    expect(diffs.map((d) => d.textContent)).toEqual(['+Rp 1.500.000', '+Rp 42.000']);
    expect(diffs.map((d) => d.hasAttribute('data-big'))).toEqual([true, false]);
    expect(screen.getByText('Net 09/2026')).toBeTruthy();
    expect(screen.getByTestId('dry-run-net').textContent).toBe('Rp 13.800.000');
    // Named by number and name, never "Employee #12".
    expect(screen.getByTestId('skipped-list').textContent).toBe(
      'JKT-00012 Budi Kontrak: no basic salary (no contract or salary change)',
    );
  });

  it('a refusal is shown as the server words it, whether at once or from the job', async () => {
    let refuse = true;
    fakeTrpcServer({
      'lookup.companyOffices': () => ({ data: [] }),
      'salary.report.generateJob': () =>
        refuse
          ? { error: { message: 'Payroll runs need access to every employee', status: 403, data: { code: 'FORBIDDEN' } } }
          : { data: { jobId: 5 } },
      'job.get': () => ({
        data: {
          id: 5,
          kind: 'salary.report.generate',
          status: 'failed',
          done: 0,
          total: 0,
          result: null,
          error: 'Payroll for 2026-10 is finalised and locked',
        },
      }),
    });
    render('/salary/report/generate', '/salary/report/generate', <SalaryReportGeneratePage />, ['salary.view', 'salary.update']);
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Payroll runs need access to every employee');
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Payroll for 2026-10 is finalised and locked'));
    expect(screen.getByRole('button', { name: 'Generate' }).hasAttribute('disabled')).toBe(false);
  });

  it('a month that has not started yet is generated only after the warning is confirmed', async () => {
    const s = fakeTrpcServer({
      'lookup.companyOffices': () => ({ data: [] }),
      'salary.report.generateJob': (input) =>
        (input as { confirmFuturePeriod?: boolean }).confirmFuturePeriod
          ? { data: { jobId: 6 } }
          : {
              error: {
                message: 'Invalid input',
                status: 400,
                data: {
                  fields: [
                    {
                      param: 'confirmFuturePeriod',
                      msg: '12/2026 has not started yet (today is 26/11/2026): confirm to generate a future month',
                    },
                  ],
                },
              },
            },
      'job.get': () => ({
        data: { id: 6, kind: 'salary.report.generate', status: 'running', done: 0, total: 3, result: null, error: null },
      }),
    });
    render('/salary/report/generate', '/salary/report/generate', <SalaryReportGeneratePage />, ['salary.view', 'salary.update']);
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const warning = await screen.findByTestId('future-period-warning');
    expect(warning.textContent).toMatch(/has not started yet\. Generate its salary report anyway\?/);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Generate anyway' }));
    await waitFor(() =>
      expect(s.calls.filter((c) => c.path === 'salary.report.generateJob').at(-1)?.input).toMatchObject({
        confirmFuturePeriod: true,
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('future-period-warning')).toBeNull());
  });

  it('generating runs as a job: a progress bar of n of N employees, then the draft opens', async () => {
    const polls = [
      { status: 'queued', done: 0, total: 0 },
      { status: 'running', done: 1000, total: 4000 },
      { status: 'running', done: 3000, total: 4000 },
    ];
    let poll = 0;
    const s = fakeTrpcServer({
      'lookup.companyOffices': () => ({ data: [] }),
      'salary.report.generateJob': () => ({ data: { jobId: 7 } }),
      'job.get': () => {
        const p = polls[poll++];
        const base = { id: 7, kind: 'salary.report.generate', result: null, error: null };
        if (p) return { data: { ...base, ...p } };
        return { data: { ...base, status: 'succeeded', done: 4000, total: 4000, result: { runId: 31, employees: 4000 } } };
      },
    });
    render('/salary/report/generate', '/salary/report/generate', <SalaryReportGeneratePage />, ['salary.view', 'salary.update']);
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2026' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.getByTestId('job-progress').textContent).toBe('Generating: 1000 of 4000 employees'), {
      timeout: 3000,
    });
    const bar = screen.getByRole('progressbar', { name: 'Salary report generation progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1000');
    expect(bar.getAttribute('aria-valuemax')).toBe('4000');
    expect(screen.getByRole('button', { name: 'Generate' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('job-progress').textContent).toBe('Generating: 3000 of 4000 employees'), {
      timeout: 3000,
    });
    expect(await screen.findByText('detail page', {}, { timeout: 3000 })).toBeTruthy();
    expect(s.calls.find((c) => c.path === 'salary.report.generateJob')?.input).toEqual({ period: '2026-11' });
    expect(s.calls.filter((c) => c.path === 'job.get').every((c) => (c.input as { id: number }).id === 7)).toBe(true);
  });
});

describe('salary report detail', () => {
  const detail = (status: 'draft' | 'finalised') => ({
    ...run(9, status, null),
    employees: 1,
    skipped: [],
    payslips: { rows: [summary], total: 1, page: 1, pageSize: 25 },
  });

  it('a payslip opens with every line and its trace', async () => {
    const s = fakeTrpcServer({
      'salary.report.detail': () => ({ data: detail('draft') }),
      'salary.report.payslip': () => ({ data: { ...summary, status: 'draft', lines } }),
    });
    render('/salary/report/:id/detail', '/salary/report/9/detail', <SalaryReportDetailPage />, ['salary.view']);
    fireEvent.click(await screen.findByRole('button', { name: /Rina Worker/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('PPh 21 monthly TER');
    expect(s.calls.find((c) => c.path === 'salary.report.payslip')?.input).toEqual({ id: 71 });
    const pph = within(dialog).getAllByTestId('payslip-line')[1]!;
    expect(pph.textContent).toContain('Rp 182.000');
    expect(pph.textContent).toContain('taxableGross × TER rate, rounded down');
    expect(pph.textContent).toContain('taxableGross = 9100000');
    expect(pph.textContent).toContain('PP 58/2023, PMK 168/2023');
    expect(within(dialog).getByTestId('payslip-net').textContent).toBe('Rp 8.558.000');
  });

  it('without salary.update a draft has no Finalise or Cancel buttons', async () => {
    fakeTrpcServer({ 'salary.report.detail': () => ({ data: detail('draft') }) });
    render('/salary/report/:id/detail', '/salary/report/9/detail', <SalaryReportDetailPage />, ['salary.view']);
    await screen.findByRole('button', { name: /Rina Worker/ });
    expect(screen.queryByRole('button', { name: 'Finalise' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel report' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download XLSX' })).toBeTruthy();
  });

  it('with salary.update a draft is finalised after confirming', async () => {
    let status: 'draft' | 'finalised' = 'draft';
    const s = fakeTrpcServer({
      'salary.report.detail': () => ({ data: detail(status) }),
      'salary.report.finalise': () => {
        status = 'finalised';
        return { data: run(9, 'finalised', null) };
      },
    });
    render('/salary/report/:id/detail', '/salary/report/9/detail', <SalaryReportDetailPage />, ['salary.view', 'salary.update']);
    fireEvent.click(await screen.findByRole('button', { name: 'Finalise' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finalise' }));
    await waitFor(() => expect(s.calls.find((c) => c.path === 'salary.report.finalise')?.input).toEqual({ id: 9 }));
    await waitFor(() => expect(screen.getByTestId('run-status').textContent).toBe('Finalised'));
    expect(screen.queryByRole('button', { name: 'Finalise' })).toBeNull();
  });
});

describe('reopening a finalised salary report', () => {
  const finalised = {
    ...run(9, 'finalised', null),
    employees: 1,
    skipped: [],
    payslips: { rows: [summary], total: 1, page: 1, pageSize: 25 },
  };

  it('needs a reason, sends it, and the report is a draft again', async () => {
    let status: 'draft' | 'finalised' = 'finalised';
    const s = fakeTrpcServer({
      'salary.report.detail': () => ({ data: { ...finalised, ...run(9, status, null) } }),
      'salary.report.reopen': () => {
        status = 'draft';
        return { data: run(9, 'draft', null) };
      },
    });
    render('/salary/report/:id/detail', '/salary/report/9/detail', <SalaryReportDetailPage />, ['salary.view', 'salary.update']);
    fireEvent.click(await screen.findByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await within(dialog).findByText('Reason field is required')).toBeTruthy();
    expect(s.calls.some((c) => c.path === 'salary.report.reopen')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Late overtime of 10/11' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(s.calls.find((c) => c.path === 'salary.report.reopen')?.input).toEqual({ id: 9, reason: 'Late overtime of 10/11' }),
    );
    await waitFor(() => expect(screen.getByTestId('run-status').textContent).toBe('Draft'));
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
  });

  it('is not offered without salary.update', async () => {
    fakeTrpcServer({ 'salary.report.detail': () => ({ data: finalised }) });
    render('/salary/report/:id/detail', '/salary/report/9/detail', <SalaryReportDetailPage />, ['salary.view']);
    await screen.findByRole('button', { name: /Rina Worker/ });
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
  });
});

describe('my salary', () => {
  it('shows my payslips and the lines with traces of the newest', async () => {
    fakeTrpcServer({
      'salary.personal': () => ({
        data: {
          rows: [
            { ...summary, status: 'finalised', lines },
            { ...summary, id: 60, period: '2026-09', net: '7058000', status: 'finalised', lines: [] },
          ],
          total: 2,
          page: 1,
          pageSize: 10,
        },
      }),
    });
    render('/personal/salary', '/personal/salary', <MySalaryPage />, ['personal.access']);
    expect(await screen.findByText('PPh 21 monthly TER')).toBeTruthy();
    expect(screen.getByText('Rp 7.058.000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '09/2026' }));
    await waitFor(() => expect(screen.queryByText('PPh 21 monthly TER')).toBeNull());
    expect(screen.getByTestId('payslip-net').textContent).toBe('Rp 7.058.000');
  });
});
