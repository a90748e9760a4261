import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { fakeTrpcServer } from '../../testing/render-screen';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { BpjsReportPage } from './BpjsReportPage';
import { capturedDownloadsEachTest } from '../../testing/downloads';

const saved = capturedDownloadsEachTest();

cleanupAfterEach();

const user = sessionUser(['salary.view']);
const render = (route = '/salary/bpjsReport') => renderRoute('/salary/bpjsReport', <BpjsReportPage />, user, route);

const runRow = (id: number, period: string) => ({
  id,
  period,
  companyOfficeId: null,
  companyOffice: null,
  status: 'finalised' as const,
  employees: 2,
  gross: '0',
  tax: '0',
  net: '0',
  createdAt: new Date('2026-12-01T00:00:00Z'),
  finalisedAt: new Date('2026-12-02T00:00:00Z'),
});
const zero = { wage: '0', kesehatanBase: '0', jpBase: '0', jkp: '0' };
const employee = (over: Record<string, unknown>) => ({
  payslipId: 1,
  employeeId: 1,
  employeeNumber: 'JKT-00001',
  name: 'Rina Worker',
  nationalId: '3171011234560001',
  jknNumber: '0001234567890',
  kpjNumber: '12345678901',
  jobPosition: 'Payroll Officer',
  employmentStatus: 'Tetap',
  ...zero,
  wage: '11000000',
  kesehatanEmployer: '440000',
  kesehatanEmployee: '110000',
  jhtEmployer: '407000',
  jhtEmployee: '220000',
  jkk: '26400',
  jkm: '33000',
  jpEmployer: '220000',
  jpEmployee: '110000',
  ketenagakerjaanTotal: '1016400',
  problems: [],
  ...over,
});
const recap = [
  { programme: 'kesehatan', company: '440000', employee: '110000', total: '550000', headcount: 2 },
  { programme: 'jht', company: '407000', employee: '220000', total: '627000', headcount: 2 },
  { programme: 'jkk', company: '26400', employee: '0', total: '26400', headcount: 2 },
  { programme: 'jkm', company: '33000', employee: '0', total: '33000', headcount: 2 },
  { programme: 'jp', company: '220000', employee: '110000', total: '330000', headcount: 2 },
  { programme: 'jkp', company: '0', employee: '0', total: '0', headcount: 0 },
];
const detail = (id: number) => ({
  run: { id, period: '2026-11', companyOfficeId: null, companyOffice: null, status: 'finalised' },
  employees: 2,
  withProblems: 1,
  recap,
  rows: {
    rows: [
      employee({}),
      employee({
        payslipId: 2,
        employeeId: 2,
        name: 'Budi Member',
        jknNumber: null,
        kpjNumber: '123',
        problems: [
          { field: 'jknNumber', kind: 'missing', files: ['kesehatan'], message: 'JKN card number is missing' },
          { field: 'kpjNumber', kind: 'format', files: ['ketenagakerjaan'], message: 'KPJ number has the wrong format' },
        ],
      }),
    ],
    total: 2,
    page: 1,
    pageSize: 25,
  },
});
const file = (fileName: string) => () => ({ data: { fileName, contentType: 'x', base64: 'UEs=' } });

function server() {
  return fakeTrpcServer({
    'salary.report.list': () => ({
      data: { rows: [runRow(9, '2026-11'), runRow(8, '2026-10')], total: 2, page: 1, pageSize: 100 },
    }),
    'bpjsReport.detail': (input) => ({ data: detail((input as { id: number }).id) }),
    'bpjsReport.kesehatan': file('bpjs-kesehatan_edabu_2026-11_run-9.xlsx'),
    'bpjsReport.ketenagakerjaan': file('bpjs-ketenagakerjaan_2026-11_run-9.xlsx'),
    'bpjsReport.recapDownload': file('bpjs-recap_2026-11.xlsx'),
  });
}

describe('BPJS report screen', () => {
  it('opens the newest finalised run: the recap per programme, the employees with their problems, the three files', async () => {
    const s = server();
    render();
    expect(await screen.findByText('Rina Worker')).toBeTruthy();
    expect(s.calls.find((c) => c.path === 'salary.report.list')?.input).toMatchObject({ status: 'finalised' });
    expect(s.calls.find((c) => c.path === 'bpjsReport.detail')?.input).toMatchObject({ id: 9, page: 1 });
    const recapTable = screen.getByRole('table', { name: 'Contributions per programme' });
    expect(within(recapTable).getByText('Old-age savings (JHT)')).toBeTruthy();
    expect(within(recapTable).getByText('Rp 627.000')).toBeTruthy();
    expect(screen.getByText(/JKP is 0/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^1 employee has a missing or malformed number/);
    expect(screen.getAllByTestId('bpjs-problems').map((p) => p.textContent)).toEqual([
      '',
      'JKN card missingKPJ number has the wrong format',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'e-Dabu (BPJS Kesehatan) XLSX' }));
    fireEvent.click(screen.getByRole('button', { name: 'BPJS Ketenagakerjaan XLSX' }));
    fireEvent.click(screen.getByRole('button', { name: 'Monthly recap XLSX' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(s.calls.find((c) => c.path === 'bpjsReport.kesehatan')?.input).toEqual({ id: 9 });
    expect(s.calls.find((c) => c.path === 'bpjsReport.recapDownload')?.input).toEqual({ period: '2026-11' });

    fireEvent.change(screen.getByLabelText('Finalised payroll run'), { target: { value: '8' } });
    await waitFor(() =>
      expect(s.calls.some((c) => c.path === 'bpjsReport.detail' && (c.input as { id: number }).id === 8)).toBe(true),
    );
    fireEvent.click(screen.getByLabelText('Only employees with a problem'));
    await waitFor(() =>
      expect(s.calls.some((c) => c.path === 'bpjsReport.detail' && (c.input as { problemsOnly?: boolean }).problemsOnly)).toBe(
        true,
      ),
    );
  });

  it('speaks Bahasa Indonesia', async () => {
    server();
    await i18n.changeLanguage('id');
    try {
      render('/salary/bpjsReport?run=9');
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Laporan BPJS');
      expect(await screen.findByText('Jaminan Hari Tua (JHT)')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'XLSX e-Dabu (BPJS Kesehatan)' })).toBeTruthy();
      expect(screen.getAllByTestId('bpjs-problems')[1]!.textContent).toBe('Kartu JKN kosongNo. KPJ salah format');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says so when there is no finalised run yet', async () => {
    fakeTrpcServer({ 'salary.report.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 100 } }) });
    render();
    expect(await screen.findByText(/No finalised payroll run yet/)).toBeTruthy();
  });
});
