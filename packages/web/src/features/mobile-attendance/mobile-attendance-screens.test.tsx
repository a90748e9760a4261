import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { fakeTrpcServer } from '../../testing/render-screen';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { ClockPage } from './ClockPage';

cleanupAfterEach();

// Head office fence: centre -6.2, 106.8, radius 100 m. 0.0005° of latitude ≈ 56 m; 0.002° ≈ 222 m.
const FENCE = {
  id: 1,
  companyOfficeId: 1,
  companyOffice: 'Jakarta Head Office',
  name: 'Head office',
  latitude: -6.2,
  longitude: 106.8,
  radiusM: 100,
  active: true,
};

const me = (over: Record<string, unknown> = {}) => ({
  employeeName: 'Rina Worker',
  outsidePolicy: 'refuse',
  maxAccuracyM: 50,
  fences: [FENCE],
  today: [],
  ...over,
});

/** The phone's position as the browser reports it (or a refusal). */
function phoneAt(where: { latitude: number; longitude: number; accuracy: number } | 'denied') {
  const geolocation = {
    getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
      where === 'denied'
        ? fail({
            code: 1,
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
            message: 'denied',
          } as GeolocationPositionError)
        : ok({ coords: { ...where }, timestamp: Date.now() } as GeolocationPosition),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

function renderClock(status = me()) {
  fakeTrpcServer({ 'mobileAttendance.me': () => ({ data: status }) });
  renderRoute('/personal/attendance/clock', <ClockPage />, sessionUser(['attendance.mobile']));
}

describe('clock in from the phone (/personal/attendance/clock)', () => {
  it('inside the area: says which and how far from the centre; clock buttons wait for a selfie', async () => {
    phoneAt({ latitude: -6.2005, longitude: 106.8, accuracy: 12 });
    renderClock();
    expect((await screen.findByTestId('fence-status')).textContent).toBe('Inside Head office (56 m from the centre)');
    expect(screen.getByText('Hello, Rina Worker')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Clock in' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('No clock-in from the phone today.')).toBeTruthy();
  });

  it('outside the area with the refuse policy: distance, allowed radius and that it will be refused', async () => {
    phoneAt({ latitude: -6.202, longitude: 106.8, accuracy: 10 });
    renderClock();
    const status = await screen.findByTestId('fence-status');
    expect(status.textContent).toContain('Outside Head office: 222 m from the centre, allowed 100 m');
    expect(status.textContent).toContain('A clock-in outside the area is refused.');
  });

  it('a vague position is named with the limit; a blocked location says how to allow it', async () => {
    phoneAt({ latitude: -6.2, longitude: 106.8, accuracy: 180 });
    renderClock();
    expect(await screen.findByText(/too imprecise \(±180 m; at most ±50 m\)/)).toBeTruthy();
    cleanupPage();
    phoneAt('denied');
    renderClock();
    expect(await screen.findByText(/Location is blocked\. Allow location for this site/)).toBeTruthy();
    cleanupPage();
    Reflect.deleteProperty(navigator, 'geolocation');
    if ('geolocation' in navigator) Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
    renderClock();
    expect(await screen.findByText(/Open the app over HTTPS/)).toBeTruthy();
  });

  it('speaks Bahasa Indonesia, today’s punches included', async () => {
    phoneAt({ latitude: -6.2005, longitude: 106.8, accuracy: 12 });
    await i18n.changeLanguage('id');
    try {
      renderClock(
        me({
          outsidePolicy: 'approval',
          today: [
            {
              clientId: 'c1',
              kind: 'in',
              localTime: '2026-11-26T07:58:00',
              status: 'pending',
              offline: true,
              distanceM: 140,
            },
          ],
        }),
      );
      expect((await screen.findByTestId('fence-status')).textContent).toBe('Di dalam Head office (56 m dari titik pusat)');
      expect(screen.getByText('Halo, Rina Worker')).toBeTruthy();
      const today = screen.getByTestId('clock-today');
      expect(today.textContent).toContain('07:58');
      expect(today.textContent).toContain('Perlu persetujuan');
      expect(today.textContent).not.toMatch(/Needs approval|Clock in|taken offline/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

function cleanupPage() {
  document.body.innerHTML = '';
}
