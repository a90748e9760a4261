import type { SessionUser } from '@hr/core/browser';
import { cleanup } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, vi } from 'vitest';
import { SessionProvider } from '../lib/can';
import { renderWithProviders } from '../test/render';

/** Unmounts what a test rendered and restores the real fetch after each test of the file. */
export function cleanupAfterEach() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** A signed-in user with the given permissions (HC of the Jakarta office unless `over` says otherwise). */
export const sessionUser = (permissions: string[], over: Partial<SessionUser> = {}): SessionUser => ({
  userId: 5,
  email: 'hc@test.co.id',
  name: 'HC',
  employeeId: 3,
  personalId: null,
  companyOfficeId: 1,
  departmentId: 1,
  divisionId: null,
  mandatorySavingId: null,
  roles: [],
  permissions,
  companyOffices: [{ id: 1, name: 'Jakarta' }],
  mustChangePassword: false,
  ...over,
});

/** Renders `element` as the screen of route `path`, opened at `route` (default: `path`), for `user`. */
export function renderRoute(path: string, element: ReactElement, user: SessionUser, route = path) {
  return renderWithProviders(
    <SessionProvider user={user}>
      <Routes>
        <Route path={path} element={element} />
      </Routes>
    </SessionProvider>,
    { route },
  );
}
