import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer, renderAs } from '../../testing/render-screen';
import { EmployeeIncomeTaxCard } from './EmployeeIncomeTaxCard';
import { EmployeeTaxDataCard } from './EmployeeTaxDataCard';
import { IncomeTaxDetailPage } from './IncomeTaxDetailPage';
import { IncomeTaxListPage } from './IncomeTaxListPage';
import { ReportBonusDetailPage } from './ReportBonusDetailPage';
import { ReportBonusListPage } from './ReportBonusListPage';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { capturedDownloadsEachTest } from '../../testing/downloads';

const saved = capturedDownloadsEachTest();

cleanupAfterEach();

const user = sessionUser(['salary.view']);

const render = (pattern: string, route: string, element: React.ReactElement) => renderRoute(pattern, element, user, route);

const summary = {
  employeeId: 4,
  year: 2026,
  basis: 'final' as const,
  ptkpStatus: 'K/1',
  firstMonth: 1,
  lastMonth: 12,
  taxableGross: '140000000',
  totalWithheld: '3100000',
  annualTaxDue: '3100000',
  debt: '0',
};
const row = (over: Record<string, unknown> = {}) => ({
  ...summary,
  employeeNumber: 'JKT-00004',
  name: 'Rina Worker',
  companyOffice: 'Jakarta',
  months: ['150000', '150000', ...Array.from({ length: 9 }, () => '150000'), '1450000'],
  monthTaxableGross: null,
  monthPph21: null,
  ...over,
});

describe('income tax list', () => {
  it('shows PPh 21 per month, totals, debt and basis; links to the detail of the year; filters go to the server', async () => {
    const s = fakeTrpcServer({
      'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }),
      'salary.incomeTax.list': (input) =>
        (input as { month?: number }).month
          ? { data: { rows: [row({ monthTaxableGross: '11000000', monthPph21: '275000' })], total: 1, page: 1, pageSize: 25 } }
          : {
              data: {
                rows: [row(), row({ employeeId: 5, name: 'Budi Leaver', basis: 'left', debt: '-420000' })],
                total: 2,
                page: 1,
                pageSize: 25,
              },
            },
    });
    render('/salary/incomeTax', '/salary/incomeTax?year=2026', <IncomeTaxListPage />);
    expect(await screen.findByText('Rina Worker')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Rina Worker/ }).getAttribute('href')).toBe('/salary/incomeTax/4/detail?year=2026');
    expect(screen.getByRole('columnheader', { name: '12/2026' })).toBeTruthy();
    expect(screen.getAllByText('Rp 1.450.000')).toHaveLength(2);
    expect(screen.getAllByTestId('tax-debt').map((d) => d.textContent)).toEqual(['Rp 0', '-Rp 420.000']);
    expect(screen.getAllByTestId('tax-basis').map((d) => d.textContent)).toEqual([
      'Final (December)',
      'Final (last month worked)',
    ]);
    expect(s.calls.find((c) => c.path === 'salary.incomeTax.list')?.input).toMatchObject({ year: 2026, page: 1 });

    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '3' } });
    expect(await screen.findByText('Rp 275.000')).toBeTruthy();
    expect(screen.getByText('PPh 21 of the month')).toBeTruthy();
    await waitFor(() =>
      expect(s.calls.some((c) => c.path === 'salary.incomeTax.list' && (c.input as { month?: number }).month === 3)).toBe(true),
    );
  });
});

