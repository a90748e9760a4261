import { expect, test } from '@playwright/test';
import { bearer, pickDate, signIn, tokenFor } from '../helpers';

test('employee detail: open from the list, edit one section, see the change; bad input is named at its field', async ({
  page,
}) => {
  await signIn(page, 'hc@demo.co.id');
  await page.goto('/employee/list');
  const first = page.locator('table tbody tr').first().getByRole('link').first();
  const name = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/employee\/list\/\d+\/detail$/);
  await expect(page.getByTestId('employee-name')).toHaveText(name);

  // Contact: an impossible postal code is refused at its field, then a good one is saved.
  await page.getByRole('button', { name: 'Edit Contact' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#emp-contact-city').fill('Batam <b>Centre</b>');
  await dialog.locator('#emp-contact-postalCode').fill('123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Postal code must be 5 digits')).toBeVisible();
  await dialog.locator('#emp-contact-postalCode').fill('29432');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // Text a user entered is shown as text, not markup.
  await expect(page.getByText('Batam <b>Centre</b>')).toBeVisible();
  await expect(page.getByText('29432')).toBeVisible();

  // Emergency contacts: add one, save, see it; reload keeps it.
  await page.getByRole('button', { name: 'Edit Emergency contacts' }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.locator('#contacts-0-name').fill('Ani Wijaya');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Phone field is required')).toBeVisible();
  await dialog.locator('#contacts-0-phone').fill('0812 1111 2222');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByText('Ani Wijaya')).toBeVisible();
  await expect(page.getByText('Family · 0812 1111 2222')).toBeVisible();
});

test('a department head cannot open an employee of another department (404 over REST and tRPC, not found in the app)', async ({
  page,
  request,
}) => {
  // One login at a time: a login over this request context replaces (and revokes) the session its cookie carried.
  const admin = await tokenFor(request, 'hc@demo.co.id');
  const list = await (await request.get('/v2/h/employee/all?pageSize=100', { headers: bearer(admin) })).json();
  const head = await tokenFor(request, 'depthead@demo.co.id');
  const me = await (await request.get('/v2/h/auth/me', { headers: bearer(head) })).json();
  const deptId = me.result.departmentId as number;
  const other = (list.results.rows as { id: number; departmentId: number | null }[]).find((r) => r.departmentId !== deptId);
  expect(other).toBeTruthy();
  const own = (list.results.rows as { id: number; departmentId: number | null }[]).find((r) => r.departmentId === deptId);

  const rest = await request.get(`/v2/h/employee/${other!.id}/detail`, { headers: bearer(head) });
  expect(rest.status()).toBe(404);
  expect(await rest.json()).toMatchObject({ status: 'error', errors: [{ code: 'GL0004' }] });
  const trpc = await request.get(`/trpc/employee.detail?input=${encodeURIComponent(JSON.stringify({ id: other!.id }))}`, {
    headers: bearer(head),
  });
  expect(trpc.status()).toBe(404);
  expect(JSON.stringify(await trpc.json())).toContain('NOT_FOUND');
  if (own) {
    const ok = await request.get(`/v2/h/employee/${own.id}/detail`, { headers: bearer(head) });
    expect(ok.status()).toBe(200);
  }

  await signIn(page, 'depthead@demo.co.id');
  await page.goto(`/employee/list/${other!.id}/detail`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('HR journey: create an employee, add a contract, record a promotion', async ({ page }) => {
  await signIn(page, 'hc@demo.co.id');
  await page.goto('/employee/list');
  await page.getByRole('button', { name: 'Add employee' }).click();
  const dialog = page.getByRole('dialog');
  const stamp = Date.now();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Given name field is required')).toBeVisible();
  await dialog.locator('#new-employee-givenName').fill('Wahyu');
  await dialog.locator('#new-employee-surname').fill('Pratama');
  await dialog.locator('#new-employee-email').fill(`wahyu.${stamp}@demo.co.id`);
  await dialog.locator('#new-employee-gender').selectOption('Male');
  await pickDate(page, dialog.locator('#new-employee-birthDate'), '1992-06-05');
  for (const id of ['religionId', 'educationLevelId', 'maritalStatusId', 'companyOfficeId']) {
    await expect(dialog.locator(`#new-employee-${id} option`).nth(1)).toBeAttached();
    await dialog.locator(`#new-employee-${id}`).selectOption({ index: 1 });
  }
  await expect(dialog.locator('#new-employee-departmentId option').nth(1)).toBeAttached();
  await dialog.locator('#new-employee-departmentId').selectOption({ index: 1 });
  await expect(dialog.locator('#new-employee-jobLevelId option').nth(2)).toBeAttached();
  await dialog.locator('#new-employee-jobLevelId').selectOption({ index: 1 });
  const firstLevel = (await dialog.locator('#new-employee-jobLevelId option').nth(1).textContent()) ?? '';
  const secondLevel = (await dialog.locator('#new-employee-jobLevelId option').nth(2).textContent()) ?? '';
  await dialog.locator('#new-employee-contractType').selectOption('4');
  await pickDate(page, dialog.locator('#new-employee-firstJoinDate'), '2024-01-02');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // The new record opens with its number from the office's ID index.
  await expect(page).toHaveURL(/\/employee\/list\/\d+\/detail$/);
  await expect(page.getByTestId('employee-name')).toHaveText('Wahyu Pratama');
  await expect(page.getByText(/Employee .+ created/)).toBeVisible();

  // A contract with its salary.
  await page.getByRole('button', { name: 'Add contract' }).click();
  await dialog.locator('#contract-contractNumber').fill(`PKWT/${stamp}`);
  await pickDate(page, dialog.locator('#contract-startDate'), '2024-01-02');
  await dialog.locator('#contract-basicSalary').fill('5500000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('End date is required unless the contract is permanent')).toBeVisible();
  await pickDate(page, dialog.locator('#contract-endDate'), '2025-12-31');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: `PKWT/${stamp}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: /Rp 5\.500\.000/ })).toBeVisible();

  // A promotion to the next job level: recorded with where from and where to, and applied.
  await page.getByRole('button', { name: 'Add record' }).click();
  await dialog.locator('#record-changeType').selectOption({ label: 'Promotion' });
  await pickDate(page, dialog.locator('#record-effectiveDate'), '2025-07-01');
  await dialog.locator('#record-jobLevelId').selectOption({ label: secondLevel });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const record = page.getByTestId('employment-record').first();
  await expect(record).toContainText('Promotion · 01/07/2025');
  await expect(record).toContainText(firstLevel);
  await expect(record).toContainText(secondLevel);
});
