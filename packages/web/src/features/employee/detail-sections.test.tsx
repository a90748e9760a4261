import type { EmployeeDetail } from '@hr/core/browser';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { fakeTrpcServer, renderAs } from '../../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';
import { Detail, RecordModeContext } from './EmployeeDetailPage';

/*
 * The employee record's section dialogs (one dialog for every section, issue 17): HR saves a section through its
 * own procedure with the record's values filled in; the employee on their profile sends the same form as a change
 * request for HR to approve, without the record id.
 */

cleanupAfterEach();
afterEach(() => i18n.changeLanguage('en'));

const named = (id: number, name: string) => ({ id, name });
const d: EmployeeDetail = {
  id: 7,
  employeeNumber: 'JKT-000007',
  name: 'Wati Pekerja',
  resigned: 0,
  personal: {
    givenName: 'Wati',
    surname: 'Pekerja',
    gender: 'Female',
    birthDate: '1990-04-01',
    birthPlace: 'Bandung',
    religion: named(1, 'Islam'),
    maritalStatus: named(1, 'Single'),
    educationLevel: named(1, 'S1'),
    nationalId: null,
    taxId: null,
    nationality: null,
    ptkpStatus: null,
  },
  contact: {
    email: 'wati@example.co.id',
    personalEmail: null,
    phone: null,
    address: null,
    domicileAddress: null,
    city: null,
    postalCode: null,
    homeOwnership: null,
  },
  employment: {
    companyOffice: named(1, 'Jakarta'),
    department: null,
    division: null,
    section: null,
    jobPosition: null,
    jobLevel: null,
    contractType: null,
    entryDate: '2024-01-02',
    firstJoinDate: null,
    contractStartDate: null,
    annualLeaveDate: null,
  },
  emergency: { contacts: [{ name: 'Budi', relationship: 'Family', phone: '081234567890', address: null }] },
  parents: { father: null, mother: null },
  sibling: { siblings: [] },
  medical: {
    bloodType: 'O',
    heightCm: 160,
    weightKg: 55,
    allergies: null,
    medicalNotes: null,
    bpjsKesehatanNumber: null,
    bpjsKetenagakerjaanNumber: null,
  },
  login: null,
  bank: { bank: null, bankAccountNumber: null, bankAccountName: null },
  previousCompany: { companies: [] },
};

/** Opens a section's dialog with `button`, types `allergies` into Allergies (Medical) and saves. */
async function saveMedical(button: string, allergies: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: 'Medical' });
  const field = within(dialog).getByLabelText(/Allergies/) as HTMLInputElement;
  expect(field.value).toBe('');
  expect((within(dialog).getByLabelText(/Height/) as HTMLInputElement).value).toBe('160');
  fireEvent.change(field, { target: { value: allergies } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('employee record section dialogs', () => {
  it('HR saves a section through its own procedure, the record’s values filled in; a list section keeps its rows', async () => {
    const server = fakeTrpcServer({
      'employee.update.medical': () => ({ data: { id: 7 } }),
      'employee.update.emergency': () => ({ data: { id: 7 } }),
    });
    renderAs(<Detail d={d} />, sessionUser(['employee.view', 'employee.update']));
    await saveMedical('Edit Medical', 'Peanuts');
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'employee.update.medical')?.input).toMatchObject({
        id: 7,
        bloodType: 'O',
        heightCm: 160,
        weightKg: 55,
        allergies: 'Peanuts',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Medical' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit Emergency contacts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emergency contacts' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'employee.update.emergency')?.input).toEqual({
        id: 7,
        contacts: [{ name: 'Budi', relationship: 'Family', phone: '081234567890', address: null }],
      }),
    );
    expect(server.calls.some((c) => c.path === 'employee.updateRequest.submit')).toBe(false);
  });

  it('the employee sends the same form as a change request, without the record id; without the permission HR sees no Edit', async () => {
    const server = fakeTrpcServer({ 'employee.updateRequest.submit': () => ({ data: { id: 1 } }) });
    renderAs(
      <RecordModeContext.Provider value="request">
        <Detail d={d} />
      </RecordModeContext.Provider>,
      sessionUser(['personal.access']),
    );
    expect(screen.queryByRole('button', { name: 'Edit Medical' })).toBeNull();
    await saveMedical('Request change Medical', 'Dust');
    await waitFor(() => {
      const input = server.calls.find((c) => c.path === 'employee.updateRequest.submit')?.input as
        | { section: string; changes: Record<string, unknown> }
        | undefined;
      expect(input?.section).toBe('medical');
      expect(input?.changes).toMatchObject({ allergies: 'Dust', heightCm: 160 });
      expect(input?.changes).not.toHaveProperty('id');
    });
    expect(server.calls.some((c) => c.path === 'employee.update.medical')).toBe(false);
  });

  it('the employee’s profile speaks Bahasa Indonesia: the request button and the dialog are named in it', async () => {
    fakeTrpcServer({});
    renderAs(
      <RecordModeContext.Provider value="request">
        <Detail d={d} />
      </RecordModeContext.Provider>,
      sessionUser(['personal.access']),
    );
    await act(() => i18n.changeLanguage('id'));
    fireEvent.click(await screen.findByRole('button', { name: 'Ajukan perubahan Kesehatan' }));
    expect(await screen.findByRole('dialog', { name: 'Kesehatan' })).toBeTruthy();
  });
});
