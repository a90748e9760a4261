import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { fakeTrpcServer } from '../../testing/render-screen';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { BankTemplatePage } from './BankTemplatePage';
import { BankTransferPage } from './BankTransferPage';
import { capturedDownloadsEachTest } from '../../testing/downloads';

const saved = capturedDownloadsEachTest();

cleanupAfterEach();

const runRow = {
  id: 7,
  period: '2026-11',
  companyOfficeId: null,
  companyOffice: null,
  status: 'finalised' as const,
  employees: 3,
  gross: '0',
  tax: '0',
  net: '21000000',
  createdAt: new Date('2026-11-28T00:00:00Z'),
  finalisedAt: new Date('2026-11-29T00:00:00Z'),
};
const definition = { format: 'csv', columns: [{ header: 'Account', field: 'accountNumber' }] };
const template = (code: string, builtIn: boolean) => ({
  code,
  name: `${code} layout`,
  builtIn,
  bankCode: null,
  format: 'csv' as const,
  definition,
});
const line = (employeeId: number, name: string, status: string, problems: { code: string; message: string }[] = []) => ({
  employeeId,
  employeeNumber: `JKT-0000${employeeId}`,
  employeeName: name,
  net: '7000000',
  bankCode: problems.length ? null : '014',
  bankName: problems.length ? null : 'Bank Central Asia (BCA)',
  accountNumber: problems.length ? null : '1234567890',
  accountName: problems.length ? null : name.toUpperCase(),
  status,
  problems,
});
const preview = (excluded: number[]) => ({
  runId: 7,
  period: '2026-11',
  template: { code: 'GENERIC-CSV', name: 'Generic CSV' },
  runNet: '21000000',
  employees: 3,
  payCount: 2,
  payTotal: '14000000',
  problemCount: excluded.includes(3) ? 0 : 1,
  problemTotal: excluded.includes(3) ? '0' : '7000000',
  excludedCount: excluded.includes(3) ? 1 : 0,
  excludedTotal: excluded.includes(3) ? '7000000' : '0',
  zeroNetCount: 0,
  canExport: excluded.includes(3),
  lines: [
    line(1, 'Ayu Lestari', 'pay'),
    line(2, 'Budi Santoso', 'pay'),
    line(3, 'Eka Putri', excluded.includes(3) ? 'excluded' : 'problem', [
      { code: 'no-account', message: 'No bank account number' },
    ]),
  ],
});

function server() {
  return fakeTrpcServer({
    'salary.report.list': () => ({ data: { rows: [runRow], total: 1, page: 1, pageSize: 100 } }),
    'bankTransfer.templates': () => ({ data: [template('GENERIC-CSV', true), template('OURS', false)] }),
    'bankTransfer.preview': (input) => ({ data: preview((input as { excludeEmployeeIds: number[] }).excludeEmployeeIds) }),
    'bankTransfer.exports': () => ({ data: [] }),
    'bankTransfer.export': () => ({
      data: {
        id: 1,
        runId: 7,
        templateCode: 'GENERIC-CSV',
        templateName: 'Generic CSV',
        fileName: 'salary_transfer_2026-11_run7.csv',
        effectiveDate: '2026-11-30',
        rowCount: 2,
        total: '14000000',
        runNet: '21000000',
        excludedCount: 1,
        excludedTotal: '7000000',
        excluded: [],
        zeroNet: [],
        checksum: null,
        sha256: 'x',
        createdBy: 5,
        createdAt: new Date('2026-11-30T00:00:00Z'),
        contentType: 'text/csv',
        base64: 'YQ==',
      },
    }),
  });
}

const render = (permissions: string[]) =>
  renderRoute('/salary/bankTransfer', <BankTransferPage />, sessionUser(permissions), '/salary/bankTransfer');

describe('bank transfer file screen', () => {
  it('shows every employee with the problem; the file is made only once the problem employee is excluded', async () => {
    const s = server();
    render(['salary.view', 'salary.update']);
    expect(await screen.findByText('Eka Putri')).toBeTruthy();
    expect(screen.getAllByTestId('bank-status').map((x) => x.textContent)).toEqual([
      'In the file',
      'In the file',
      'Cannot be paid',
    ]);
    expect(screen.getAllByTestId('bank-problems')[2]!.textContent).toBe('No bank account number');
    expect(screen.getByText('1 employee(s) cannot be paid by this file: fix their bank details, or exclude them.')).toBeTruthy();
    expect(screen.getByText(/best-effort layouts/)).toBeTruthy();
    const make = screen.getByRole('button', { name: 'Make the transfer file' }) as HTMLButtonElement;
    expect(make.disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Exclude Eka Putri'));
    await waitFor(() => expect(screen.getAllByTestId('bank-status')[2]!.textContent).toBe('Excluded'));
    expect(make.disabled).toBe(false);
    fireEvent.click(make);
    await waitFor(() => expect(saved.map((f) => f.fileName)).toContain('salary_transfer_2026-11_run7.csv'));
    expect(s.calls.find((c) => c.path === 'bankTransfer.export')?.input).toMatchObject({
      id: 7,
      template: 'GENERIC-CSV',
      excludeEmployeeIds: [3],
    });
  });

  it('without salary.update the preview is read-only', async () => {
    server();
    render(['salary.view']);
    expect(await screen.findByText('Eka Putri')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make the transfer file' })).toBeNull();
    expect(screen.queryByLabelText('Exclude Eka Putri')).toBeNull();
  });

  it('speaks Bahasa Indonesia', async () => {
    server();
    await i18n.changeLanguage('id');
    try {
      render(['salary.view', 'salary.update']);
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Berkas Transfer Bank');
      expect(await screen.findByText('Eka Putri')).toBeTruthy();
      expect(screen.getAllByTestId('bank-status')[2]!.textContent).toBe('Tidak dapat dibayar');
      expect(screen.getByRole('button', { name: 'Buat berkas transfer' })).toBeTruthy();
      expect(screen.getByText(/format perkiraan terbaik/)).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('bank file templates screen', () => {
  it('built-ins can only be copied; an invalid definition is shown at its field', async () => {
    fakeTrpcServer({ 'bankTransfer.templates': () => ({ data: [template('GENERIC-CSV', true), template('OURS', false)] }) });
    renderRoute('/t', <BankTemplatePage />, sessionUser(['salary.view', 'salary.setting']), '/t');
    expect(await screen.findByText('OURS layout')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Add template' }));
    fireEvent.change(await screen.findByLabelText(/^Code/), { target: { value: 'MINE' } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Mine' } });
    fireEvent.change(screen.getByLabelText(/^Definition/), {
      target: {
        value: JSON.stringify({ format: 'fixed-width', columns: [{ field: 'amount' }, { field: 'accountNumber', width: 10 }] }),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Definition (JSON) columns.0.width: is required in a fixed-width file')).toBeTruthy();
  });
});
