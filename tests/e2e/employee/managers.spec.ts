import { expect, test } from '@playwright/test';
import { bearer, signIn, tokenFor } from '../helpers';

test('HR makes a department head the manager of someone in another department; the head then sees that employee', async ({
  browser,
  request,
}) => {
  // One login at a time over this request context (a login replaces the session its cookie carried).
  const admin = await tokenFor(request, 'hc@demo.co.id');
  const list = await (await request.get('/v2/h/employee/all?pageSize=200', { headers: bearer(admin) })).json();
  const head = await tokenFor(request, 'depthead@demo.co.id');
  const me = (await (await request.get('/v2/h/auth/me', { headers: bearer(head) })).json()).result;
  const rows = list.results.rows as { id: number; name: string; employeeNumber: string; departmentId: number | null }[];
  const other = rows.find((r) => r.departmentId !== me.departmentId && r.id !== me.employeeId)!;
  const headRow = rows.find((r) => r.id === me.employeeId)!;
  expect((await request.get(`/v2/h/employee/${other.id}/detail`, { headers: bearer(head) })).status()).toBe(404);

  const hc = await (await browser.newContext()).newPage();
  await signIn(hc, 'hc@demo.co.id');
  await hc.goto('/employee/managers/add');
  await hc.locator('#manager-managerEmployeeId-search').fill(headRow.employeeNumber);
  await expect(hc.locator('#manager-managerEmployeeId option').nth(1)).toBeAttached();
  await hc.locator('#manager-managerEmployeeId').selectOption(String(headRow.id));
  await hc.locator('#manager-employee-search').fill(other.employeeNumber);
  await hc.getByRole('checkbox', { name: new RegExp(other.employeeNumber) }).check();
  await expect(hc.getByTestId('chosen-employees')).toContainText(other.name);
  await hc.getByRole('button', { name: 'Save' }).click();
  await expect(hc).toHaveURL(/\/employee\/managers$/);
  // The demo seed gives everyone a manager already: the new pair is the row naming both.
  await hc.getByRole('searchbox', { name: 'Search' }).fill(other.employeeNumber);
  const pair = hc.getByRole('row').filter({ hasText: other.employeeNumber }).filter({ hasText: headRow.employeeNumber });
  await expect(pair).toContainText('Active');

  const headPage = await (await browser.newContext()).newPage();
  await signIn(headPage, 'depthead@demo.co.id');
  await headPage.goto(`/employee/list/${other.id}/detail`);
  await expect(headPage.getByTestId('employee-name')).toHaveText(other.name);

  // Inactivated, the employee is out of the head's sight again.
  await pair.getByRole('button', { name: 'Inactivate' }).click();
  await expect(pair).toHaveCount(0);
  await headPage.reload();
  await expect(headPage.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
