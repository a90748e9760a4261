import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, bearer, signIn, tokenFor } from '../helpers';

const B = '/api/web/v2/inventories';
const num = (prefix: string, id: number) => `${prefix}-${String(id).padStart(6, '0')}`;

// Issue 7, journey (b): a request the warehouse cannot fill → the warehouse raises a purchase
// request → managerial, warehouse and COO approve (three different people; someone without a tier
// sees no button and is refused) → purchase order → partial receipt → stock goes up → the
// warehouse request is issued in full.
test('request without stock → purchase request → three approvals → order → partial receipt → fulfilled', async ({
  browser,
  playwright,
  baseURL,
}) => {
  // One API context per user: a login from a context carrying another user's cookie ends that session.
  const contexts: APIRequestContext[] = [];
  const as = async (email: string, password?: string) => {
    const ctx = await playwright.request.newContext({ baseURL: baseURL! });
    contexts.push(ctx);
    return { api: ctx, h: bearer(await tokenFor(ctx, email, password)) };
  };
  const admin = await as(ADMIN.email, ADMIN.password);
  const employee = await as('employee@demo.co.id');
  const managerial = await as('managerial@demo.co.id');
  const keeper = await as('warehouse@demo.co.id');
  const staff = await as('inventory@demo.co.id');
  const coo = await as('clevel@demo.co.id');
  const me = async (u: { api: APIRequestContext; h: Record<string, string> }) =>
    (await (await u.api.get('/v2/h/auth/me', { headers: u.h })).json()).result.employeeId as number;

  // The managerial approver manages the employee (the managerial tier acts for the people it manages).
  const assigned = await admin.api.post('/v2/h/employee/manager', {
    headers: admin.h,
    data: { managerEmployeeId: await me(managerial), employeeIds: [await me(employee)] },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  // Safety helmets: none in stock in the demo warehouse.
  const paper = (await (await keeper.api.get(`${B}/stocks?search=Paper%20A4`, { headers: keeper.h })).json()).results.rows[0];
  const warehouseId = paper.warehouseId as number;
  const helmet = (await (await employee.api.get(`${B}/items/warehouses?search=helmet`, { headers: employee.h })).json())
    .results[0] as { id: number; unitId: number };
  const helmetsOnHand = async () =>
    ((await (await keeper.api.get(`${B}/stocks?variantId=${helmet.id}&warehouseId=${warehouseId}`, { headers: keeper.h })).json())
      .results.rows[0]?.onHand ?? 0) as number;
  const before = await helmetsOnHand();

  const wr = await employee.api.post(`${B}/warehouse-requests`, {
    headers: employee.h,
    data: { warehouseId, neededDate: '2026-12-15', note: 'Site visit', lines: [{ variantId: helmet.id, quantity: before + 5 }] },
  });
  const wrId = (await wr.json()).result.id as number;
  expect(
    (
      await keeper.api.post(`${B}/warehouse-requests/${wrId}/approval`, { headers: keeper.h, data: { decision: 'approve' } })
    ).status(),
  ).toBe(200);

  // Inventory staff raise the purchase request for the shortage from the request's page.
  const staffCtx = await browser.newContext();
  const page = await staffCtx.newPage();
  await signIn(page, 'inventory@demo.co.id');
  await page.goto(`/inventory/warehouseRequest/${wrId}/detail`);
  await page.getByRole('link', { name: 'Raise purchase request for the shortage' }).click();
  await expect(page.locator('#pr-line-0-quantity')).toHaveValue('5');
  await page.fill('#pr-line-0-price', '85000');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/inventory\/purchaseRequest\/\d+\/detail$/);
  const prId = Number(/purchaseRequest\/(\d+)\/detail/.exec(page.url())![1]);
  await expect(page.getByRole('link', { name: num('WR', wrId) })).toBeVisible();
  // A quotation goes with it.
  await page.getByLabel('Upload file').setInputFiles({
    name: 'quotation.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF'),
  });
  await expect(page.getByRole('cell', { name: 'quotation.pdf', exact: true })).toBeVisible();
  // Without an approval tier there is no approve button, and the API refuses.
  await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  const refused = await staff.api.post(`${B}/purchase-requests/${prId}/approval/managerial`, {
    headers: staff.h,
    data: { decision: 'approve' },
  });
  expect(refused.status()).toBe(403);
  // Strict order: the warehouse tier cannot go first.
  const early = await keeper.api.post(`${B}/purchase-requests/${prId}/approval/warehouse`, {
    headers: keeper.h,
    data: { decision: 'approve' },
  });
  expect(early.status()).toBe(409);

  // 1. Managerial, in the browser.
  const mgrCtx = await browser.newContext();
  const mgr = await mgrCtx.newPage();
  await signIn(mgr, 'managerial@demo.co.id');
  await mgr.goto(`/inventory/purchaseRequest/${prId}/detail`);
  await mgr.getByRole('button', { name: 'Approve (Managerial)' }).click();
  await mgr.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(mgr.getByText('Waiting for warehouse approval', { exact: true })).toBeVisible();
  await expect(mgr.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  // 2. Warehouse and 3. COO.
  for (const [who, tier] of [
    [keeper, 'warehouse'],
    [coo, 'COO'],
  ] as const) {
    const r = await who.api.post(`${B}/purchase-requests/${prId}/approval/${tier}`, {
      headers: who.h,
      data: { decision: 'approve' },
    });
    expect(r.status(), await r.text()).toBe(200);
  }

  // The order and a partial receipt, on the request's page.
  await page.reload();
  await expect(page.getByText('Managerial: Approved · Warehouse: Approved · COO: Approved')).toBeVisible();
  for (const actor of ['Approved (Managerial)', 'Approved (Warehouse)', 'Approved (COO)'])
    await expect(page.getByRole('cell', { name: actor })).toBeVisible();
  await page.getByRole('button', { name: 'Place purchase order' }).click();
  const orderDialog = page.getByRole('dialog');
  await orderDialog.getByLabel(/Supplier/).fill('PT Helm Safety');
  await orderDialog.getByRole('button', { name: 'Place purchase order' }).click();
  await expect(orderDialog).toHaveCount(0);
  const order = (await (await staff.api.get(`${B}/purchase-requests/${prId}/purchase-orders`, { headers: staff.h })).json())
    .results[0] as { id: number; lines: { id: number; quantity: number }[] };
  await expect(page.getByRole('cell', { name: 'Not received' })).toBeVisible();
  await page.getByRole('button', { name: 'Receive' }).click();
  const receiveDialog = page.getByRole('dialog');
  await receiveDialog.getByLabel(/Quantity received/).fill('3');
  await receiveDialog.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByRole('cell', { name: 'Partially received' })).toBeVisible();
  expect(await helmetsOnHand()).toBe(before + 3);

  // Receiving more than is left is refused, naming the line.
  const left = order.lines[0]!.quantity - 3;
  const over = await staff.api.post(`${B}/purchase-orders/${order.id}/purchase-receives`, {
    headers: staff.h,
    data: { receivedDate: '2026-11-24', lines: [{ purchaseOrderLineId: order.lines[0]!.id, quantity: left + 1 }] },
  });
  expect(over.status()).toBe(400);
  expect((await over.json()).errors[0].attributes).toEqual([
    { param: 'lines.0.quantity', msg: `must be at most ${left} (still to receive)` },
  ]);
  const rest = await staff.api.post(`${B}/purchase-orders/${order.id}/purchase-receives`, {
    headers: staff.h,
    data: { receivedDate: '2026-11-25', lines: [{ purchaseOrderLineId: order.lines[0]!.id, quantity: left }] },
  });
  expect(rest.status()).toBe(200);
  const poPdf = await staff.api.get(`${B}/purchase-orders/${order.id}/download`, { headers: staff.h });
  expect(poPdf.headers()['content-type']).toBe('application/pdf');

  // Everything arrived: the warehouse request is issued in full, which empties the shelf again.
  await page.goto(`/inventory/warehouseRequest/${wrId}/detail`);
  // Its order (now fully received) and both receipts are listed on it.
  await expect(page.getByRole('cell', { name: 'Received', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: num('PO', order.id), exact: true })).toHaveCount(3);
  await page.getByRole('button', { name: 'Issue items' }).click();
  // The issue panel prefills what is on hand of each line; confirm it.
  await page.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(page.getByText('Approved · Issued')).toBeVisible();
  expect(await helmetsOnHand()).toBe(0);

  await staffCtx.close();
  await mgrCtx.close();
  for (const c of contexts) await c.dispose();
});
