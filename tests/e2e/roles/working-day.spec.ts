import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { bearer, pickDate, signIn, tokenFor } from '../helpers';

/*
 * A working day, out of the box (issue 19): one journey per role of the demo, on a server of their own
 * started from a fresh demo seed (playwright.config.ts, project "roles"), with the demo logins only.
 * The journeys run in order and hand their requests on:
 * 1. employee@ (on a phone, 390×844) asks the warehouse for safety helmets (none in stock), asks for a
 *    day of annual leave, and reads last month's payslip; the phone screens go to docs/screenshots/;
 * 2. warehouse@ approves the warehouse request and raises the purchase request for the shortage;
 * 3. managerial@, employee@'s manager, approves the purchase request's managerial tier and the leave;
 * 4. warehouse@ may not decide the warehouse tier of a request they raised; warehouse2@ does, then
 *    clevel@ the COO tier;
 * 5. hc@ finds last month's payroll finalised.
 */

const B = '/api/web/v2/inventories';
const SHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const PHONE = { width: 390, height: 844 };

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
const addDays = (iso: string, n: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
/** Last month as shown on screen (mm/yyyy): the month the demo seed finalised. */
const lastMonth = () => {
  const [y, m] = today().split('-').map(Number) as [number, number];
  return m === 1 ? `12/${y - 1}` : `${String(m - 1).padStart(2, '0')}/${y}`;
};
const number = (prefix: string, id: number) => `${prefix}-${String(id).padStart(6, '0')}`;

/** What one journey hands to the next. */
const day = { warehouseRequestId: 0, purchaseRequestId: 0, leaveReason: '' };

/** An API client signed in as one demo login (one context per login: a login replaces the session its cookie carried). */
async function apiAs(
  playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
  email: string,
) {
  const api = await playwright.request.newContext({ baseURL });
  return { api, headers: bearer(await tokenFor(api, email)) };
}

async function pageAs(browser: Browser, email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** A phone screen for docs/screenshots/, once every widget has loaded. */
const shot = async (page: Page, name: string) => {
  await expect(page.getByRole('status')).toHaveCount(0);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png` });
};

test.describe
  .serial('a working day with the demo logins', () => {
    test('employee (phone): warehouse request, leave request, last month’s payslip', async ({ browser, playwright, baseURL }) => {
      const emp = await apiAs(playwright, baseURL!, 'employee@demo.co.id');
      const keeper = await apiAs(playwright, baseURL!, 'warehouse@demo.co.id');
      const page = await pageAs(browser, 'employee@demo.co.id', PHONE);
      await expect(page.getByText("Today's shift")).toBeVisible();
      await shot(page, 'employee-home');

      // Safety helmets: the demo's first warehouse has none.
      const paper = (await (await keeper.api.get(`${B}/stocks?search=Paper%20A4`, { headers: keeper.headers })).json()).results
        .rows[0] as { warehouseId: number };
      const helmet = (await (await emp.api.get(`${B}/items/warehouses?search=helmet`, { headers: emp.headers })).json())
        .results[0] as { id: number };
      await page.goto('/inventory/warehouseRequest/add');
      await page.locator('#wr-warehouse').selectOption(String(paper.warehouseId));
      await page.locator('#wr-line-0-variant').selectOption(String(helmet.id));
      await page.fill('#wr-line-0-quantity', '4');
      await pickDate(page, page.locator('#wr-needed'), addDays(today(), 21));
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/inventory\/warehouseRequest\/\d+\/detail$/);
      day.warehouseRequestId = Number(/warehouseRequest\/(\d+)\/detail/.exec(page.url())![1]);
      await expect(page.getByText('Pending · Not issued')).toBeVisible();

      // A working day of annual leave, two weeks or more ahead, that the employee has not asked for yet.
      const P = '/v2/h/personal/leave';
      let leaveDay = addDays(today(), 14);
      for (let i = 0; i < 60; i++, leaveDay = addDays(leaveDay, 1)) {
        const r = await emp.api.get(`${P}/days?startDate=${leaveDay}&endDate=${leaveDay}`, { headers: emp.headers });
        if ((await r.json()).result?.days === 1) break;
      }
      day.leaveReason = `Family visit (working day ${Date.now()})`;
      await page.goto('/personal/leave/add');
      await page.locator('#lv-leaveTypeId').selectOption({ label: 'Annual Leave (AL)' });
      await pickDate(page, page.locator('#lv-startDate'), leaveDay);
      await pickDate(page, page.locator('#lv-endDate'), leaveDay);
      await expect(page.getByTestId('leave-days')).toHaveText('1 working day(s)');
      await page.fill('#lv-reason', day.leaveReason);
      await page.getByRole('button', { name: 'Submit request' }).click();
      await page.waitForURL('**/personal/leave');
      await expect(page.getByRole('row').filter({ hasText: day.leaveReason }).getByTestId('leave-status')).toHaveText('Pending');
      await page.reload(); // without the "submitted" notice over the screen
      await expect(page.getByText(day.leaveReason)).toBeAttached();
      await shot(page, 'employee-leave');

      // Last month's payslip, finalised by the demo seed, is the one shown.
      await page.goto('/personal/salary');
      const month = page.getByRole('button', { name: lastMonth() });
      await expect(month).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('payslip-basic')).toHaveText(/^Rp [1-9][\d.]*$/);
      await expect(page.getByTestId('payslip-line').first()).toContainText('Basic salary');
      await shot(page, 'employee-payslip');

      await page.context().close();
      for (const c of [emp, keeper]) await c.api.dispose();
    });

    test('warehouse manager: approves the request and raises the purchase request for the shortage', async ({ browser }) => {
      const page = await pageAs(browser, 'warehouse@demo.co.id');
      await page.goto('/inventory/warehouseRequest?tab=queue');
      await page.getByRole('link', { name: number('WR', day.warehouseRequestId) }).click();
      await page.waitForURL(`**/inventory/warehouseRequest/${day.warehouseRequestId}/detail`);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Approved · Not issued')).toBeVisible();

      await page.getByRole('link', { name: 'Raise purchase request for the shortage' }).click();
      await expect(page.locator('#pr-line-0-quantity')).toHaveValue('4');
      await page.fill('#pr-line-0-price', '85000');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/inventory\/purchaseRequest\/\d+\/detail$/);
      day.purchaseRequestId = Number(/purchaseRequest\/(\d+)\/detail/.exec(page.url())![1]);
      await expect(page.getByText('Waiting for managerial approval', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
      await page.context().close();
    });

    test('manager: approves the purchase request’s managerial tier and the employee’s leave', async ({ browser }) => {
      const page = await pageAs(browser, 'managerial@demo.co.id');
      await page.goto('/inventory/purchaseRequest');
      await page.getByRole('link', { name: number('PR', day.purchaseRequestId) }).click();
      await page.waitForURL(`**/inventory/purchaseRequest/${day.purchaseRequestId}/detail`);
      await page.getByRole('button', { name: 'Approve (Managerial)' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Waiting for warehouse approval', { exact: true })).toBeVisible();

      await page.goto('/attendance/leave');
      await page.getByRole('combobox', { name: 'Status' }).selectOption('3');
      await page.getByRole('searchbox', { name: 'Search' }).fill(day.leaveReason);
      const row = page.getByRole('row').filter({ hasText: day.leaveReason });
      await row.getByRole('button', { name: 'Approve', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await page.getByRole('combobox', { name: 'Status' }).selectOption('1');
      await expect(row.getByTestId('leave-status')).toHaveText('Approved');
      await page.context().close();
    });

    test('second warehouse approver: decides the warehouse tier the raiser may not; the COO approves', async ({
      browser,
      playwright,
      baseURL,
    }) => {
      const approve = (c: { api: APIRequestContext; headers: Record<string, string> }, tier: string) =>
        c.api.post(`${B}/purchase-requests/${day.purchaseRequestId}/approval/${tier}`, {
          headers: c.headers,
          data: { decision: 'approve' },
        });
      const keeper = await apiAs(playwright, baseURL!, 'warehouse@demo.co.id');
      expect((await approve(keeper, 'warehouse')).status()).toBe(403);

      const page = await pageAs(browser, 'warehouse2@demo.co.id');
      await page.goto('/inventory/purchaseRequest');
      await page
        .getByRole('link', { name: number('PR', day.purchaseRequestId) })
        .first()
        .click();
      await page.waitForURL(`**/inventory/purchaseRequest/${day.purchaseRequestId}/detail`);
      await page.getByRole('button', { name: 'Approve (Warehouse)' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Waiting for COO approval', { exact: true })).toBeVisible();

      const coo = await apiAs(playwright, baseURL!, 'clevel@demo.co.id');
      const r = await approve(coo, 'COO');
      expect(r.status(), await r.text()).toBe(200);
      await page.reload();
      await expect(page.getByText('Managerial: Approved · Warehouse: Approved · COO: Approved')).toBeVisible();
      await page.context().close();
      for (const c of [keeper, coo]) await c.api.dispose();
    });

    test('human capital: last month’s payroll is finalised', async ({ browser }) => {
      const page = await pageAs(browser, 'hc@demo.co.id');
      await page.goto('/salary/report');
      const run = page.getByRole('row').filter({ has: page.getByRole('link', { name: lastMonth(), exact: true }) });
      await expect(run.getByTestId('run-status')).toHaveText('Finalised');
      await expect(run).toContainText('Whole company');
      await page.context().close();
    });
  });
