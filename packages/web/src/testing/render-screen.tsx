import type { SessionUser } from '@hr/core/browser';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, vi } from 'vitest';
import '../i18n';
import { SessionProvider } from '../lib/can';
import { createQueryClient } from '../lib/query-client';
import { createTrpcClient, trpc } from '../lib/trpc';

type Handler = (
  input: unknown,
) => { data: unknown } | { error: { message: string; status: number; data?: Record<string, unknown> } };

/**
 * Replaces fetch with a fake tRPC server: each procedure name maps to a handler. Speaks both wire
 * formats of the client's links: httpBatchLink (`?batch=1`, comma-joined paths, one result per call,
 * in order) and httpLink (one call, its input as the body or `?input=`, one result), which carries
 * heavy calls (lib/trpc.ts).
 */
export function fakeTrpcServer(handlers: Record<string, Handler>) {
  const calls: { path: string; input: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const u = new URL(String(url), 'http://localhost');
    const batch = u.searchParams.get('batch') === '1';
    const paths = decodeURIComponent(u.pathname.replace(/^\/trpc\//, '')).split(',');
    const raw = init?.method === 'POST' ? String(init.body ?? '') : (u.searchParams.get('input') ?? '');
    const parsed: unknown = raw === '' ? undefined : JSON.parse(raw);
    const inputs = (batch ? (parsed ?? {}) : { 0: parsed }) as Record<string, unknown>;
    let status = 200;
    const body = paths.map((path, i) => {
      const input = inputs[String(i)];
      calls.push({ path, input });
      const handler = handlers[path];
      const res = handler ? handler(input) : { error: { message: `No handler for ${path}`, status: 404 } };
      if ('data' in res) return { result: { data: res.data } };
      status = res.error.status;
      return {
        error: {
          message: res.error.message,
          code: -32600,
          data: {
            code: 'BAD_REQUEST',
            httpStatus: res.error.status,
            path,
            fields: [],
            detail: null,
            appCode: 'GL0001',
            ...res.error.data,
          },
        },
      };
    });
    return new Response(JSON.stringify(batch ? body : body[0]), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  return render(
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

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
