import { expect, test } from '@playwright/test';
import { ADMIN, bearer, signIn, tokenFor } from '../helpers';

// Issue 6: a developer registers a fingerprint terminal, its agent uploads scans (here straight
// through the ingest endpoint), and the detail screen shows the scans, the unmapped PIN and the
// scan-log export; then the terminal is edited and deleted.
test('fingerprint device: add → scans arrive → detail → edit → delete', async ({ page, request }) => {
  const admin = bearer(await tokenFor(request, ADMIN.email, ADMIN.password));
  const serial = `E2E${Date.now().toString(36).toUpperCase()}`;
  const name = `Gate ${serial}`;

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/developer/fingerspot/add');
  // Required fields are named before anything is sent.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name field is required')).toBeVisible();

  await page.fill('#device-name', name);
  await page.selectOption('#device-driver', 'zk');
  await page.fill('#device-address', '192.168.1.201');
  await expect(page.locator('#device-port')).toHaveValue('4370');
  await page.fill('#device-serial', 'bad serial!');
  await page.getByRole('button', { name: 'Save' }).click();
  // The server's field message is shown at the field.
  await expect(page.getByText(/Serial number must be letters, digits/)).toBeVisible();
  await page.fill('#device-serial', serial);
  await page.fill('#device-commKey', '1234');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/developer\/fingerspot\/\d+\/detail$/);
  const id = Number(/fingerspot\/(\d+)\/detail/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('device-serial')).toHaveText(serial);
  await expect(page.getByTestId('count-total')).toHaveText('0');

  // The agent uploads two scans of a PIN nobody is mapped to.
  const ingest = await request.post('/v2/h/attendance/punch/ingest', {
    headers: admin,
    data: {
      agent: 'e2e-agent',
      clockSkewMs: 2000,
      punches: [
        { deviceSerial: serial, pin: '98765', localTime: '2026-11-19T07:59:00', state: 0, verifyType: 1 },
        { deviceSerial: serial, pin: '98765', localTime: '2026-11-19T17:01:00', state: 1, verifyType: 1 },
      ],
    },
  });
  expect((await ingest.json()).result.items.map((i: { status: string }) => i.status)).toEqual(['inserted', 'inserted']);

  await page.reload();
  await expect(page.getByTestId('count-total')).toHaveText('2');
  await expect(page.getByTestId('count-unmapped')).toHaveText('2');
  // In the scan log and as the PIN's last scan.
  await expect(page.getByRole('cell', { name: '19/11/2026 17:01:00' })).toHaveCount(2);
  await expect(page.getByText('Unmapped PINs (1)')).toBeVisible();

  // Scan log export.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export scan log (XLSX)' }).click();
  expect((await download).suggestedFilename()).toBe(`scanlog_${serial}.xlsx`);

  // Edit: rename, switch off.
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.waitForURL(`/developer/fingerspot/${id}/edit`);
  await expect(page.locator('#device-name')).toHaveValue(name);
  await expect(page.locator('#device-commKey')).toHaveValue('1234');
  await page.fill('#device-name', `${name} (old)`);
  await page.uncheck('#device-active');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`/developer/fingerspot/${id}/detail`);
  await expect(page.getByRole('heading', { name: `${name} (old)` })).toBeVisible();

  // The list finds it; delete it there.
  await page.goto('/developer/fingerspot');
  await page.getByLabel('Search').fill(serial);
  const row = page.getByRole('row', { name: new RegExp(serial) });
  await expect(row).toContainText('Inactive');
  await expect(row).toContainText('192.168.1.201:4370');
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: new RegExp(serial) })).toHaveCount(0);
  // The row leaves the list as soon as it refetches; the delete itself may still be finishing.
  await expect.poll(async () => (await request.get(`/v2/h/fingerspot/device/${id}`, { headers: admin })).status()).toBe(404);
});
