import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { bearer, signIn, tokenFor } from '../helpers';

// exceljs is a dependency of @hr/core (the e2e package has none of its own): load it from there.
const requireFromCore = createRequire(new URL('../../../packages/core/package.json', import.meta.url));
const ExcelJS = requireFromCore('exceljs') as typeof import('exceljs');

type Row = (string | number)[];

async function fill(templatePath: string, rows: Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(templatePath)) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Invoices')!;
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// Issue 7: the warehouse manager downloads the template on /purchaseOfGood/template, uploads it
// filled (a bad row is reported and nothing is imported; the corrected file imports), the invoice
// appears in the list, and its detail shows the instalment plan (remainder on the last one).
test('template upload → invoice in the list → detail with the instalment plan', async ({ page, request }) => {
  const token = bearer(await tokenFor(request, 'warehouse@demo.co.id'));
  const buyers = (await (await request.get('/v2/h/purchaseOfGood/employee', { headers: token })).json()).results as {
    employeeNumber: string;
    name: string;
  }[];
  expect(buyers.length).toBeGreaterThan(0);
  const buyer = buyers[0]!;
  const number = `E2E-${Date.now()}`;
  const line = (employeeNo: string, goods: string, qty: number, price: number, invoiceNo = number): Row => [
    invoiceNo,
    employeeNo,
    '05/11/2026',
    'Electronics',
    'Phone',
    goods,
    qty,
    price,
    3,
    '12/2026',
    'E2E purchase',
  ];

  await signIn(page, 'warehouse@demo.co.id');
  await page.goto('/purchaseOfGood/template');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download template' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('purchase-of-goods-template.xlsx');
  const template = await download.path();

  // A row with an unknown employee: the dry run names row and column, and nothing can be imported.
  const bad = await fill(template, [
    line(buyer.employeeNumber, 'Smartphone', 1, 900000),
    line('NO-SUCH-EMP', 'Case', 1, 100000, `${number}-B`),
  ]);
  await page.setInputFiles('#pog-file', { name: 'bad.xlsx', mimeType: 'application/octet-stream', buffer: bad });
  const report = page.getByTestId('pog-report');
  const errorRow = report.getByRole('row', { name: /no employee with this number/ });
  await expect(errorRow.getByRole('cell')).toHaveText(['3', 'Employee No.', 'no employee with this number']);
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);

  // The corrected file: two lines of one invoice, Rp 1.000.000 over 3 months.
  const good = await fill(template, [
    line(buyer.employeeNumber, 'Smartphone', 1, 900000),
    line(buyer.employeeNumber, 'Case', 2, 50000),
  ]);
  await page.setInputFiles('#pog-file', { name: 'good.xlsx', mimeType: 'application/octet-stream', buffer: good });
  await expect(report.getByText('No errors: ready to import.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 1 invoices' }).click();
  await expect(report.getByText('1 invoices imported')).toBeVisible();
  await expect(report.getByRole('link', { name: number })).toBeVisible();

  // The invoice is in the list; its detail shows the lines and the plan.
  await page.goto('/purchaseOfGood');
  await page.getByRole('searchbox', { name: 'Search' }).fill(number);
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText(buyer.employeeNumber);
  await expect(row).toContainText('1.000.000');
  await row.getByRole('link', { name: number }).click();
  await page.waitForURL(/\/purchaseOfGood\/invoice\/\d+\/detail$/);
  await expect(page.getByTestId('pog-number')).toHaveText(number);
  await expect(page.getByTestId('pog-status')).toHaveText('Active');
  await expect(page.getByTestId('pog-total')).toHaveText('1.000.000');
  const plan = page.getByRole('table', { name: 'Instalment plan' });
  await expect(plan.getByRole('row')).toHaveCount(4);
  await expect(plan.getByRole('row', { name: /12\/2026/ })).toContainText('333.333');
  await expect(plan.getByRole('row', { name: /01\/2027/ })).toContainText('333.333');
  await expect(plan.getByRole('row', { name: /02\/2027/ })).toContainText('333.334');
  await expect(page.getByRole('table', { name: 'Lines' }).getByRole('row', { name: /Case/ })).toContainText('100.000');
});
