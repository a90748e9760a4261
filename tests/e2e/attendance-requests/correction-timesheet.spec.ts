import { expect, test } from '@playwright/test';
import { bearer, signIn, tokenFor } from '../helpers';

interface Day {
  date: string;
  dayType: string;
  shift: string | null;
  status: number | null;
  manual: boolean;
}

const addDays = (iso: string, n: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

// Issue 4: "correction request → approval changes the status". The employee files a Shift
// Correction (clock-in and clock-out at the shift's times) for a failed workday of their
// timesheet → HR approves it on /attendance/timesheet/correction → that day reads 1 Valid with
// the corrected times.
test('Shift Correction of a failed day → HR approval → the timesheet day becomes Valid', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const empApi = await playwright.request.newContext({ baseURL: baseURL! });
  const emp = bearer(await tokenFor(empApi, 'employee@demo.co.id'));
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  // Days of this month only: the demo seed finalised last month's payroll, which locks its corrections (issue 19 item 17).
  const from = `${today.slice(0, 7)}-01`;
  const to = addDays(today, -1);
  const rows = (await (await empApi.get(`/v2/h/personal/timesheet?from=${from}&to=${to}&pageSize=100`, { headers: emp })).json())
    .results.rows as Day[];
  // Failed workdays of a day shift (not overnight), without a manual edit.
  const failed = rows.filter((r) => {
    const m = r.shift?.match(/\((\d\d:\d\d) - (\d\d:\d\d)\)$/);
    return r.dayType === 'workday' && !r.manual && r.status !== null && r.status !== 1 && r.status !== 98 && !!m && m[2]! > m[1]!;
  });
  expect(failed.length, 'the demo month has failed workdays').toBeGreaterThan(0);
  const reason = `Forgot my card (e2e ${Date.now()})`;
  let day: Day | null = null;
  let times: [string, string] = ['', ''];
  for (const r of failed) {
    const m = r.shift!.match(/\((\d\d:\d\d) - (\d\d:\d\d)\)$/)!;
    const res = await empApi.post('/v2/h/personal/timesheet/correction', {
      headers: emp,
      data: { date: r.date, type: 4, startTime: m[1], endTime: m[2], reason },
    });
    if (res.status() === 200) {
      day = r;
      times = [m[1]!, m[2]!];
      break;
    }
    expect(res.status(), await res.text()).toBe(409); // a Shift Correction of that day exists already
  }
  expect(day).not.toBeNull();

  const hrCtx = await browser.newContext();
  const hr = await hrCtx.newPage();
  await signIn(hr, 'hcstaff@demo.co.id');
  await hr.goto('/attendance/timesheet/correction');
  await hr.getByRole('searchbox', { name: 'Search' }).fill(reason);
  const row = hr.getByRole('row', { name: new RegExp(reason.replace(/[()]/g, '\\$&')) });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: /Details/ }).click();
  const dialog = hr.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog.getByTestId('correction-status')).toHaveText('Approved');

  const after = (
    await (await empApi.get(`/v2/h/personal/timesheet?from=${day!.date}&to=${day!.date}&pageSize=5`, { headers: emp })).json()
  ).results.rows as (Day & { firstIn: string | null; lastOut: string | null })[];
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ status: 1, statusLabel: 'Valid' });
  expect(after[0]!.firstIn).toContain(times[0]);
  expect(after[0]!.lastOut).toContain(times[1]);
  await hrCtx.close();
  await empApi.dispose();
});
