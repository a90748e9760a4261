import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from '../helpers';

// Issue 19 items 14 and 19: at 1366 px the leave list's Actions column is on screen; the approver sees the
// requester's balance while deciding; the success toast names what happened and stays clear of the header's
// language switch and logout button; the favicon exists.
test('leave list at 1366 px: actions visible, balance in the decision, toast below the header', async ({ browser, request }) => {
  expect((await request.get('/favicon.ico')).status()).toBe(200);

  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/attendance/leave');
  const approve = page.locator('tbody').getByRole('button', { name: 'Approve', exact: true }).first();
  await expect(approve).toBeVisible();

  // The Actions header and the row's Approve button lie inside the window, not clipped at its right edge.
  const actions = page.getByRole('columnheader', { name: 'Actions' });
  const box = (await actions.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  const button = (await approve.boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(1366);
  await expect(approve).toBeInViewport();

  await approve.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('requester-remaining')).toHaveText(/^\d+(\.5)?$/);
  await dialog.getByRole('button', { name: 'Approve' }).click();

  const toast = page.locator('.Toastify__toast').filter({ hasText: 'Leave approved' });
  await expect(toast).toBeVisible();
  const t = (await toast.boundingBox())!;
  const header = (await page.locator('header').first().boundingBox())!;
  expect(t.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  for (const control of [page.getByRole('combobox', { name: 'Language' }), page.getByRole('button', { name: 'Log out' })]) {
    const c = (await control.boundingBox())!;
    const overlaps = t.x < c.x + c.width && c.x < t.x + t.width && t.y < c.y + c.height && c.y < t.y + t.height;
    expect(overlaps).toBe(false);
  }
});