describe('income tax detail', () => {
  const a1 = Array.from({ length: 20 }, (_, i) => ({ no: i + 1, label: `Line label ${i + 1}`, amount: String((i + 1) * 1000) }));
  const detail = (basis: 'final' | 'projection') => ({
    ...summary,
    basis,
    employeeNumber: 'JKT-00004',
    name: 'Rina Worker',
    companyOffice: 'Jakarta',
    taxId: '12.345.678.9-012.000',
    nationalId: null,
    months: [
      {
        month: 1,
        period: '2026-01',
        payslipId: 71,
        runId: 9,
        ptkpStatus: 'K/1',
        taxableGross: '11000000',
        annualDeductions: '330000',
        pph21: '150000',
      },
    ],
    a1,
  });

  it('shows the 1721-A1 lines and the months; the PDF is fetched for the employee and year', async () => {
    const s = fakeTrpcServer({
      'salary.incomeTax.detail': () => ({ data: detail('final') }),
      'salary.incomeTax.a1': () => ({ data: { fileName: 'a1.pdf', contentType: 'application/pdf', base64: 'JVBERg==' } }),
    });
    render('/salary/incomeTax/:id/detail', '/salary/incomeTax/4/detail?year=2026', <IncomeTaxDetailPage />);
    expect(await screen.findByText('Line label 8')).toBeTruthy();
    expect(screen.getByTestId('a1-line-20').textContent).toBe('Rp 20.000');
    expect(screen.getByText('01/2026')).toBeTruthy();
    expect(screen.getByTestId('tax-taxId').textContent).toBe('12.345.678.9-012.000');
    expect(screen.queryByText(/still running/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download 1721-A1 PDF' }));
    await waitFor(() => expect(saved.map((f) => f.fileName)).toEqual(['a1.pdf']));
    expect(s.calls.find((c) => c.path === 'salary.incomeTax.a1')?.input).toEqual({ id: 4, year: 2026 });
  });

  it('a projection is labelled; a year without payslips says so', async () => {
    let found = true;
    fakeTrpcServer({
      'salary.incomeTax.detail': () =>
        found
          ? { data: detail('projection') }
          : { error: { message: 'not found', status: 404, data: { code: 'NOT_FOUND', httpStatus: 404 } } },
    });
    render('/salary/incomeTax/:id/detail', '/salary/incomeTax/4/detail?year=2026', <IncomeTaxDetailPage />);
    expect(await screen.findByText(/The year is still running/)).toBeTruthy();
    expect(screen.getByTestId('tax-basis').textContent).toBe('Projection (year to date)');
    found = false;
    fireEvent.change(screen.getByLabelText('Tax year'), { target: { value: String(new Date().getFullYear() - 1) } });
    expect(await screen.findByText(/No finalised payslips of this employee/)).toBeTruthy();
  });
});

describe('report bonus', () => {
  it('lists periods with totals and opens a period with its bonus lines', async () => {
    fakeTrpcServer({
      'salary.reportBonus.list': () => ({
        data: {
          rows: [{ id: 202603, period: '2026-03', employees: 2, lines: 2, total: '6000000', taxableTotal: '5000000' }],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      }),
    });
    render('/salary/reportBonus', '/salary/reportBonus', <ReportBonusListPage />);
    const link = await screen.findByRole('link', { name: '03/2026' });
    expect(link.getAttribute('href')).toBe('/salary/reportBonus/202603/detail');
    expect(screen.getByText('Rp 6.000.000')).toBeTruthy();
    expect(screen.getByText('Rp 5.000.000')).toBeTruthy();
    cleanup();

    const line = {
      payslipId: 71,
      position: 7,
      runId: 9,
      period: '2026-03',
      employeeId: 4,
      employeeNumber: 'JKT-00004',
      name: 'Rina Worker',
      amount: '5000000',
    };
    fakeTrpcServer({
      'salary.reportBonus.detail': () => ({
        data: {
          id: 202603,
          period: '2026-03',
          total: '6000000',
          lines: {
            rows: [
              { ...line, bonusName: 'Performance bonus', kind: 'bonus', taxable: true },
              { ...line, position: 8, bonusName: 'Relocation refund', kind: 'bonus', amount: '1000000', taxable: false },
            ],
            total: 2,
            page: 1,
            pageSize: 25,
          },
        },
      }),
    });
    render('/salary/reportBonus/:id/detail', '/salary/reportBonus/202603/detail', <ReportBonusDetailPage />);
    expect(await screen.findByText('Performance bonus')).toBeTruthy();
    expect(screen.getByText('Relocation refund')).toBeTruthy();
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.getByText('No')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '#71' })[0]!.getAttribute('href')).toBe('/salary/report/9/detail');
  });
});

