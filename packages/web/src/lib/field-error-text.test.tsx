import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WithdrawalAddPage } from '../features/cooperative/WithdrawalAddPage';
import { DepartmentsTab } from '../features/org/DepartmentsTab';
import { i18n } from '../i18n';
import { SessionProvider } from './can';
import { fakeTrpcServer, renderWithProviders } from '../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../testing/screen';
import { fieldErrorText } from './field-error-text';

/*
 * Issue 19: field errors speak the user's language. The schemas' messages are English (the server
 * checks the same ones); under Bahasa Indonesia the shared Field and the refused-save notice show
 * them in Indonesian.
 */

cleanupAfterEach();
beforeEach(async () => {
  await i18n.changeLanguage('id');
  Element.prototype.scrollIntoView = () => {};
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('fieldErrorText', () => {
  it('translates the schemas’, zod’s and the required notice’s messages, label kept', () => {
    expect(fieldErrorText('Name field is required')).toBe('Kolom Name wajib diisi');
    expect(fieldErrorText('Required')).toBe('Wajib diisi');
    expect(fieldErrorText('Nama is required')).toBe('Nama wajib diisi');
    expect(fieldErrorText('Must be a positive number')).toBe('Harus berupa angka positif');
    expect(fieldErrorText('Invalid date')).toBe('Tanggal tidak valid');
    expect(fieldErrorText('Tanggal must be a date yyyy-mm-dd')).toBe('Tanggal harus berupa tanggal yyyy-mm-dd');
    expect(fieldErrorText('Jumlah must not be negative')).toBe('Jumlah tidak boleh negatif');
    expect(fieldErrorText('Nama must be at most 60 characters')).toBe('Nama maksimal 60 karakter');
    expect(fieldErrorText('Invalid input: expected number, received NaN')).toBe('Harus berupa angka');
    expect(fieldErrorText('Invalid input: expected string, received undefined')).toBe('Wajib diisi');
    expect(fieldErrorText('Too big: expected string to have <=100 characters')).toBe('Maksimal 100 karakter');
    expect(fieldErrorText('Too small: expected number to be >=1')).toBe('Minimal 1');
    expect(fieldErrorText('Invalid option: expected one of "a"|"b"')).toBe('Bukan salah satu pilihan');
    expect(fieldErrorText('Akhir must not be before from')).toBe('Akhir tidak boleh sebelum tanggal mulai');
  });

  it('leaves English alone in English, and what it does not know in any language', async () => {
    expect(fieldErrorText('Kolom Nama wajib diisi')).toBe('Kolom Nama wajib diisi');
    expect(fieldErrorText('A department named Finance already exists in this office')).toBe(
      'A department named Finance already exists in this office',
    );
    await i18n.changeLanguage('en');
    expect(fieldErrorText('Name field is required')).toBe('Name field is required');
    expect(fieldErrorText('Must be a positive number')).toBe('Must be a positive number');
  });
});

const ENGLISH = /field is required|is required|must be|must not|Invalid|Required|Not saved/;

describe('real forms in Bahasa Indonesia', () => {
  it('a schema form dialog: field errors and the refused-save notice are Indonesian', async () => {
    fakeTrpcServer({
      'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta', code: 'JKT' }] }),
      'org.department.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }),
    });
    renderWithProviders(
      <SessionProvider user={sessionUser(['org.view', 'org.manage'], { userId: 1, employeeId: null, departmentId: null })}>
        <ToastContainer />
        <DepartmentsTab officeId="" setOfficeId={() => {}} />
      </SessionProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    const office = i18n.t('org.fields.companyOffice');
    const name = i18n.t('org.fields.name');
    const atField = within(dialog)
      .getAllByRole('alert')
      .map((p) => p.textContent);
    expect(atField).toEqual([`Kolom ${startCaseOf(office)} wajib diisi`, `Kolom ${startCaseOf(name)} wajib diisi`]);
    expect(atField.join(' ')).not.toMatch(ENGLISH);
    // The notice names the fields in Indonesian too.
    const notice = (await screen.findAllByText('Belum disimpan: periksa 2 kolom yang ditandai')).at(-1)!.closest('div')!;
    expect(notice.textContent).toContain(`Kolom ${startCaseOf(office)} wajib diisi`);
    expect(notice.textContent).toContain(`Kolom ${startCaseOf(name)} wajib diisi`);
    expect(notice.textContent).not.toMatch(ENGLISH);
  });

  it('a hand-written form: the schema’s own messages are Indonesian at their fields', async () => {
    fakeTrpcServer({
      'cooperative.balance.mine': () => ({ data: { available: '1000000', products: [] } }),
    });
    renderWithProviders(
      <SessionProvider user={sessionUser(['cooperative.view'])}>
        <Routes>
          <Route path="/cooperative/withdrawal/add" element={<WithdrawalAddPage />} />
        </Routes>
      </SessionProvider>,
      { route: '/cooperative/withdrawal/add' },
    );
    await screen.findByTestId('coop-available');
    fireEvent.change(document.getElementById('wd-amount')!, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('coop.requestWithdrawal') }));
    expect(await screen.findByText('Jumlah (Rp) harus berupa rupiah bulat (0 atau lebih)')).toBeTruthy();
    expect(screen.getByText('Kolom Alasan wajib diisi')).toBeTruthy();
    const errors = screen.getAllByRole('alert').map((p) => p.textContent ?? '');
    expect(errors.join(' ')).not.toMatch(ENGLISH);
  });
});

/** The spec's start case of a label ("Kantor perusahaan" → "Kantor Perusahaan"). */
const startCaseOf = (s: string) =>
  s
    .split(/\s+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
