import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../helpers';

test('a wrong password shows a clear message, and repeated failures lock the account with the rate-limit message', async ({
  page,
}) => {
  await page.goto('/login');
  // Demo login used only by this test, so the lock does not disturb the others.
  const email = 'portmanager@demo.co.id';
  for (let i = 0; i < 5; i++) {
    await page.fill('#email', email);
    await page.fill('#password', `wrong-password-${i}`);
    await page.click('button[type=submit]');
    await expect(page.getByTestId('login-error')).toContainText('Incorrect e-mail or password');
  }
  // Even the right password is refused now, with the rate-limit message.
  await page.fill('#email', email);
  await page.fill('#password', DEMO_PASSWORD);
  await page.click('button[type=submit]');
  await expect(page.getByTestId('login-error')).toContainText('Too many failed login attempts. Please try again in');
  expect(page.url()).toContain('/login');
});

test('the right password signs in; logout ends the session', async ({ page }) => {
  await page.goto('/login');
  await page.fill('#email', 'hcstaff@demo.co.id');
  await page.fill('#password', DEMO_PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
  await page.goto('/employee/list');
  await page.waitForURL('**/login**');
});
