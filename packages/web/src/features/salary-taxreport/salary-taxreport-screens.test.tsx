import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { fakeTrpcServer } from '../../testing/render-screen';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { TaxReportPage } from './TaxReportPage';
import { capturedDownloadsEachTest } from '../../testing/downloads';

const saved = capturedDownloadsEachTest();

cleanupAfterEach();

const ROUTE = '/salary/taxReport';
const admin = sessionUser(['salary.view', 'salary.update', 'salary.setting']);
const render = (user = admin, route = `${ROUTE}?period=2026-11&kind=bpmp`) => renderRoute(ROUTE, <TaxReportPage />, user, route);

const NPWP = '0953284617031000';
const identity = {
  npwp: NPWP,
  offices: [
    { companyOfficeId: 1, name: 'Jakarta', nitku: `${NPWP}000000` },
    { companyOfficeId: 2, name: 'Surabaya', nitku: null },
  ],
};
const row = (over: Record<string, unknown>) => ({
  payslipId: 1,
  runId: 9,
  employeeId: 1,
  employeeNumber: 'JKT-00001',
  name: 'Rina Worker',
  companyOffice: 'Jakarta',
  nik: '3171014506900001',
  npwp: null,
  counterpartTin: '3171014506900001',
  ptkpStatus: 'TK/0',
  position: 'Payroll Officer',
  taxObjectCode: '21-100-01',
  gross: '11500000',
  rate: '2.5',
  tax: '287500',
  certificate: 'N/A',
  change: 'new',
  errors: [],
  ...over,
});
const exportRow = (over: Record<string, unknown>) => ({
  id: 4,
  period: '2026-11',
  kind: 'bpmp',
  companyOfficeId: null,
  companyOffice: null,
  sequence: 0,
  status: 'filed',
  fileName: 'BPMP_2026-11_all-offices.xml',
  slips: 2,
  gross: '20000000',
  tax: '400000',
  coretaxReference: 'BPU-123',
  createdBy: 5,
  createdAt: new Date('2026-12-03T02:00:00Z'),
  filedBy: 5,
  filedAt: new Date('2026-12-04T02:00:00Z'),
  ...over,
});
const preview = (over: Record<string, unknown> = {}) => ({
  period: '2026-11',
  kind: 'bpmp',
  companyOfficeId: null,
  withholderNpwp: NPWP,
  identityErrors: [],
  rows: [
    row({ change: 'changed' }),
    row({
      payslipId: 2,
      employeeId: 2,
      employeeNumber: 'SBY-00002',
      name: 'Budi Member',
      companyOffice: 'Surabaya',
      nik: null,
      counterpartTin: null,
      change: 'unchanged',
      errors: ['has no well-formed NIK and no NPWP', 'the office Surabaya has no NITKU'],
    }),
  ],
  totals: { slips: 2, gross: '23000000', tax: '575000', withErrors: 1 },
  exports: [exportRow({})],
  next: 'replacement',
  reason: null,
  ...over,
});

function server(p = preview()) {
  return fakeTrpcServer({
    'salary.taxReport.identity': () => ({ data: identity }),
    'salary.taxReport.preview': () => ({ data: p }),
    'salary.taxReport.list': () => ({
      data: {
        rows: [exportRow({ id: 5, status: 'exported', coretaxReference: null, fileName: 'BPMP_2026-11_x.xml' }), exportRow({})],
        total: 2,
        page: 1,
        pageSize: 100,
      },
    }),
    'salary.taxReport.export': () => ({
      data: { id: 6, fileName: 'BPMP_2026-11_all-offices_pembetulan-1.xml', contentType: 'application/xml', base64: 'PHg+' },
    }),
    'salary.taxReport.download': () => ({
      data: { id: 4, fileName: 'BPMP_2026-11_all-offices.xml', contentType: 'application/xml', base64: 'PHg+' },
    }),
    'salary.taxReport.markFiled': () => ({ data: exportRow({ id: 5, coretaxReference: 'REF-9' }) }),
    'salary.taxReport.saveIdentity': () => ({
      error: {
        message: 'Invalid input',
        status: 400,
        data: { fields: [{ param: 'offices.0.nitku', msg: 'is used by another office' }] },
      },
    }),
  });
}

const previewTable = () => screen.getByRole('table', { name: 'Slips in the file' });
const errorsOf = () =>
  within(previewTable())
    .getAllByTestId('coretax-errors')
    .map((e) => e.textContent);

