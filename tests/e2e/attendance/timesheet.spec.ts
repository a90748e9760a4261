import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { bearer, pickDate, signIn, tokenFor } from '../helpers';

const A = '/v2/h/attendance';
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

// Issue 4: HR opens the timesheet, narrows it to one day and one employee, enters the day by hand
// and sees status 98 Manual Input; the employee then downloads their own monthly attendance PDF.
// The demo seed has last month's punches computed into timesheets.
test('HR edits a timesheet day by hand → Manual Input; the employee downloads their PDF', async ({
  browser,
  request,
  playwright,
  baseURL,
}) => {
  const hc = bearer(await tokenFor(request, 'hcstaff@demo.co.id'));
  const empApi = await playwright.request.newContext({ baseURL: baseURL! });
  const emp = bearer(await tokenFor(empApi, 'employee@demo.co.id'));
  const employeeId = (await (await empApi.get('/v2/h/auth/me', { headers: emp })).json()).result.employeeId as number;

  // A workday of last month of the demo employee that is not a manual input yet.
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const from = `${last.toISOString().slice(0, 8)}01`;
  const to = last.toISOString().slice(0, 10);
  const list = await request.get(`${A}/timesheet?employeeId=${employeeId}&from=${from}&to=${to}&pageSize=40`, { headers: hc });
  expect(list.status(), await list.text()).toBe(200);
  const rows = (await list.json()).results.rows as {
    date: string;
    dayType: string;
    status: number | null;
    employeeNumber: string;
    employeeName: string;
  }[];
  const day = rows.find((r) => r.dayType === 'workday' && r.status !== 98);
  expect(day, 'a seeded workday').toBeTruthy();

  const hcCtx = await browser.newContext();
  const page = await hcCtx.newPage();
  await signIn(page, 'hcstaff@demo.co.id');
  await page.goto('/attendance/timesheet');
  await pickDate(page, page.locator('#att-from'), day!.date);
  await pickDate(page, page.locator('#att-to'), day!.date);
  await page.getByRole('searchbox', { name: 'Search' }).fill(day!.employeeNumber);
  const edit = page.getByRole('button', { name: `Edit ${day!.employeeName} on ${dmy(day!.date)}` });
  await expect(edit).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await edit.click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#att-edit-in').fill('08:00');
  await dialog.locator('#att-edit-out').fill('17:00');
  await dialog.locator('#att-edit-out').press('Tab');
  await dialog.locator('#att-edit-note').fill('Terminal was offline (e2e)');
  await dialog.getByRole('button', { name: 'Save manual input' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: day!.employeeNumber });
  await expect(row.getByTestId('att-status')).toHaveText('Manual Input');
  await expect(row).toContainText('08:00');
  await expect(row.getByRole('button', { name: 'Clear edit' })).toBeVisible();
  // The server agrees.
  const after = await request.get(`${A}/timesheet?employeeId=${employeeId}&from=${day!.date}&to=${day!.date}`, { headers: hc });
  expect((await after.json()).results.rows[0]).toMatchObject({ status: 98, statusLabel: 'Manual Input', manual: true });

  // The employee downloads this month's attendance PDF.
  const empCtx = await browser.newContext({ acceptDownloads: true });
  const empPage = await empCtx.newPage();
  await signIn(empPage, 'employee@demo.co.id');
  await empPage.goto('/personal/attendance/mypdf');
  await expect(empPage.getByTestId('mypdf-totals')).toBeVisible();
  const [download] = await Promise.all([empPage.waitForEvent('download'), empPage.getByTestId('mypdf-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^attendance_.+_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  await hcCtx.close();
  await empCtx.close();
  await empApi.dispose();
});
