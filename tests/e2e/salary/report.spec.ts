import { expect, test } from '@playwright/test';
import { ADMIN, bearer, signIn, tokenFor } from '../helpers';

/*
 * Payroll run journey (issue 5): HR dry-runs and generates the salary report of one office for a
 * month, opens a payslip and reads a line's trace, finalises the report; the employee then sees the
 * payslip on /personal/salary. The test gives the employee a new basic salary through the salary queue
 * first (the demo seed pays them a contract salary and a transport allowance, seed/salaries.ts). Period: 2026-08 for the employee's office (no other
 * spec generates it), or the employee's entry month if they joined later.
 */
test('generate, inspect and finalise a salary report; the employee sees the payslip', async ({ page, request }) => {
  const employeeToken = await tokenFor(request, 'employee@demo.co.id');
  const me = (await (await request.get('/v2/h/auth/me', { headers: bearer(employeeToken) })).json()).result as {
    employeeId: number;
    name: string;
  };
  const adminToken = await tokenFor(request, ADMIN.email, ADMIN.password);
  const detail = await (await request.get(`/v2/h/employee/${me.employeeId}/detail`, { headers: bearer(adminToken) })).json();
  const employment = detail.result.employment as { entryDate: string; companyOffice: { name: string } };
  const period = employment.entryDate.slice(0, 7) > '2026-08' ? employment.entryDate.slice(0, 7) : '2026-08';
  const [year, month] = period.split('-') as [string, string];
  const queued = await request.post('/v2/h/salary/queue', {
    headers: bearer(adminToken),
    data: { employeeId: me.employeeId, effectiveDate: `${period}-01`, basicSalary: '7500000', note: 'e2e salary report' },
  });
  expect(queued.status(), await queued.text()).toBe(200);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/salary/report/generate');
  await page.getByLabel('Year').selectOption(year);
  await page.getByLabel('Month').selectOption(month);
  await page.getByLabel('Company office').selectOption({ label: employment.companyOffice.name });
  await page.getByRole('button', { name: 'Dry run' }).click();
  const dryRow = page.getByRole('row').filter({ hasText: me.name });
  await expect(dryRow).toContainText('Rp 7.900.000'); // gross: the queued 7,500,000 and the seed's transport allowance
  await expect(dryRow.getByTestId('dry-run-difference')).toHaveText('-');

  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.waitForURL(/\/salary\/report\/\d+\/detail$/);
  await expect(page.getByTestId('run-status')).toHaveText('Draft');
  await page.getByRole('button', { name: new RegExp(me.name) }).click();
  const dialog = page.getByRole('dialog');
  const basic = dialog.getByTestId('payslip-line').filter({ hasText: 'basic' }).first();
  await expect(basic).toContainText('Rp 7.500.000');
  await expect(basic.getByTestId('payslip-trace')).toContainText('Basic salary');
  await expect(basic.getByTestId('payslip-trace')).toContainText('Source');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Finalise' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Finalise' }).click();
  await expect(page.getByTestId('run-status')).toHaveText('Finalised');
  await expect(page.getByRole('button', { name: 'Finalise' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel report' })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, 'employee@demo.co.id');
  await page.goto('/personal/salary');
  // The seed's finalised last month is listed first: choose this one.
  await page.getByRole('button', { name: `${month}/${year}` }).click();
  await expect(page.getByTestId('payslip-basic')).toHaveText('Rp 7.500.000');
  await expect(page.getByTestId('payslip-line').first()).toContainText('Basic salary');
});
