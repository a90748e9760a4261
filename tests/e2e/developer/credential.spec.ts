import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from '../helpers';

// Issue 6: a developer creates an ingest-only OAuth client, edits it (name, scope), rotates its
// secret (shown once; the old one stops working) and revokes it.
test('OAuth credential: add (ingest) → edit → rotate → revoke', async ({ page, request }) => {
  const name = `Agent ${Date.now().toString(36)}`;
  const token = (clientId: string, clientSecret: string) =>
    request.post('/v2/h/oauth2/token', {
      data: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/developer/credential/add');
  await expect(page.getByLabel(/Ingest only/)).toBeChecked();
  await page.fill('#name', name);
  await page.getByRole('button', { name: 'Create' }).click();
  const clientId = (await page.getByTestId('client-id').textContent())!.trim();
  const firstSecret = (await page.getByTestId('client-secret').textContent())!.trim();
  const agent = (await token(clientId, firstSecret).then((r) => r.json())).result.access_token as string;
  // The ingest scope: anything but the agent endpoints is refused.
  const me = await request.get('/v2/h/auth/me', { headers: { authorization: `Bearer ${agent}` } });
  expect(me.status()).toBe(403);

  await page.goto('/developer/credential');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Ingest only')).toBeVisible();
  await row.getByRole('link', { name: /Edit/ }).click();
  await page.waitForURL(/\/developer\/credential\/\d+\/edit$/);
  await expect(page.locator('#name')).toHaveValue(name);

  await page.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
  const secret = page.getByTestId('client-secret');
  await expect(secret).toBeVisible();
  const newSecret = (await secret.textContent())!.trim();
  expect(newSecret).not.toBe(firstSecret);
  expect((await token(clientId, firstSecret)).status()).toBe(401);
  expect((await token(clientId, newSecret)).status()).toBe(200);

  await page.fill('#name', `${name} (full)`);
  await page.getByLabel(/Full access/).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/developer\/credential$/);
  const edited = page.getByRole('row', { name: new RegExp(`${name} \\(full\\)`) });
  await expect(edited.getByText('Full access')).toBeVisible();

  await edited.getByRole('link', { name: /Edit/ }).click();
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await page.waitForURL(/\/developer\/credential$/);
  await expect(page.getByRole('row', { name: new RegExp(`${name} \\(full\\)`) }).getByText(/Revoked/)).toBeVisible();
  expect((await token(clientId, newSecret)).status()).toBe(401);
});
