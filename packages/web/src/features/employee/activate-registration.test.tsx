import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer } from '../../test/render';
import { renderAs } from '../../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';
import { ActivateRegistrationDialog } from './ActivateRegistrationDialog';
import type { RegistrationRow } from './registration-row';

cleanupAfterEach();

const registration = { id: 5, givenName: 'Dewi', surname: 'Lestari', email: 'dewi@example.com' } as RegistrationRow;

describe('activating a registration (issue 19: e-mail the one-time password)', () => {
  it('after activation HR e-mails the shown password to the new login, once', async () => {
    const server = fakeTrpcServer({
      'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }),
      'lookup.departments': () => ({ data: [] }),
      'employee.registration.activate': () => ({
        data: { employeeId: 77, employeeNumber: 'JKT-00077', email: 'dewi@example.com', temporaryPassword: 'Tmp-9xQ2-pass' },
      }),
      'employee.registration.sendPassword': () => ({
        data: { messageId: 3, to: 'dewi@example.com', status: 'sent', error: null },
      }),
    });
    renderAs(
      <ActivateRegistrationDialog registration={registration} onClose={() => undefined} />,
      sessionUser(['employee.registration.decide']),
    );
    const office = await screen.findByLabelText(/^Office/);
    await waitFor(() => expect(within(office).getAllByRole('option').length).toBeGreaterThan(1));
    fireEvent.change(office, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect((await screen.findByTestId('temporary-password')).textContent).toContain('Tmp-9xQ2-pass');

    fireEvent.click(screen.getByRole('button', { name: 'E-mail it to dewi@example.com' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'employee.registration.sendPassword')?.input).toEqual({
        employeeId: 77,
        password: 'Tmp-9xQ2-pass',
      }),
    );
    const done = await screen.findByRole('button', { name: 'One-time password e-mailed to dewi@example.com' });
    expect((done as HTMLButtonElement).disabled).toBe(true);
  });
});
