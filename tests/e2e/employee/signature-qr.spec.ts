import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from '../helpers';

/** A 1×1 PNG: a real image the server's magic-byte check accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('employee signature and QR code: upload, see and delete the signature; generate and download the QR code', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/employee/list');
  await page.locator('table tbody tr').nth(2).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/employee\/list\/\d+\/detail$/);

  const signature = page.getByTestId('signature-section');
  await expect(signature.getByText('No signature uploaded.')).toBeVisible();
  await signature.locator('input[type=file]').setInputFiles({ name: 'my-signature.png', mimeType: 'image/png', buffer: PNG });
  await expect(signature.getByRole('img', { name: 'Signature' })).toBeVisible();
  await expect(signature.getByText(/my-signature\.png/)).toBeVisible();
  await page.reload();
  await expect(signature.getByRole('img', { name: 'Signature' })).toBeVisible();
  await signature.getByRole('button', { name: 'Delete signature' }).click();
  await expect(signature.getByText('No signature uploaded.')).toBeVisible();

  const qr = page.getByTestId('qr-section');
  await expect(qr.getByText('No QR code generated yet.')).toBeVisible();
  const [png] = await Promise.all([page.waitForEvent('download'), qr.getByRole('button', { name: 'Generate QR code' }).click()]);
  expect(png.suggestedFilename()).toMatch(/^qr-.+\.png$/);
  await expect(qr.getByText(/^EMP:/)).toBeVisible();
  const [card] = await Promise.all([
    page.waitForEvent('download'),
    qr.getByRole('button', { name: 'Download ID card (PDF)' }).click(),
  ]);
  expect(card.suggestedFilename()).toMatch(/^id-card-.+\.pdf$/);
});
