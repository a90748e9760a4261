import { expect, test } from '@playwright/test';
import { bearer, signIn, tokenFor } from '../helpers';

const B = '/api/web/v2/inventories';

// Issue 7, journey (a): an employee asks the warehouse for items that are in stock → the warehouse
// manager approves → the items are issued and stock goes down by a ledger issue naming the request.
test('warehouse request with stock → approved → issued', async ({ browser, request, playwright, baseURL }) => {
  const keeper = bearer(await tokenFor(request, 'warehouse@demo.co.id'));
  // Paper A4 is stocked by the demo seed in the first office's warehouse.
  const stock = await (await request.get(`${B}/stocks?search=Paper%20A4&pageSize=5`, { headers: keeper })).json();
  const row = stock.results.rows[0] as { variantId: number; warehouseId: number; onHand: number; warehouse: string };
  expect(row.onHand).toBeGreaterThanOrEqual(2);

  // The employee asks for 2 reams in the browser.
  const empCtx = await browser.newContext();
  const emp = await empCtx.newPage();
  await signIn(emp, 'employee@demo.co.id');
  await emp.goto('/inventory/warehouseRequest/add');
  await emp.locator('#wr-warehouse').selectOption(String(row.warehouseId));
  await emp.locator('#wr-line-0-variant').selectOption(String(row.variantId));
  await emp.fill('#wr-line-0-quantity', '2');
  await emp.getByRole('button', { name: 'Save' }).click();
  await emp.waitForURL(/\/inventory\/warehouseRequest\/\d+\/detail$/);
  const id = Number(/warehouseRequest\/(\d+)\/detail/.exec(emp.url())![1]);
  await expect(emp.getByText('Pending · Not issued')).toBeVisible();
  // The requester cannot approve (no button).
  await expect(emp.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The warehouse manager finds it in the warehouse queue, approves and issues it.
  const whCtx = await browser.newContext();
  const wh = await whCtx.newPage();
  await signIn(wh, 'warehouse@demo.co.id');
  await wh.goto('/inventory/warehouseRequest?tab=queue');
  await wh.getByRole('link', { name: `WR-${String(id).padStart(6, '0')}` }).click();
  await wh.waitForURL(`**/inventory/warehouseRequest/${id}/detail`);
  await wh.getByRole('button', { name: 'Approve' }).click();
  await wh.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(wh.getByText('Approved · Not issued')).toBeVisible();
  await wh.getByRole('button', { name: 'Issue items' }).click();
  // The issue panel prefills what is on hand of each line; confirm it.
  await wh.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(wh.getByText('Approved · Issued')).toBeVisible();

  // Stock went down by 2, and the ledger names the request.
  const after = await (
    await request.get(`${B}/stocks?variantId=${row.variantId}&warehouseId=${row.warehouseId}`, { headers: keeper })
  ).json();
  expect(after.results.rows[0].onHand).toBe(row.onHand - 2);
  await wh.goto(`/inventory/warehouseRequest?tab=movements&variantId=${row.variantId}&warehouseId=${row.warehouseId}`);
  await expect(wh.getByRole('link', { name: `WR-${String(id).padStart(6, '0')}` })).toBeVisible();

  // The PDF of the request downloads from the detail page.
  await emp.reload();
  const [download] = await Promise.all([emp.waitForEvent('download'), emp.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`WR-${String(id).padStart(6, '0')}.pdf`);

  // Nobody decides their own request: the warehouse manager's own request has no approve button
  // and the API refuses it.
  const mine = await request.post(`${B}/warehouse-requests`, {
    headers: keeper,
    data: { warehouseId: row.warehouseId, lines: [{ variantId: row.variantId, quantity: 1 }] },
  });
  const mineId = (await mine.json()).result.id as number;
  const own = await request.post(`${B}/warehouse-requests/${mineId}/approval`, {
    headers: keeper,
    data: { decision: 'approve' },
  });
  expect(own.status()).toBe(403);
  expect((await own.json()).errors[0].msg).toBe('You cannot decide your own warehouse request');
  await wh.goto(`/inventory/warehouseRequest/${mineId}/detail`);
  await expect(wh.getByText('Pending · Not issued')).toBeVisible();
  await expect(wh.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  // Someone without the warehouse tier: 403 as well.
  const otherApi = await playwright.request.newContext({ baseURL: baseURL! });
  const employee = bearer(await tokenFor(otherApi, 'employee@demo.co.id'));
  expect(
    (
      await otherApi.post(`${B}/warehouse-requests/${mineId}/approval`, { headers: employee, data: { decision: 'approve' } })
    ).status(),
  ).toBe(403);
  await empCtx.close();
  await whCtx.close();
  await otherApi.dispose();
});
