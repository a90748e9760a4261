import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthedApp } from '../../app/AuthedApp';
import { trpc } from '../../lib/trpc';
import { fakeTrpcServer, renderWithProviders } from '../../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';
import { PasswordChangeListener } from './ChangePasswordScreen';

cleanupAfterEach();

const mustChange = { ...sessionUser(['employee.view']), mustChangePassword: true };
const AU0010 = {
  error: {
    message: 'You signed in with a one-time password. Change your password before doing anything else.',
    status: 403,
    data: { code: 'FORBIDDEN', appCode: 'AU0010' },
  },
};

/** Reads the session and, once it is known, a list the server refuses with AU0010. */
function Probe() {
  const me = trpc.auth.me.useQuery();
  const list = trpc.employee.list.useQuery({}, { enabled: me.data !== undefined });
  return <p>{me.data?.mustChangePassword ? 'must change' : list.isError ? 'refused' : 'loading'}</p>;
}

describe('one-time password screen (issue 16 item 6)', () => {
  it('a session with a one-time password sees only the change-password screen and loads nothing else', async () => {
    const server = fakeTrpcServer({ 'auth.me': () => ({ data: mustChange }) });
    renderWithProviders(
      <Routes>
        <Route element={<AuthedApp />}>
          <Route path="*" element={<p>other screen</p>} />
        </Route>
      </Routes>,
      { route: '/employee/list' },
    );
    expect(await screen.findByTestId('must-change-password')).toBeTruthy();
    expect(document.getElementById('oldPassword')).toBeTruthy();
    expect(screen.queryByText('other screen')).toBeNull();
    expect(new Set(server.calls.map((c) => c.path))).toEqual(new Set(['auth.me']));
  });

  it('an AU0010 answer while the app runs reloads the session, which brings up the change screen', async () => {
    let meCalls = 0;
    const server = fakeTrpcServer({
      'auth.me': () => ({ data: { ...mustChange, mustChangePassword: meCalls++ > 0 } }),
      'employee.list': () => AU0010,
    });
    renderWithProviders(
      <>
        <PasswordChangeListener />
        <Probe />
      </>,
    );
    expect(await screen.findByText('must change')).toBeTruthy();
    expect(server.calls.filter((c) => c.path === 'auth.me')).toHaveLength(2);
    // No error toast for AU0010: the screen is the answer.
    expect(screen.queryByText(/\[AU0010\]/)).toBeNull();
  });
});
