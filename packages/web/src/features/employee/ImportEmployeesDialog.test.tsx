import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeTrpcServer, renderWithProviders } from '../../testing/render-screen';
import { ImportEmployeesDialog } from './ImportEmployeesDialog';
import { cleanupAfterEach } from '../../testing/screen';

cleanupAfterEach();

const REPORT = {
  rows: 2,
  valid: 1,
  invalid: 1,
  errors: [{ row: 3, column: 'Department', message: 'unknown department "Sales" in Jakarta' }],
  preview: [
    {
      row: 2,
      employeeNumber: null,
      name: 'Ani Test',
      email: 'ani@x.co.id',
      companyOffice: 'Jakarta',
      department: 'Finance',
      jobPosition: null,
      entryDate: '2026-11-02',
    },
  ],
};
const choose = (name: string, text: string) =>
  fireEvent.change(screen.getByLabelText('File'), { target: { files: [new File([text], name, { type: 'text/csv' })] } });
const importButton = () => screen.getByRole('button', { name: /^Import( \d+ employees?)?$/ });

describe('ImportEmployeesDialog', () => {
  it('checks the chosen file at once, lists the bad rows, and imports only after the user leaves them out', async () => {
    const server = fakeTrpcServer({
      'employee.import.dryRun': () => ({ data: REPORT }),
      'employee.import.commit': () => ({ data: { imported: 1, skipped: 1, errors: REPORT.errors } }),
    });
    const onClose = vi.fn();
    renderWithProviders(<ImportEmployeesDialog onClose={onClose} />);
    choose('staff.csv', 'Given name\nAni');
    const errors = await screen.findByTestId('employee-import-errors');
    expect(within(errors).getByText('unknown department "Sales" in Jakarta')).toBeTruthy();
    expect(within(errors).getByText('Department')).toBeTruthy();
    expect(screen.getByText('2 rows: 1 valid, 1 invalid.')).toBeTruthy();
    expect(screen.getByText('ani@x.co.id')).toBeTruthy();
    const dry = server.calls.find((c) => c.path === 'employee.import.dryRun');
    expect(dry?.input).toEqual({ fileName: 'staff.csv', base64: btoa('Given name\nAni') });
    expect((importButton() as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Leave out the invalid rows and import the valid ones'));
    expect(importButton().textContent).toBe('Import 1 employee');
    fireEvent.click(importButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.calls.find((c) => c.path === 'employee.import.commit')?.input).toEqual({
      fileName: 'staff.csv',
      base64: btoa('Given name\nAni'),
      skipInvalid: true,
    });
  });

  it('refuses other file types before uploading and shows a file the server cannot read', async () => {
    const server = fakeTrpcServer({
      'employee.import.dryRun': () => ({ error: { message: 'Missing column E-mail (download the template)', status: 400 } }),
    });
    renderWithProviders(<ImportEmployeesDialog onClose={() => {}} />);
    choose('staff.pdf', '%PDF');
    expect(await screen.findByText('Choose a .csv or .xlsx file of at most 700 KB.')).toBeTruthy();
    expect(server.calls).toEqual([]);
    choose('staff.csv', 'Given name\nAni');
    expect((await screen.findByRole('alert')).textContent).toBe('Missing column E-mail (download the template)');
    expect((importButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
