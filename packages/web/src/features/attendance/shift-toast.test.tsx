import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { fakeTrpcServer, renderRoutes } from '../../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';
import { ShiftFormPage } from './ShiftFormPage';

cleanupAfterEach();
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

/** The texts of the success toasts shown so far. */
const successTexts = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map((c) => (c[0] as ReactElement<{ spec: { message: string } }>).props.spec.message);

/** Fills the shift form by field id (the labels differ by language) and saves it. */
async function createShift() {
  const server = fakeTrpcServer({
    'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }),
    'attendance.shift.create': (input) => ({ data: { id: 4, ...(input as object) } }),
    'attendance.shift.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }),
  });
  renderRoutes(
    { '/attendance/shift/add': <ShiftFormPage />, '/attendance/shift': <p>shifts</p> },
    sessionUser(['attendance.view', 'attendance.manage']),
    '/attendance/shift/add',
  );
  await screen.findAllByRole('button');
  for (const [id, value] of [
    ['shift-name', 'Morning'],
    ['shift-startTime', '08:00'],
    ['shift-endTime', '17:00'],
  ] as const) {
    const input = document.getElementById(id) as HTMLInputElement;
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  }
  fireEvent.submit(document.getElementById('shift-name')!.closest('form')!);
  await waitFor(() => expect(server.calls.some((c) => c.path === 'attendance.shift.create')).toBe(true));
}

describe("a write's success toast is the server's message (issue 20 item 9)", () => {
  it('creating a shift says "Shift created", as the API does', async () => {
    const success = vi.spyOn(toast, 'success');
    await createShift();
    await waitFor(() => expect(successTexts(success)).toEqual(['Shift created']));
  });

  it('in Bahasa Indonesia the same message is translated', async () => {
    await i18n.changeLanguage('id');
    const success = vi.spyOn(toast, 'success');
    await createShift();
    await waitFor(() => expect(successTexts(success)).toEqual(['Shift dibuat']));
  });
});
