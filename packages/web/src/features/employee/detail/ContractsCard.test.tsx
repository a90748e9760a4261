import type { EmployeeDetail } from '@hr/core/browser';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer, renderAs } from '../../../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../../../testing/screen';
import { ContractsCard } from './HistoryCards';
import { capturedDownloadsEachTest } from '../../../testing/downloads';

const saved = capturedDownloadsEachTest();

cleanupAfterEach();

const d = { id: 7, employment: { contractType: 4 } } as unknown as EmployeeDetail;
const row = (over: Record<string, unknown>) => ({
  id: 1,
  employeeId: 7,
  contractNumber: 'PKWT-1',
  contractType: 4,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  basicSalary: '5000000',
  salaryChange: null,
  notes: null,
  fileName: null,
  fileSize: null,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});
const PDF = '%PDF-1.4 test';

function renderCard(kind: 'main' | 'second', permissions = ['employee.view', 'employee.update']) {
  return renderAs(<ContractsCard d={d} kind={kind} />, sessionUser(permissions));
}

describe('ContractsCard', () => {
  it('uploads a contract file (refusing other types before sending) and downloads the attached one', async () => {
    const server = fakeTrpcServer({
      'employee.contract.list': () => ({
        data: {
          rows: [row({}), row({ id: 2, contractNumber: 'PKWT-0', fileName: 'signed.pdf', fileSize: 900 })],
          total: 2,
          page: 1,
          pageSize: 100,
        },
      }),
      'employee.contract.uploadFile': () => ({ data: { id: 1, fileName: 'contract.pdf', fileSize: 13 } }),
      'employee.contract.file': () => ({ data: { fileName: 'signed.pdf', contentType: 'application/pdf', base64: btoa(PDF) } }),
    });
    renderCard('main');
    const first = (await screen.findByText('PKWT-1')).closest('tr')!;
    fireEvent.change(within(first).getByLabelText('Upload file'), {
      target: { files: [new File(['<html>'], 'contract.html', { type: 'text/html' })] },
    });
    expect(await within(first).findByRole('alert')).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'employee.contract.uploadFile')).toBe(false);

    fireEvent.change(within(first).getByLabelText('Upload file'), {
      target: { files: [new File([PDF], 'contract.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'employee.contract.uploadFile')?.input).toEqual({
        id: 1,
        fileName: 'contract.pdf',
        contentType: 'application/pdf',
        contentBase64: btoa(PDF),
      }),
    );

    const second = screen.getByText('PKWT-0').closest('tr')!;
    expect(within(second).getByLabelText('Replace file')).toBeTruthy();
    fireEvent.click(within(second).getByRole('button', { name: 'signed.pdf' }));
    await waitFor(() => expect(saved.map((f) => f.fileName)).toContain('signed.pdf'));
  });

  it('lists second contracts with their second company; viewers cannot upload', async () => {
    fakeTrpcServer({
      'employee.secondContract.list': () => ({
        data: {
          rows: [row({ contractNumber: 'SC-1', secondCompanyId: 3, secondCompany: 'PT Kedua' })],
          total: 1,
          page: 1,
          pageSize: 100,
        },
      }),
    });
    renderCard('second', ['employee.view']);
    expect(await screen.findByText('Second contracts')).toBeTruthy();
    const tr = (await screen.findByText('SC-1')).closest('tr')!;
    expect(within(tr).getByText('PT Kedua')).toBeTruthy();
    expect(within(tr).queryByLabelText('Upload file')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add second contract' })).toBeNull();
  });
});

describe('ContractsCard: the salary part needs salary.update (issue 16 item 1)', () => {
  it('shows the basic salary field only to those who hold salary.update', async () => {
    fakeTrpcServer({ 'employee.contract.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 100 } }) });
    renderCard('main');
    fireEvent.click(await screen.findByRole('button', { name: 'Add contract' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/Contract number/)).toBeTruthy();
    expect(within(dialog).queryByLabelText(/Basic salary/)).toBeNull();
    cleanup();
    renderCard('main', ['employee.view', 'employee.update', 'salary.update']);
    fireEvent.click(await screen.findByRole('button', { name: 'Add contract' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText(/Basic salary/)).toBeTruthy();
  });
});
