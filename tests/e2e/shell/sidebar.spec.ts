import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from '../helpers';

test('the sidebar shows only what a role may see', async ({ browser }) => {
  const admin = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  const adminNav = admin.getByRole('navigation', { name: 'Main' });
  for (const group of ['Attendance', 'Employee', 'Salary', 'Developer', 'Inventory', 'Personal']) {
    await expect(adminNav.getByText(group, { exact: true })).toBeVisible();
  }

  const employee = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signIn(employee, 'employee@demo.co.id');
  const nav = employee.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Personal', { exact: true })).toBeVisible();
  for (const group of ['Salary', 'Developer', 'Misc']) {
    await expect(nav.getByText(group, { exact: true })).toHaveCount(0);
  }
  // Of the employee group, an employee sees only their own resignation page.
  await nav.getByRole('button', { name: 'Employee' }).click();
  await expect(nav.getByRole('link', { name: 'Resignation Requests' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Employee List' })).toHaveCount(0);
  // Visiting a hidden page directly shows the no-access screen, not its data.
  await employee.goto('/employee/list');
  await expect(employee.getByText('You do not have access to this page')).toBeVisible();
  await expect(employee.locator('tbody tr')).toHaveCount(0);
});

test('the header clock ticks every second and a narrow window collapses the sidebar', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1100, height: 800 } })).newPage();
  await signIn(page, 'hcintern@demo.co.id');
  const clock = page.locator('time').first();
  const first = await clock.textContent();
  await page.waitForTimeout(1500);
  expect(await clock.textContent()).not.toBe(first);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('unknown routes show the not-found page', async ({ page }) => {
  await signIn(page, 'hcintern@demo.co.id');
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
});
