import { expect, test } from '@playwright/test';
import { bearer, pickDate, signIn, tokenFor } from '../helpers';

const A = '/v2/h/salary/allowance';

const addDays = (iso: string, n: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
/** Completed months from `from` to `to` (a month completes on the same day of the month; days ≤ 28 only). */
const completedMonths = (from: string, to: string) => {
  const [y1, m1, d1] = from.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = to.split('-').map(Number) as [number, number, number];
  return (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
};

interface Line {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  religion: string;
  joinDate: string;
  eligible: boolean;
  reason: string | null;
  monthsOfService: string;
  monthlyWage: string | null;
  amount: string;
}

// Issue 5 (THR): HR previews and generates the Idul Fitri THR of the demo company on
// /salary/holidayAllowance/generate → the detail shows a prorated employee (under 12 months of
// service) with the trace of the amount → HR finalises the run, which is then locked.
test('THR: generate Idul Fitri for the demo company → prorated employee with trace → finalise', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  const hc = bearer(await tokenFor(api, 'hc@demo.co.id'));
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  // A holiday about four months ahead (short-tenure staff then have a few months of service).
  const holidayDate = addDays(today, 120);
  const payDate = addDays(holidayDate, -7);
  const year = Number(holidayDate.slice(0, 4));

  // The demo seed gives most employees a contract salary (seed/salaries.ts): the dry run pays every eligible
  // Muslim employee one month's wage, prorated under 12 months of service.
  const dry = await api.post(`${A}/generate/dryRun`, { headers: hc, data: { holiday: 2, holidayDate, payDate } });
  expect(dry.status(), await dry.text()).toBe(200);
  const lines = (await dry.json()).result.lines as Line[];
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((l) => l.religion === 'Islam' || !l.eligible)).toBe(true);
  const eligible = lines.filter((l) => l.eligible);
  const monthsOf = (l: Line) => Number(l.monthsOfService);
  const prorated = eligible.find((l) => {
    const m = completedMonths(l.joinDate, holidayDate);
    return l.religion === 'Islam' && Number(l.joinDate.slice(8, 10)) <= 28 && m >= 2 && m <= 11;
  });
  const senior = eligible.find((l) => l.religion === 'Islam' && monthsOf(l) >= 12);
  expect(prorated, 'a salaried Muslim employee with 2–11 months of service by the holiday').toBeTruthy();
  expect(senior, 'a salaried Muslim employee with 12+ months of service').toBeTruthy();
  const months = monthsOf(prorated!);
  expect(months).toBe(completedMonths(prorated!.joinDate, holidayDate));
  // Permenaker 6/2016: 12 months or more = one month's wage; less = months / 12 × wage, rounded half up.
  const expected = (l: Line) =>
    monthsOf(l) >= 12 ? Number(l.monthlyWage) : Math.round((monthsOf(l) * Number(l.monthlyWage)) / 12);
  expect(Number(senior!.amount)).toBe(Number(senior!.monthlyWage));
  const proratedAmount = expected(prorated!);
  expect(Number(prorated!.amount)).toBe(proratedAmount);
  for (const l of eligible) expect(Number(l.amount), l.employeeNumber).toBe(expected(l));
  const total = eligible.reduce((sum, l) => sum + Number(l.amount), 0);

  await signIn(page, 'hc@demo.co.id');
  await page.goto('/salary/holidayAllowance/generate');
  await page.locator('#thr-holiday').selectOption({ label: 'Idul Fitri' });
  await pickDate(page, page.locator('#thr-holidayDate'), holidayDate);
  await pickDate(page, page.locator('#thr-payDate'), payDate);
  await page.getByRole('button', { name: 'Preview (dry run)' }).click();
  await expect(page.getByTestId('thr-preview-summary')).toContainText(`${eligible.length} eligible`);
  await expect(page.getByRole('row', { name: new RegExp(prorated!.employeeNumber) })).toContainText(
    `Rp ${proratedAmount.toLocaleString('id-ID')}`,
  );
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.waitForURL(/\/salary\/holidayAllowance\/\d+\/detail$/);
  await expect(page.getByRole('heading', { name: `THR Idul Fitri ${year}` })).toBeVisible();
  await expect(page.getByTestId('thr-run-status')).toHaveText('Draft');
  await expect(page.getByTestId('thr-run-total')).toHaveText(`Rp ${total.toLocaleString('id-ID')}`);

  // The prorated employee's line and the trace of the amount.
  const row = page.getByRole('row', { name: new RegExp(prorated!.employeeNumber) });
  await expect(row).toContainText(`Rp ${proratedAmount.toLocaleString('id-ID')}`);
  await row.getByRole('button', { name: 'Trace' }).click();
  const trace = page.getByRole('dialog');
  await expect(trace.getByText('THR amount', { exact: true })).toBeVisible();
  await expect(trace.getByText(`monthsOfService = ${months}`).first()).toBeVisible();
  await expect(trace.getByText(/Permenaker 6\/2016/).first()).toBeVisible();
  await trace.getByRole('button', { name: 'Close' }).click();
  await expect(trace).toHaveCount(0);

  // Finalise: the run is locked.
  await page.getByRole('button', { name: 'Finalise' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Finalise' }).click();
  await expect(page.getByTestId('thr-run-status')).toHaveText('Finalised');
  await expect(page.getByRole('button', { name: 'Finalise' })).toHaveCount(0);
  const again = await api.post(`${A}/generate`, { headers: hc, data: { holiday: 2, holidayDate, payDate } });
  expect(again.status()).toBe(409);
  expect((await again.json()).errors[0].message).toBe(`THR Idul Fitri ${year} is finalised and locked`);
  await api.dispose();
});
