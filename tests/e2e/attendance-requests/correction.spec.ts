import { expect, test } from '@playwright/test';
import { bearer, pickDate, signIn, tokenFor } from '../helpers';

/** A weekday `back` days before today (WIB), 'yyyy-mm-dd'; clear of the demo seed's requests (at most 6 weekdays back). */
function pastWeekday(back: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  let t = Date.parse(`${today}T00:00:00Z`) - back * 86_400_000;
  while ([0, 6].includes(new Date(t).getUTCDay())) t -= 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

// Issue 4: an employee files a Late Clock-In correction on /personal/attendance/correction →
// HR approves it on /attendance/timesheet/correction → the request reads Approved for both.
test('Late Clock-In correction → HR approval → Approved', async ({ browser, request }) => {
  const date = pastWeekday(12);
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
