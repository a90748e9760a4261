import { expect, test } from '@playwright/test';
import { bearer, signIn, tokenFor } from '../helpers';

const C = '/v2/h/canteen';
/** Today in the company's time zone (Asia/Jakarta). */
const todayWib = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
const plusDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// Issue 8: the canteen manager opens the kiosk of a canteen in a new tab, an employee's card is
// scanned there → "Enjoy your meal" (a second scan is refused) → the presence is in the presence
// list. The canteen, its all-day overtime meal and the schedule are set up through the API, so the
// journey does not depend on the time of day it runs.
test('canteen scan at the kiosk → presence in the presence list', async ({ browser, request, playwright, baseURL }) => {
  const hc = bearer(await tokenFor(request, 'hcstaff@demo.co.id'));
  // A second API context: a login from a context that carries another user's session cookie ends that session.
  const empApi = await playwright.request.newContext({ baseURL: baseURL! });
  const me = (
    await (await empApi.get('/v2/h/auth/me', { headers: bearer(await tokenFor(empApi, 'employee@demo.co.id')) })).json()
  ).result as { employeeId: number; companyOfficeId: number; name: string };
  expect(me.employeeId).toBeGreaterThan(0);

  const name = `E2E Canteen ${Date.now().toString(36)}`;
  const saved = await request.post(`${C}/setting`, {
    headers: hc,
    data: {
      companyOfficeId: me.companyOfficeId,
      name,
      meals: [{ kind: 'overtime', startTime: '00:00', endTime: '23:59', subsidy: '12000', employeePrice: '7000' }],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const canteen = (await saved.json()).result as { id: number; meals: { id: number }[] };
  const today = todayWib();
  // A rerun on the same data: today's overtime meal of this employee is taken again.
  const prior = (
    await (
      await request.get(`${C}/presence?from=${today}&to=${today}&mealKind=overtime&search=${encodeURIComponent(me.name)}`, {
        headers: hc,
      })
    ).json()
  ).results.rows as { id: string; employeeId: number }[];
  for (const p of prior.filter((r) => r.employeeId === me.employeeId))
    expect((await request.delete(`${C}/presence/${p.id}`, { headers: hc })).status()).toBe(200);
  const assigned = await request.post(`${C}/mealSchedule`, {
    headers: hc,
    data: { mealId: canteen.meals[0]!.id, from: today, to: plusDays(today, 1), employeeIds: [me.employeeId] },
  });
  expect((await assigned.json()).status).toBe('success');
  const scheduled = (
    await (await request.get(`${C}/mealSchedule/employee?date=${today}&mealId=${canteen.meals[0]!.id}`, { headers: hc })).json()
  ).results.rows as { employeeId: number; employeeNumber: string; name: string }[];
  expect(scheduled.map((r) => r.employeeId)).toEqual([me.employeeId]);
  const number = scheduled[0]!.employeeNumber;
  // The canteen manager opens the kiosk of the new canteen in a new tab.
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, 'hcstaff@demo.co.id');
  await page.goto('/canteen/presence');
  await page.locator('#kiosk-canteen').selectOption(String(canteen.id));
  const [kiosk] = await Promise.all([ctx.waitForEvent('page'), page.getByRole('button', { name: 'Open kiosk' }).click()]);
  await kiosk.waitForLoadState();
  expect(new URL(kiosk.url()).search).toBe(`?kiosk=1&canteen=${canteen.id}`);
  await expect(kiosk.getByTestId('canteen-kiosk')).toBeVisible();
  await expect(kiosk.getByRole('heading', { name })).toBeVisible();

  // The card reader types the employee number and Enter.
  const code = kiosk.getByLabel('Card or QR code');
  await expect(code).toBeFocused();
  await code.fill(number);
  await code.press('Enter');
  const result = kiosk.getByTestId('kiosk-result');
  await expect(result).toContainText('Enjoy your meal');
  await expect(result).toContainText(scheduled[0]!.name);
  await expect(result).toContainText('Overtime meal');
  // The same card again: refused, with the reason.
  await code.fill(number);
  await code.press('Enter');
  await expect(result).toContainText('Refused');
  await expect(result).toContainText(`already took Overtime meal on ${today.split('-').reverse().join('/')}`);

  // The presence is in the presence list (today, this canteen).
  await page.bringToFront();
  await page.locator('#presence-canteen').selectOption(String(canteen.id));
  await page.getByRole('searchbox', { name: 'Search' }).first().fill(number);
  const row = page.getByRole('row').filter({ hasText: number }).filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Overtime meal');
  await expect(row).toContainText('Card / QR');
  await expect(row).toContainText('7.000');
  await ctx.close();
  await empApi.dispose();
});
