import { expect, test } from '@playwright/test';
import { signIn } from '../helpers';

test('employee list: search, status and sort survive opening an employee and coming Back', async ({ page }) => {
  await signIn(page, 'hc@demo.co.id');
  await page.goto('/employee/list');
  const rows = page.locator('table tbody tr');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('0');
  await expect(page).toHaveURL(/[?&]status=0/);
  await expect(rows.nth(1).getByRole('cell').last()).toHaveText('Work');
  const name = (await rows.nth(1).getByRole('link').first().textContent())?.trim() ?? '';
  expect(name).not.toBe('');

  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await page.getByRole('button', { name: /^Number/ }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page).toHaveURL(/[?&]status=0/);
  await expect(page).toHaveURL(/[?&]sort=employeeNumber/);
  await expect(rows.first().getByRole('link', { name })).toBeVisible();

  await rows.first().getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/employee\/list\/\d+\/detail$/);
  await page.goBack();

  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(name);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('0');
  await expect(page).toHaveURL(/[?&]sort=employeeNumber/);
  await expect(rows.first().getByRole('link', { name })).toBeVisible();
});
