import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, bearer, pickDate, signIn, tokenFor } from '../helpers';

/*
 * Salary data screens (issue 5): the BPJS calculator caps the wage bases, an employee component with a
 * bad formula is refused with the position and saved once fixed, and a queued salary change shows in
 * /salary/queue. Uses employees at the end of the salary list and its own component name, so specs
 * sharing the server are not disturbed; no payroll run is generated.
 */

interface Employee {
  id: number;
  employeeNumber: string;
  name: string;
}

/** Picks an employee in the salary screens' picker: server search by number, then the option. */
async function pickEmployee(page: Page, scope: Locator, comboboxId: string, e: Employee) {
  await scope.getByLabel('Find employee (name or number)').fill(e.employeeNumber);
  const combo = scope.locator(`#${comboboxId}`);
  await combo.fill(e.employeeNumber);
  await page.getByRole('option', { name: `${e.employeeNumber} ${e.name}` }).click();
  await expect(combo).toHaveValue(`${e.employeeNumber} ${e.name}`);
}

test('salary data: BPJS calculator, employee component formula, salary queue', async ({ page, request }) => {
  const token = await tokenFor(request, ADMIN.email, ADMIN.password);
  const list = await request.get('/v2/h/salary/employee?pageSize=500', { headers: bearer(token) });
  expect(list.status()).toBe(200);
  const rows = (await list.json()).results.rows as Employee[];
  expect(rows.length).toBeGreaterThan(10);
  const forComponent = rows[rows.length - 4]!;
  const forQueue = rows[rows.length - 5]!;
  const componentName = `E2E data allowance ${Date.now()}`;
  const created = await request.post('/v2/h/salary/formula', {
    headers: bearer(token),
    data: { name: componentName, kind: 'fixed-allowance', taxable: true },
  });
  expect(created.status(), await created.text()).toBe(200);

  await signIn(page, ADMIN.email, ADMIN.password);

  // Calculators → BPJS above the caps: Kesehatan on 12,000,000, JP on the cap in force on the pay date.
  await page.goto('/salary/setting');
  await page.getByRole('tab', { name: 'Calculators' }).click();
  const bpjs = page.getByTestId('calc-bpjs');
  await bpjs.getByLabel('Salary (basic + fixed allowances)').fill('15000000');
  await pickDate(page, bpjs.locator('#bpjs-payDate'), '2026-04-25');
  await bpjs.getByRole('button', { name: 'Calculate' }).click();
  await expect(bpjs.getByTestId('bpjs-kesehatan-base')).toHaveText('Rp 12.000.000');
  await expect(bpjs.getByTestId('bpjs-kesehatan-employee')).toHaveText('Rp 120.000');
  await expect(bpjs.getByTestId('bpjs-jp-base')).toHaveText('Rp 11.086.300');
  await expect(bpjs.getByTestId('bpjs-jp-employee')).toHaveText('Rp 110.863');
  await expect(bpjs.getByTestId('bpjs-jht-employee')).toHaveText('Rp 300.000');

  // Employee component with a formula error: the message names the position; fixed, it saves.
  await page.goto('/salary/employeeComponent');
  await page.getByRole('button', { name: 'Add employee component' }).click();
  const dialog = page.getByRole('dialog');
  await pickEmployee(page, dialog, 'ec-employeeId', forComponent);
  await dialog.locator('#ec-componentId').selectOption({ label: componentName });
  await dialog.getByLabel('Formula').fill('basik * 0.1');
  await expect(dialog.getByTestId('formula-error')).toHaveText('unknown variable basik at position 0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByTestId('formula-error')).toHaveText('unknown variable basik at position 0');
  await expect(dialog.getByLabel('Formula')).toBeVisible();
  await dialog.getByLabel('Formula').fill('basic * 0.1');
  await expect(dialog.getByTestId('formula-ok')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The demo seed gives most employees allowance components, so the new row is found through the component filter
  // (re-applied if the list re-renders after the dialog closes).
  const componentRow = page.getByRole('row', { name: new RegExp(forComponent.employeeNumber) });
  await expect(async () => {
    await page.getByRole('combobox', { name: 'Component' }).selectOption({ label: componentName });
    await expect(componentRow).toContainText('basic * 0.1', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });

  // Queue a salary change and see it pending in /salary/queue.
  await page.goto('/salary/queue/add');
  await pickEmployee(page, page.locator('form'), 'q-employeeId', forQueue);
  await page.locator('#q-basicSalary').fill('9876543');
  await pickDate(page, page.locator('#q-effectiveDate'), '2027-01-01');
  await page.locator('#q-note').fill('E2E raise');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/salary\/queue$/);
  const queueRow = page.getByRole('row', { name: /E2E raise/ });
  await expect(queueRow).toContainText(forQueue.employeeNumber);
  await expect(queueRow).toContainText('Rp 9.876.543');
  await expect(queueRow).toContainText('01/01/2027');
  await expect(queueRow.getByTestId('queue-status')).toHaveText('Pending');
});
