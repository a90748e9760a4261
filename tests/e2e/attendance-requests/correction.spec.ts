import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { bearer, pickDate, signIn, tokenFor } from '../helpers';

/**
 * The latest weekday of the current month (WIB, today included) on which employee@ has no correction yet: the
 * demo seed files some in the last weeks, and last month's payroll is finalised, which locks its days
 * (issue 19 item 17), so a date before the 1st would be refused. Today if no earlier weekday of the month is free.
 */
async function freeWeekday(request: APIRequestContext): Promise<string> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const monthStart = `${today.slice(0, 8)}01`;
  const api = bearer(await tokenFor(request, 'employee@demo.co.id'));
  const res = await request.get(`/v2/h/personal/timesheet/correction?from=${monthStart}&to=${today}&pageSize=100`, {
    headers: api,
  });
  const taken = new Set(((await res.json()).results.rows as { date: string }[]).map((r) => r.date));
  for (let t = Date.parse(`${today}T00:00:00Z`); t >= Date.parse(`${monthStart}T00:00:00Z`); t -= 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (![0, 6].includes(new Date(t).getUTCDay()) && !taken.has(day)) return day;
  }
  return today;
}

// Issue 4: an employee files a Late Clock-In correction on /personal/attendance/correction →
// HR approves it on /attendance/timesheet/correction → the request reads Approved for both.
test('Late Clock-In correction → HR approval → Approved', async ({ browser, request }) => {
  const date = await freeWeekday(request);
  const reason = `Train delay (e2e ${Date.now()})`;

  const empCtx = await browser.newContext();
  const emp = await empCtx.newPage();
  await signIn(emp, 'employee@demo.co.id');
  await emp.goto('/personal/attendance/correction');
  await pickDate(emp, emp.locator('#corr-date'), date);
  await expect(emp.getByRole('heading', { name: 'Timesheet of the day' })).toBeVisible();
  await emp.selectOption('#corr-type', '1');
  await emp.fill('#corr-startTime', '09:15');
  await emp.locator('#corr-startTime').blur();
  await emp.fill('#corr-reason', reason);
  await emp.getByRole('button', { name: 'Submit request' }).click();
  const mine = emp.getByRole('row', { name: new RegExp(reason.replace(/[()]/g, '\\$&')) });
  await expect(mine).toContainText('Late Clock-In');
  await expect(mine).toContainText('Pending');

  // HR finds it among the pending corrections and approves it with a note.
  const hrCtx = await browser.newContext();
  const hr = await hrCtx.newPage();
  await signIn(hr, 'hcstaff@demo.co.id');
  await hr.goto('/attendance/timesheet/correction');
  await hr.getByRole('searchbox', { name: 'Search' }).fill(reason);
  const row = hr.getByRole('row', { name: new RegExp(reason.replace(/[()]/g, '\\$&')) });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: /Details/ }).click();
  const dialog = hr.getByRole('dialog');
  await expect(dialog.getByTestId('correction-status')).toHaveText('Pending');
  await dialog.getByLabel('Note').fill('Confirmed with the station');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog.getByTestId('correction-status')).toHaveText('Approved');
  await expect(dialog.getByRole('cell', { name: 'Confirmed with the station' })).toBeVisible();

  // The employee sees it approved; over REST too.
  await emp.reload();
  await expect(mine).toContainText('Approved');
  const api = bearer(await tokenFor(request, 'employee@demo.co.id'));
  const list = await (
    await request.get(`/v2/h/personal/timesheet/correction?type=1&from=${date}&to=${date}`, { headers: api })
  ).json();
  expect(list.results.rows).toEqual([expect.objectContaining({ reason, status: 1, statusLabel: 'Approved' })]);
  await empCtx.close();
  await hrCtx.close();
});
