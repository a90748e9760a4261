import { expect, test } from '@playwright/test';
import { ADMIN, bearer, signIn, tokenFor } from '../helpers';

/*
 * Payslips by e-mail (issue 5): the supervisor's office gets a basic salary for the supervisor and a
 * payroll run for 05/2025 (no other spec generates that month), generated and finalised over REST. The
 * admin opens the run, clicks "Send by e-mail" and reads the result; the e2e server has no SMTP_URL, so
 * the message is kept in the outbox (stored, not sent), where the Outbox tab on /salary/report shows it.
 */
test('send a finalised run’s payslips by e-mail and find the message in the outbox', async ({ page, request }) => {
  const supervisorToken = await tokenFor(request, 'supervisor@demo.co.id');
  const me = (await (await request.get('/v2/h/auth/me', { headers: bearer(supervisorToken) })).json()).result as {
    employeeId: number;
    name: string;
  };
  const token = await tokenFor(request, ADMIN.email, ADMIN.password);
  const h = { headers: bearer(token) };
  const detail = await (await request.get(`/v2/h/employee/${me.employeeId}/detail`, h)).json();
  const employment = detail.result.employment as { entryDate: string; companyOffice: { id: number } };
  const period = employment.entryDate.slice(0, 7) > '2025-05' ? employment.entryDate.slice(0, 7) : '2025-05';
  const post = async (url: string, data: Record<string, unknown>) => {
    const r = await request.post(url, { ...h, data });
    expect(r.status(), await r.text()).toBe(200);
    return (await r.json()).result;
  };
  await post('/v2/h/salary/queue', {
    employeeId: me.employeeId,
    effectiveDate: `${period}-01`,
    basicSalary: '6500000',
    note: 'e2e payslip mail',
  });
  const run = await post('/v2/h/salary/report/generate', { period, companyOfficeId: employment.companyOffice.id });
  await post(`/v2/h/salary/report/${run.runId}/finalise`, {});

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/salary/report/${run.runId}/detail`);
  await page.getByRole('button', { name: 'Send by e-mail' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const result = dialog.getByTestId('payslip-mail-result');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('payslip-mail-sent')).toHaveText('0');
  await expect(result.getByTestId('payslip-mail-queued')).toHaveText(/^[1-9]\d*$/);
  await expect(result.getByTestId('payslip-mail-failed')).toHaveText('0');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto('/salary/report');
  await page.getByRole('tab', { name: 'Outbox' }).click();
  await page.getByLabel('Search').fill(me.name);
  const row = page.getByRole('row').filter({ hasText: me.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Payslip');
  await expect(row.getByTestId('mail-status')).toHaveText('Stored (not sent)');
  await row.getByRole('button', { name: 'View' }).click();
  const message = page.getByTestId('outbox-message');
  await expect(message).toContainText(`Dear ${me.name}`);
  await expect(message).toContainText('.pdf');
});
