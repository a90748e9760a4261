import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import config from '../../playwright.config';
import { ADMIN, bearer, DEMO_PASSWORD, signIn, tokenFor } from '../helpers';

const base = config.use?.launchOptions ?? {};
/** docs/devices.md shows these ("Live attendance on the phone"). */
const SHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/*
 * Live attendance on the phone (issue 21 part 2): an employee granted attendance.mobile (four eyes:
 * the admin assigns, HC approves) clocks in on a 390×844 phone with a granted position and
 * Chromium's fake camera: inside the office's area it is recorded, outside it is refused, and a
 * clock-in made without signal is kept on the phone and stored once when the phone is back online.
 */

/** The Surabaya office's area for this journey, and positions in and out of it. */
const CENTRE = { latitude: -7.2575, longitude: 112.7521 };
const INSIDE = { latitude: -7.2571, longitude: 112.7521, accuracy: 8 };
const OUTSIDE = { latitude: -7.2475, longitude: 112.7521, accuracy: 8 };
const EMPLOYEE = 'employee@demo.co.id';

test.use({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  geolocation: INSIDE,
  permissions: ['geolocation', 'camera'],
  // The suite's Chromium and flags, plus a fake camera that needs no permission prompt.
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

test('clock in inside the area, refused outside, offline then online stored once', async ({
  page,
  context,
  request,
  playwright,
  baseURL,
}) => {
  // One API context per login: a login's session cookie would otherwise ride along with the next one's calls.
  const login = async (email: string, password = DEMO_PASSWORD) =>
    bearer(await tokenFor(await playwright.request.newContext({ baseURL: baseURL! }), email, password));
  const admin = await login(ADMIN.email, ADMIN.password);
  const hc = await login('hc@demo.co.id');
  const employee = await login(EMPLOYEE);
  const me = (await (await request.get('/v2/h/auth/me', { headers: employee })).json()).result;

  // The PWA files are served.
  expect((await request.get('/manifest.webmanifest')).status()).toBe(200);
  expect((await request.get('/sw.js')).status()).toBe(200);

  // Who may clock in from the phone: a grant of attendance.mobile, which a second person approves.
  if (!me.permissions.includes('attendance.mobile')) {
    const assigned = await request.post('/v2/h/permission/employee/assign', {
      headers: admin,
      data: { subjectId: me.employeeId, grant: { kind: 'permission', key: 'attendance.mobile' } },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
    const approved = await request.post(`/v2/h/permission/employee/${(await assigned.json()).result.id}/approve`, {
      headers: hc,
    });
    expect(approved.status(), await approved.text()).toBe(200);
  }
  // The office's area (100 m) and the refuse policy.
  const fence = await request.post('/v2/h/attendance/mobile/geofence', {
    headers: admin,
    data: { companyOfficeId: me.companyOfficeId, name: 'Surabaya office', ...CENTRE, radiusM: 100 },
  });
  expect(fence.status(), await fence.text()).toBe(200);
  const settings = await request.post('/v2/h/attendance/mobile/settings', {
    headers: admin,
    data: { outsidePolicy: 'refuse', maxAccuracyM: 150, selfieRetentionDays: 90 },
  });
  expect(settings.status()).toBe(200);
  const offlineRows = async () => {
    const r = await request.get('/v2/h/attendance/mobile/punch?pageSize=500', { headers: admin });
    const rows = (await r.json()).results.rows as { employeeId: number; offline: boolean }[];
    return rows.filter((x) => x.employeeId === me.employeeId && x.offline).length;
  };
  const offlineBefore = await offlineRows();

  await signIn(page, EMPLOYEE);
  await page.goto('/personal/attendance/clock');
  const notice = page.getByTestId('clock-notice');
  const status = page.getByTestId('fence-status');
  const selfie = page.getByRole('button', { name: 'Take selfie' });

  // 1. Inside the area.
  await expect(status).toContainText('Inside Surabaya office');
  await selfie.click();
  await page.getByRole('button', { name: 'Clock in', exact: true }).click();
  await expect(notice).toContainText(/Clock in recorded at \d\d:\d\d/);
  await page.screenshot({ path: `${SHOTS}live-attendance-clock.png`, fullPage: true });

  // 2. Outside: refused, with the distance.
  await context.setGeolocation(OUTSIDE);
  await page.getByRole('button', { name: 'Refresh location' }).click();
  await expect(status).toContainText('Outside Surabaya office');
  await selfie.click();
  await page.getByRole('button', { name: 'Clock out', exact: true }).click();
  await expect(notice).toContainText('Not recorded: You are outside the attendance area');

  // 3. Back inside, without signal: kept on the phone.
  await context.setGeolocation(INSIDE);
  await page.getByRole('button', { name: 'Refresh location' }).click();
  await expect(status).toContainText('Inside Surabaya office');
  await context.setOffline(true);
  await selfie.click();
  await page.getByRole('button', { name: 'Clock out', exact: true }).click();
  await expect(notice).toContainText('No signal: Clock out at');
  await expect(page.getByTestId('clock-queued')).toHaveText('1 clock-in waiting to be sent');

  // 4. Online again: sent once, flagged as taken offline.
  await context.setOffline(false);
  await expect(page.getByTestId('clock-queued')).toBeHidden({ timeout: 20_000 });
  await expect(notice).toContainText(/Clock out (recorded at|at \d\d:\d\d was already recorded)/);
  await expect(page.getByTestId('clock-today')).toContainText('taken offline');
  await page.reload();
  await expect(status).toContainText('Inside Surabaya office');
  expect(await offlineRows()).toBe(offlineBefore + 1);

  // The manager's day and the settings, for the documentation.
  await context.clearCookies();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/attendance/mobile');
  await expect(page.getByTestId('fence-plot')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}live-attendance-punches.png`, fullPage: true });
  await page.goto('/attendance/mobile/settings');
  await expect(page.getByText('Surabaya office').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}live-attendance-settings.png`, fullPage: true });
});
