import { expect, test } from '@playwright/test';
import { bearer, signIn, tokenFor } from '../helpers';

const addDays = (iso: string, n: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

// Issue 4: an employee requests overtime → HR opens it on /attendance/overtime and approves it
// with fewer hours than planned → Approved with the approved hours, for HR and the employee.
test('overtime request → HR approval (fewer hours) → Approved', async ({ browser, playwright, baseURL }) => {
  const empApi = await playwright.request.newContext({ baseURL: baseURL! });
  const emp = bearer(await tokenFor(empApi, 'employee@demo.co.id'));
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const reason = `Stock count (e2e ${Date.now()})`;
  // A future day without a live overtime request of the employee (one per day); the data dir may be reused.
  let created: { id: number; hours: string | number } | null = null;
  for (let i = 20; i < 120 && !created; i++) {
    const res = await empApi.post('/v2/h/personal/overtime', {
      headers: emp,
      data: { date: addDays(today, i), hours: 2, reason },
    });
    if (res.status() === 200) created = (await res.json()).result;
    else expect([400, 409], await res.text()).toContain(res.status());
  }
  expect(created).not.toBeNull();

  const hrCtx = await browser.newContext();
  const hr = await hrCtx.newPage();
  await signIn(hr, 'hcstaff@demo.co.id');
  await hr.goto('/attendance/overtime');
  await hr.getByRole('searchbox', { name: 'Search' }).fill(reason);
  await hr.getByRole('button', { name: `Details #${created!.id}` }).click();
  const dialog = hr.getByRole('dialog');
  await expect(dialog.getByTestId('overtime-status')).toHaveText('Pending');
  await dialog.locator('#ot-approve-hours').fill('1.5');
  await dialog.locator('#ot-note').fill('Half an hour less');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog.getByTestId('overtime-status')).toHaveText('Approved');
  await expect(dialog).toContainText('Half an hour less');

  const mine = await (await empApi.get(`/v2/h/attendance/overtime/${created!.id}`, { headers: emp })).json();
  expect(mine.result).toMatchObject({ status: 1, statusLabel: 'Approved' });
  expect(Number(mine.result.approvedHours)).toBe(1.5);
  await hrCtx.close();
  await empApi.dispose();
});
