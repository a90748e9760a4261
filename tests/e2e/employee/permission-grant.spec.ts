import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, bearer, signIn, tokenFor } from '../helpers';

const openAs = async (browser: Browser, email: string, password?: string): Promise<Page> => {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signIn(page, email, password);
  return page;
};

test('grant a permission → the assigner cannot approve → a second admin approves → the grantee sees the menu; "why" names the grant', async ({
  browser,
  request,
}) => {
  const employeeToken = await tokenFor(request, 'employee@demo.co.id');
  const me = await (await request.get('/v2/h/auth/me', { headers: bearer(employeeToken) })).json();
  const employeeId = me.result.employeeId as number;
  // Decisions name people, not logins (issue 19 item 8).
  const nameOf = async (email: string, password?: string) =>
    (await (await request.get('/v2/h/auth/me', { headers: bearer(await tokenFor(request, email, password)) })).json()).result
      .name as string;
  const [hcName, adminName] = [await nameOf('hc@demo.co.id'), await nameOf(ADMIN.email, ADMIN.password)];
  expect(me.result.permissions).not.toContain('canteen.view');

  // Before: the employee has no Canteen menu.
  const grantee = await openAs(browser, 'employee@demo.co.id');
  await expect(grantee.getByRole('navigation', { name: 'Main' }).getByText('Personal', { exact: true })).toBeVisible();
  await expect(grantee.getByRole('navigation', { name: 'Main' }).getByText('Canteen', { exact: true })).toHaveCount(0);

  // The admin assigns canteen.view; it waits for a second person, and the admin gets no Approve button.
  const admin = await openAs(browser, ADMIN.email, ADMIN.password);
  await admin.goto(`/employee/list/${employeeId}/detail`);
  const card = admin.getByTestId('grants-employee');
  await card.getByLabel('Permission or role').selectOption('permission:canteen.view');
  await card.getByRole('button', { name: 'Assign', exact: true }).click();
  const row = card.locator('tbody tr', { hasText: 'canteen.view' });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Awaiting a second person');
  await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Cancel/ })).toBeVisible();

  // "Why" before approval: not held, the pending grant is named.
  const why = admin.getByTestId('why-permission');
  await why.getByLabel('Permission').selectOption('canteen.view');
  await expect(why.getByText('This person does not have canteen.view.')).toBeVisible();
  await expect(why.getByText('Would be given once approved')).toBeVisible();

  // A second admin (human capital) approves.
  const hc = await openAs(browser, 'hc@demo.co.id');
  await hc.goto(`/employee/list/${employeeId}/detail`);
  const hcRow = hc.getByTestId('grants-employee').locator('tbody tr', { hasText: 'canteen.view' });
  await hcRow.getByRole('button', { name: /^Approve/ }).click();
  await expect(hcRow).toContainText('Approved');
  await expect(hcRow).toContainText(hcName);
  await expect(hcRow.getByRole('button', { name: /^Unassign/ })).toBeVisible();

  // The grantee signs in again (approval renews their sessions) and now sees the Canteen menu.
  await signIn(grantee, 'employee@demo.co.id');
  const nav = grantee.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Canteen' }).click();
  await expect(nav.getByRole('link', { name: 'Presence' })).toBeVisible();

  // "Why can this person …?" now shows the employee grant and who approved it.
  await hc.reload();
  const hcWhy = hc.getByTestId('why-permission');
  await hcWhy.getByLabel('Permission').selectOption('canteen.view');
  await expect(hcWhy.getByText('employee@demo.co.id has canteen.view.')).toBeVisible();
  const source = hcWhy.locator('li[data-source-kind="employee"]');
  await expect(source).toContainText('Grant to this employee');
  await expect(source).toContainText(`assigned by ${adminName}`);
  await expect(source).toContainText(`approved by ${hcName}`);
});
