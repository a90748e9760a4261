import { type APIRequestContext, expect } from '@playwright/test';

export const DEMO_PASSWORD = 'demo12345';
export const ADMIN = { email: 'admin@demo.co.id', password: 'admin12345' };

/** Logs in over REST and returns the bearer token. */
export async function tokenFor(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/v2/h/auth/login', { data: { email, password } });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  expect(body.status).toBe('success');
  return body.result.token as string;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

import type { Page } from '@playwright/test';

/** Signs in through the login page and waits for the home page. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

import type { Locator } from '@playwright/test';

/**
 * Picks a date (yyyy-mm-dd) in a DatePicker: opens its calendar, chooses the year and month in
 * the caption dropdowns, clicks the day, and waits for the input to show dd/mm/yyyy.
 */
export async function pickDate(page: Page, input: Locator, iso: string): Promise<void> {
  const [y, m, d] = iso.split('-') as [string, string, string];
  await input.click();
  const popup = page.locator('.rdp-root').last();
  await popup.getByRole('combobox', { name: /year/i }).selectOption(String(Number(y)));
  await popup.getByRole('combobox', { name: /month/i }).selectOption(String(Number(m) - 1));
  await popup.locator('td:not([data-outside]) button', { hasText: new RegExp(`^${Number(d)}$`) }).click();
  await expect(input).toHaveValue(`${d}/${m}/${y}`);
}
