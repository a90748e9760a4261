import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from '../helpers';

test('registration journey: missing-field notice, submit, admin activates, new user logs in', async ({ browser }) => {
  const email = `dewi.${Date.now()}@example.com`;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/registration');
  await expect(visitor.getByRole('heading', { name: 'Registration' })).toBeVisible();

  // Empty form: the first empty field (email) is focused, highlighted and named.
  await visitor.click('button[type=submit]');
  await expect(visitor.getByText('Email field is required')).toBeVisible();
  await expect(visitor.locator('#email')).toBeFocused();

  await visitor.fill('#email', email);
  await visitor.fill('#givenName', 'Dewi');
  await visitor.fill('#surname', '<script>alert(1)</script>');
  await visitor.selectOption('#gender', 'Female');
  await visitor.selectOption('#religionId', { index: 1 });
  await visitor.selectOption('#educationLevelId', { index: 1 });
  await visitor.selectOption('#maritalStatusId', { index: 1 });
  // Birth date is still empty: it comes before religion in the order, so it is named next.
  await visitor.click('button[type=submit]');
  await expect(visitor.getByText('BirthDate field is required')).toBeVisible();
  await expect(visitor.locator('#birthDate')).toBeFocused();
  await visitor.locator('#birthDate').pressSequentially('17081995');
  await expect(visitor.locator('#birthDate')).toHaveValue('17/08/1995');
  await visitor.click('button[type=submit]');
  await expect(visitor.getByTestId('registration-success')).toBeVisible();

  // Not active yet: login is refused.
  const pending = await visitor.request.post('/v2/h/auth/login', { data: { email, password: 'whatever-1' } });
  expect(pending.status()).toBe(401);

  // Registering the same e-mail again shows the "Err:" banner.
  await visitor.fill('#email', email);
  await visitor.fill('#givenName', 'Dewi');
  await visitor.fill('#surname', 'Lestari');
  await visitor.selectOption('#gender', 'Female');
  await visitor.selectOption('#religionId', { index: 1 });
  await visitor.selectOption('#educationLevelId', { index: 1 });
  await visitor.selectOption('#maritalStatusId', { index: 1 });
  await visitor.locator('#birthDate').pressSequentially('17081995');
  await visitor.click('button[type=submit]');
  await expect(visitor.getByTestId('registration-error')).toContainText('Err:');
  await expect(visitor.getByTestId('registration-error')).toContainText('already registered');

  // The administrator activates the registration and gets a one-time password.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await admin.goto('/employee/registration');
  const row = admin.locator('tr', { hasText: email });
  await expect(row).toBeVisible();
  // A name with markup is shown literally, never executed.
  await expect(row).toContainText('<script>alert(1)</script>');
  await row.getByRole('button', { name: 'Activate' }).click();
  await admin.selectOption('#activate-office', { index: 1 });
  await admin.click('[role=dialog] button[type=submit]');
  const temp = (await admin.getByTestId('temporary-password').textContent())?.trim() ?? '';
  expect(temp.length).toBeGreaterThanOrEqual(10);

  // The new user logs in and is asked to change the password.
  await signIn(visitor, email, temp);
  await visitor.waitForURL('**/personal/profile');
  await expect(visitor.getByTestId('must-change-password')).toBeVisible();
  await visitor.fill('#oldPassword', temp);
  await visitor.fill('#newPassword', 'Kopi-Tubruk-Pagi-7');
  await visitor.fill('#confirmPassword', 'Kopi-Tubruk-Pagi-7');
  await visitor.click('button[type=submit]');
  await expect(visitor.getByText('Password changed').first()).toBeVisible();
});
