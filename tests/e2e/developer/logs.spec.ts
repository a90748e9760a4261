import { expect, test } from '@playwright/test';
import { ADMIN, bearer, signIn, tokenFor } from '../helpers';

// Issue 6: something is created over REST, then the admin finds that change in /developer/logs by
// filtering on its action and reads its payload in the detail dialog.
test('developer logs: filter by action → open the detail', async ({ page, request }) => {
  const admin = bearer(await tokenFor(request, ADMIN.email, ADMIN.password));
  const name = `Logs LAN ${Date.now().toString(36)}`;
  const octet = Math.floor(Math.random() * 200) + 20;
  const created = await request.post('/v2/h/network/hotspot', { headers: admin, data: { name, cidr: `10.${octet}.77.0/24` } });
  expect(created.ok()).toBe(true);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/developer/logs');
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible();
  await page.fill('#dlogs-action', 'hotspot.create');
  await page.selectOption('#dlogs-source', 'audit');
  const rows = page.locator('tbody tr');
  // Once the filters apply, every row shown is of the chosen action (ours is the newest).
  await expect
    .poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('hotspot.create') && text.includes('Audit')))
    .toBe(true);
  await expect(rows.first()).toContainText('network_hotspot #');

  await rows.first().getByRole('button', { name: 'Details hotspot.create' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Log entry')).toBeVisible();
  await expect(dialog.getByTestId('log-payload')).toContainText(`"name": "${name}"`);
  await expect(dialog.getByTestId('log-payload')).toContainText(`10.${octet}.77.0/24`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
