import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer, renderWithProviders } from '../../testing/render-screen';
import { RegistrationPage } from './RegistrationPage';
import { SARI_INPUT } from './registration.fixtures';
import { cleanupAfterEach } from '../../testing/screen';

cleanupAfterEach();

const LOOKUPS = {
  'lookup.religions': () => ({ data: [{ id: 1, name: 'Islam' }] }),
  'lookup.educationLevels': () => ({ data: [{ id: 2, name: 'S1' }] }),
  'lookup.maritalStatuses': () => ({ data: [{ id: 5, name: 'Unmarried' }] }),
};

const field = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLSelectElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: /submit|on process/i }));

async function fill() {
  await screen.findByRole('option', { name: 'Islam' });
  await screen.findByRole('option', { name: 'S1' });
  await screen.findByRole('option', { name: 'Unmarried' });
  fireEvent.change(field('email'), { target: { value: 'sari@example.com' } });
  fireEvent.change(field('givenName'), { target: { value: 'Sari' } });
  fireEvent.change(field('surname'), { target: { value: 'Wulandari' } });
  fireEvent.change(field('gender'), { target: { value: 'Female' } });
  fireEvent.change(field('religionId'), { target: { value: '1' } });
  fireEvent.change(field('educationLevelId'), { target: { value: '2' } });
  fireEvent.change(field('maritalStatusId'), { target: { value: '5' } });
  fireEvent.change(field('birthDate'), { target: { value: '17081995' } });
}

describe('RegistrationPage', () => {
  it('shows the spec labels and title', async () => {
    fakeTrpcServer(LOOKUPS);
    renderWithProviders(<RegistrationPage />, { route: '/registration' });
    expect(screen.getByRole('heading', { name: 'Registration' })).toBeTruthy();
    for (const label of [
      'E-Mail',
      'Given Name',
      'Surname',
      'Gender',
      'Religion',
      'Education Level',
      'Marital Status',
      'Birth Date',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect((field('birthDate') as HTMLInputElement).placeholder).toBe('dd/mm/yyyy');
  });

  it('focuses and highlights the first empty field, and clears the highlight on input', async () => {
    fakeTrpcServer(LOOKUPS);
    renderWithProviders(<RegistrationPage />, { route: '/registration' });
    submit();
    expect(document.activeElement).toBe(field('email'));
    expect(field('email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Email field is required')).toBeTruthy();

    fireEvent.change(field('email'), { target: { value: 'a@b.co' } });
    expect(field('email').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Email field is required')).toBeNull();

    submit();
    expect(document.activeElement).toBe(field('givenName'));
    expect(screen.getByText('Given name field is required')).toBeTruthy();
  });

  it('masks the birth date and sends yyyy-mm-dd; shows the success banner', async () => {
    const server = fakeTrpcServer({ ...LOOKUPS, 'employee.registration.submit': () => ({ data: { id: 9 } }) });
    renderWithProviders(<RegistrationPage />, { route: '/registration' });
    await fill();
    expect(field('birthDate').value).toBe('17/08/1995');
    submit();
    expect(await screen.findByTestId('registration-success')).toBeTruthy();
    const call = server.calls.find((c) => c.path === 'employee.registration.submit');
    expect(call?.input).toEqual(SARI_INPUT);
  });

  it('shows "On Process.." while submitting and "Err:" with the server message on failure', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const server = fakeTrpcServer({
      ...LOOKUPS,
      'employee.registration.submit': () => ({
        error: { message: 'This e-mail is already registered', status: 409, data: { appCode: 'GL0009' } },
      }),
    });
    const inner = server.fetchMock.getMockImplementation();
    server.fetchMock.mockImplementation(async (url, init) => {
      if (String(url).includes('registration.submit')) await gate;
      return inner ? inner(url, init) : new Response('[]');
    });
    renderWithProviders(<RegistrationPage />, { route: '/registration' });
    await fill();
    submit();
    await waitFor(() => expect(screen.getByRole('button', { name: 'On Process..' })).toBeTruthy());
    release();
    expect((await screen.findByTestId('registration-error')).textContent).toBe('Err: This e-mail is already registered');
  });
});
