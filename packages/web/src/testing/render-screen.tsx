import type { SessionUser } from '@hr/core/browser';
import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { expect } from 'vitest';
import { SessionProvider } from '../lib/can';
import { renderWithProviders } from '../test/render';

/** Renders a card or dialog (no route of its own) for `user`. */
export function renderAs(element: ReactElement, user: SessionUser) {
  return renderWithProviders(<SessionProvider user={user}>{element}</SessionProvider>);
}

/** Renders several routes (a screen and where it navigates to), opened at `route`, for `user`. */
export function renderRoutes(routes: Record<string, ReactElement>, user: SessionUser, route: string) {
  return renderWithProviders(
    <SessionProvider user={user}>
      <Routes>
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    </SessionProvider>,
    { route },
  );
}

/** The table row whose text contains `text`, once it is shown. */
export async function rowWith(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('row').find((r) => r.textContent?.includes(text));
    expect(found).toBeTruthy();
  });
  return found as HTMLElement;
}
