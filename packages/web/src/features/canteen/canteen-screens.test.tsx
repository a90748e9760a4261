import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer } from '../../test/render';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { formatRp, todayWib } from './canteen-shared';
import { PresencePage } from './PresencePage';
import { CanteenSettingPage } from './SettingPage';

cleanupAfterEach();

const user = (permissions: string[]) => sessionUser(permissions);

const canteen = {
  id: 3,
  companyOfficeId: 1,
  companyOffice: 'Jakarta',
  name: 'Main Canteen',
  location: null,
  active: true,
  terminals: ['CNT-01'],
  meals: [
    {
      id: 8,
      kind: 'lunch',
      label: 'Lunch',
      startTime: '11:30',
      endTime: '13:00',
      quota: 100,
      subsidy: '15000',
      employeePrice: '10000',
      active: true,
    },
  ],
};

const presence = {
  id: '41',
  employeeId: 9,
  employeeNumber: 'JKT-00009',
  name: 'Rina Makan',
  canteenId: 3,
  canteen: 'Main Canteen',
  mealKind: 'lunch',
  mealLabel: 'Lunch',
  mealDate: '2026-11-24',
  takenAt: '2026-11-24T05:01:00.000Z',
  preference: 'vegetarian',
  preferenceLabel: 'Vegetarian',
  employeePrice: '10000',
  source: 'card',
};

const render = (path: string, route: string, element: React.ReactElement, permissions: string[]) =>
  renderRoute(path, element, user(permissions), route);

describe('canteen kiosk (/canteen/presence?kiosk=1)', () => {
  it('a scan shows "Enjoy your meal" with the name and preference; a second scan shows the refusal', async () => {
    let scans = 0;
    const server = fakeTrpcServer({
      'canteen.setting.get': () => ({ data: [canteen] }),
      'canteen.presence.scan': () =>
        ++scans === 1
          ? { data: presence }
          : {
              error: {
                message: 'Rina Makan already took Lunch on 24/11/2026 at 12:01 (Main Canteen)',
                status: 409,
                data: {
                  code: 'CONFLICT',
                  appCode: 'GL0009',
                  detail: JSON.stringify({ reason: 'already_taken', employee: 'JKT-00009 Rina Makan' }),
                },
              },
            },
    });
    render('/canteen/presence', '/canteen/presence?kiosk=1&canteen=3', <PresencePage />, ['canteen.view', 'canteen.manage']);
    expect(await screen.findByRole('heading', { name: 'Main Canteen' })).toBeTruthy();
    expect(screen.getByTestId('canteen-kiosk').textContent).toContain('Lunch 11:30–13:00 WIB');
    // The clock is the company's (the serving window is judged in WIB), labelled so, not the browser's.
    expect(screen.getByTestId('clock').textContent).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} WIB$/);
    const input = screen.getByLabelText('Card or QR code');
    fireEvent.change(input, { target: { value: ' JKT-00009 ' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('kiosk-result').textContent).toContain('Enjoy your meal'));
    expect(screen.getByTestId('kiosk-result').textContent).toContain('Rina Makan');
    expect(screen.getByTestId('kiosk-result').textContent).toContain('Vegetarian');
    expect(server.calls.find((c) => c.path === 'canteen.presence.scan')?.input).toEqual({ canteenId: 3, code: 'JKT-00009' });
    // The input is cleared for the next card.
    expect((input as HTMLInputElement).value).toBe('');

    fireEvent.change(input, { target: { value: 'JKT-00009' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('kiosk-result').textContent).toContain('Refused'));
    const result = screen.getByTestId('kiosk-result').textContent!;
    expect(result).toContain('JKT-00009 Rina Makan');
    expect(result).toContain('already took Lunch on 24/11/2026 at 12:01 (Main Canteen)');
    // The earlier success stays in the recent list.
    expect(screen.getByText(/JKT-00009 Rina Makan — Lunch/)).toBeTruthy();
  });

  it('without canteen.manage the kiosk does not open', async () => {
    fakeTrpcServer({ 'canteen.setting.get': () => ({ data: [canteen] }) });
    render('/canteen/presence', '/canteen/presence?kiosk=1&canteen=3', <PresencePage />, ['canteen.view']);
    expect(await screen.findByText('Only canteen managers can change this.')).toBeTruthy();
    expect(screen.queryByTestId('canteen-kiosk')).toBeNull();
  });
});

describe('presence list', () => {
  it('shows today’s presences with the meal, canteen and price; the list asks for today', async () => {
    const server = fakeTrpcServer({
      'canteen.setting.get': () => ({ data: [canteen] }),
      'canteen.presence.list': () => ({
        data: {
          rows: [
            {
              ...presence,
              companyOffice: 'Jakarta',
              department: 'HR',
              sourceLabel: 'Card / QR',
              deviceSerial: null,
              subsidy: '15000',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      }),
      'canteen.presence.mealCost': () => ({
        data: {
          rows: [],
          total: 0,
          page: 1,
          pageSize: 10,
          from: '',
          to: '',
          totals: { meals: 0, employeePaid: '0', subsidy: '0' },
        },
      }),
    });
    render('/canteen/presence', '/canteen/presence', <PresencePage />, ['canteen.view']);
    expect(await screen.findByRole('cell', { name: 'Rina Makan' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Main Canteen' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '10.000' })).toBeTruthy();
    const listed = server.calls.find((c) => c.path === 'canteen.presence.list')?.input as Record<string, unknown>;
    expect(listed).toMatchObject({ from: todayWib(), to: todayWib() });
    // A viewer gets no kiosk and no delete.
    expect(screen.queryByRole('button', { name: 'Open kiosk' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('canteen setting', () => {
  it('empty required fields are named and the first is focused; nothing is sent', async () => {
    const server = fakeTrpcServer({ 'canteen.setting.get': () => ({ data: [canteen] }) });
    render('/canteen/setting', '/canteen/setting', <CanteenSettingPage />, ['canteen.view', 'canteen.manage']);
    expect(await screen.findByRole('cell', { name: '11:30–13:00' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add canteen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company Office field is required')).toBeTruthy();
    expect(screen.getByText('Name field is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('cnt-companyOfficeId'));
    expect(server.calls.some((c) => c.path === 'canteen.setting.save')).toBe(false);
  });
});

it('formats integer rupiah with thousands dots', () => {
  expect(formatRp('1250000')).toBe('1.250.000');
  expect(formatRp('0')).toBe('0');
});
