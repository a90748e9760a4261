import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer } from '../../testing/render-screen';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { HolidaysTab } from './HolidaysTab';

cleanupAfterEach();

describe('holidays tab: the year picker', () => {
  it('any year can be chosen from the picker (not a fixed five); the list asks for that year', async () => {
    const server = fakeTrpcServer({
      'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta', code: 'JKT' }] }),
      'attendance.holiday.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }),
    });
    renderRoute('/attendance/schedule', <HolidaysTab />, sessionUser(['attendance.view']));
    const year = (await screen.findByRole('textbox', { name: 'Year' })) as HTMLInputElement;
    const thisYear = new Date().getFullYear();
    expect(year.value).toBe(String(thisYear));
    fireEvent.click(year);
    fireEvent.click(screen.getByRole('button', { name: 'next years' }));
    const later = thisYear - (((thisYear % 12) + 12) % 12) + 12 + 5;
    fireEvent.click(screen.getByRole('button', { name: String(later) }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === 'attendance.holiday.list').at(-1)?.input).toMatchObject({
        from: `${later}-01-01`,
        to: `${later}-12-31`,
      }),
    );
    expect(year.value).toBe(String(later));
  });
});