describe('employee income tax card', () => {
  it('shows withheld, due and the income-tax debt of the year, or that there is nothing yet', async () => {
    const s = fakeTrpcServer({
      'salary.incomeTax.summary': (input) =>
        (input as { year: number }).year === new Date().getFullYear()
          ? { data: { ...summary, basis: 'projection', annualTaxDue: '3500000', debt: '400000' } }
          : { data: null },
    });
    render('/salary/employee/:id/detail', '/salary/employee/4/detail', <EmployeeIncomeTaxCard employeeId={4} />);
    expect(await screen.findByText('Rp 3.500.000')).toBeTruthy();
    expect(screen.getByTestId('tax-debt').textContent).toBe('Rp 400.000');
    expect(screen.getByTestId('tax-basis').textContent).toBe('Projection (year to date)');
    expect(s.calls.find((c) => c.path === 'salary.incomeTax.summary')?.input).toEqual({ id: 4, year: new Date().getFullYear() });
    fireEvent.change(screen.getByLabelText('Tax year'), { target: { value: String(new Date().getFullYear() - 1) } });
    expect(await screen.findByText('No finalised payslips for this filter')).toBeTruthy();
  });
});

describe('employee tax data (tax bearer, previous employer)', () => {
  it('saves the tax bearer and a previous employer, refuses an empty form, deletes a year', async () => {
    const s = fakeTrpcServer({
      'salary.incomeTax.taxBorneBy': (input) => ({ data: input }),
      'salary.incomeTax.savePreviousIncome': (input) => ({ data: { ...(input as object), updatedAt: new Date().toISOString() } }),
      'salary.incomeTax.deletePreviousIncome': (input) => ({ data: input }),
      'salary.employee.detail': () => ({ data: {} }),
    });
    const detail = {
      id: 4,
      taxBorneBy: null,
      previousIncome: [
        { year: 2025, employerName: 'PT Lama', employerTaxId: null, netIncome: '40000000', taxWithheld: '900000' },
      ],
    } as unknown as Parameters<typeof EmployeeTaxDataCard>[0]['detail'];
    renderAs(<EmployeeTaxDataCard detail={detail} />, { ...user, permissions: ['salary.view', 'salary.update'] });
    expect(screen.getByText('PT Lama')).toBeTruthy();
    expect(screen.getByText('Rp 40.000.000')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('PPh 21 borne by'), { target: { value: 'employer' } });
    await waitFor(() =>
      expect(s.calls.find((c) => c.path === 'salary.incomeTax.taxBorneBy')?.input).toEqual({ id: 4, taxBorneBy: 'employer' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Previous employer is required')).toBeTruthy();
    expect(s.calls.some((c) => c.path === 'salary.incomeTax.savePreviousIncome')).toBe(false);
    fireEvent.change(screen.getByLabelText('Previous employer'), { target: { value: 'PT Sebelumnya' } });
    fireEvent.change(screen.getByLabelText('Net income (line 13)'), { target: { value: '60.000.000' } });
    fireEvent.change(screen.getByLabelText('PPh 21 withheld (line 18)'), { target: { value: '2100000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(s.calls.find((c) => c.path === 'salary.incomeTax.savePreviousIncome')?.input).toMatchObject({
        id: 4,
        year: new Date().getFullYear(),
        employerName: 'PT Sebelumnya',
        netIncome: '60000000',
        taxWithheld: '2100000',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(s.calls.find((c) => c.path === 'salary.incomeTax.deletePreviousIncome')?.input).toEqual({ id: 4, year: 2025 }),
    );
  });
});