describe('Tax reporting (Coretax) screen', () => {
  it('previews the slips with a problem row, the totals and a replacement action blocked by the problem', async () => {
    const s = server();
    render();
    expect(await screen.findByText('Budi Member')).toBeTruthy();
    expect(s.calls.find((c) => c.path === 'salary.taxReport.preview')?.input).toEqual({ period: '2026-11', kind: 'bpmp' });
    expect(errorsOf()).toEqual(['', 'has no well-formed NIK and no NPWPthe office Surabaya has no NITKU']);
    expect(
      within(previewTable())
        .getAllByTestId('coretax-change')
        .map((c) => c.textContent),
    ).toEqual(['Changed', 'Unchanged']);
    expect(within(previewTable()).getAllByText('2.5%')).toHaveLength(2);
    expect(screen.getByTestId('coretax-totals').textContent).toContain('Rp 23.000.000');
    expect(screen.getByText(/^1 slip has a problem/)).toBeTruthy();
    const action = screen.getByRole('button', { name: 'Export replacement (pembetulan)' });
    expect((action as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('coretax-reason').textContent).toBe('Correct the slips with problems first.');

    fireEvent.click(screen.getByLabelText('Only slips with problems'));
    await waitFor(() => expect(screen.queryByText('Rina Worker')).toBeNull());
    expect(screen.getByText('Budi Member')).toBeTruthy();

    const history = screen.getByRole('table', { name: 'Exports of this period' });
    expect(await within(history).findByText('BPU-123')).toBeTruthy();
    expect(
      within(history)
        .getAllByTestId('coretax-export-status')
        .map((x) => x.textContent),
    ).toEqual(['Exported', 'Filed']);
    expect(within(history).getAllByRole('button', { name: 'Mark filed' })).toHaveLength(1);
  });

  it('exports a replacement when nothing blocks it, marks an export filed with its Coretax reference', async () => {
    const s = server(
      preview({ rows: [row({ change: 'changed' })], totals: { slips: 1, gross: '11500000', tax: '287500', withErrors: 0 } }),
    );
    render();
    const action = await screen.findByRole('button', { name: 'Export replacement (pembetulan)' });
    await waitFor(() => expect((action as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(action);
    await waitFor(() => expect(saved.map((f) => f.fileName)).toContain('BPMP_2026-11_all-offices_pembetulan-1.xml'));
    expect(s.calls.find((c) => c.path === 'salary.taxReport.export')?.input).toEqual({
      period: '2026-11',
      kind: 'bpmp',
      replacement: true,
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Mark filed' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/^Coretax reference field is required$/i)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Coretax reference/), { target: { value: 'REF-9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(s.calls.find((c) => c.path === 'salary.taxReport.markFiled')?.input).toEqual({ id: 5, coretaxReference: 'REF-9' }),
    );
  });

  it('shows identity errors with the way to the identity form, and the server errors at the office NITKU', async () => {
    const s = server(preview({ identityErrors: ['The company has no NPWP'], next: 'new' }));
    render();
    const alert = await screen.findByText('The company tax identity blocks every export:');
    expect(alert).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export new file' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(alert.closest('[role=alert]') as HTMLElement).getByRole('button', { name: 'Edit tax identity' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('NITKU of Surabaya'), { target: { value: '123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/NITKU of Surabaya must be 22 digits/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('NITKU of Surabaya'), { target: { value: `${NPWP}000001` } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Jakarta is offices.0 of the input sent: the server's error lands at its field.
    expect(await within(dialog).findByText('NITKU of Jakarta is used by another office')).toBeTruthy();
    expect(s.calls.find((c) => c.path === 'salary.taxReport.saveIdentity')?.input).toEqual({
      npwp: NPWP,
      offices: [
        { companyOfficeId: 1, nitku: `${NPWP}000000` },
        { companyOfficeId: 2, nitku: `${NPWP}000001` },
      ],
    });
  });

  it('speaks Bahasa Indonesia', async () => {
    server();
    await i18n.changeLanguage('id');
    try {
      render();
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Pelaporan Pajak (Coretax)');
      expect(await screen.findByText('Budi Member')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Ekspor pembetulan' })).toBeTruthy();
      expect(screen.getByTestId('coretax-reason').textContent).toBe('Perbaiki bukti potong yang bermasalah terlebih dahulu.');
      expect(screen.getByText(/^1 bukti potong bermasalah/)).toBeTruthy();
      expect(screen.getAllByTestId('coretax-change').map((c) => c.textContent)).toEqual(['Berubah', 'Tetap']);
      expect(screen.getByText(/Bukti potong tahunan 1721-A1/)).toBeTruthy();
      expect(screen.getByLabelText('Hanya bukti potong yang bermasalah')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('offers nothing to export when the server says why, and hides the actions without salary.update', async () => {
    server(
      preview({ next: 'none', reason: 'Export #5 is not filed yet', totals: { slips: 2, gross: '1', tax: '1', withErrors: 0 } }),
    );
    render(sessionUser(['salary.view']));
    expect(await screen.findByText('Exporting and filing need the permission to update salaries.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit tax identity' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });
});
