import { expect, test } from '@playwright/test';
import { pickDate, signIn } from '../helpers';

test('employee requests a data update, HR approves it, the change is in the record', async ({ browser }) => {
  const city = `Pekanbaru ${Date.now() % 100000}`;
  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, 'employee@demo.co.id');
  await employee.goto('/personal/profile');
  await employee.getByRole('button', { name: 'Request change Contact' }).click();
  const dialog = employee.getByRole('dialog');
  await dialog.locator('#emp-contact-city').fill(city);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const mine = employee.getByTestId('my-update-request').first();
  await expect(mine).toContainText('Contact · Pending');
  await expect(mine).toContainText(city);

  const hc = await (await browser.newContext()).newPage();
  await signIn(hc, 'hc@demo.co.id');
  await hc.goto('/employee/list');
  const pending = hc.getByTestId('pending-update-request').filter({ hasText: city });
  await expect(pending).toContainText('City:');
  await pending.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(pending).toHaveCount(0);

  await employee.reload();
  await expect(employee.getByTestId('my-update-request').first()).toContainText('Contact · Approved');
  // The record's contact card now shows it.
  await expect(employee.locator('dd').filter({ hasText: city })).toBeVisible();
});

test('resignation: employee submits, HR approves, the employee sees the decision', async ({ browser }) => {
  const lastDay = new Date(Date.now() + 45 * 86400_000).toISOString().slice(0, 10);
  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, 'supervisor@demo.co.id');
  await employee.goto('/employee/resignation/request');
  await employee.getByRole('button', { name: 'Submit resignation' }).click();
  await expect(employee.getByText('Last working day field is required')).toBeVisible();
  await pickDate(employee, employee.locator('#resign-lastWorkingDay'), lastDay);
  await employee.locator('#resign-reason').fill('Continuing my studies in Yogyakarta');
  await employee.getByRole('button', { name: 'Submit resignation' }).click();
  await expect(employee.getByTestId('my-resignation').first()).toContainText('Pending');

  const hc = await (await browser.newContext()).newPage();
  await signIn(hc, 'hc@demo.co.id');
  await hc.goto('/employee/resignation');
  await hc
    .getByRole('row')
    .filter({ hasText: lastDay.split('-').reverse().join('/') })
    .getByRole('link')
    .first()
    .click();
  await expect(hc.getByText('Continuing my studies in Yogyakarta')).toBeVisible();
  await hc.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(hc.getByTestId('resignation-status')).toHaveText('Approved');

  await employee.reload();
  await expect(employee.getByTestId('my-resignation').first()).toContainText('Approved');
  // The last working day is still ahead: the login keeps working until then.
  await employee.goto('/personal/profile');
  await expect(employee.getByRole('heading', { name: 'Profile' }).first()).toBeVisible();
});
