import { expect, test } from '@playwright/test';
import { ADMIN, bearer, signIn, tokenFor } from '../helpers';

/*
 * Income tax journey (issue 5): payroll for 11/2024 and 12/2024 (a tax year no other spec pays) is
 * generated and finalised over REST for one employee who has no salary yet, with a year-end bonus in
 * December; the admin opens /salary/incomeTax for 2024, finds the employee, opens the detail, reads the
 * 1721-A1 lines (December reconciles: line 19 = line 20, debt 0) and downloads the PDF.
 */
test('income tax of a finalised year: list, 1721-A1 lines, PDF', async ({ page, request }) => {
  const token = await tokenFor(request, ADMIN.email, ADMIN.password);
  const h = { headers: bearer(token) };
  const list = await (await request.get('/v2/h/salary/employee?pageSize=100', h)).json();
  const rows = list.results.rows as { id: number; employeeNumber: string; name: string; basicSalary: string | null }[];
  let who: (typeof rows)[number] | undefined;
  // An employee without a salary (the seed leaves the demo logins and numbers ending in 0 unsalaried;
  // untouched by other specs) who had joined by November 2024.
  for (const r of rows.slice(20)) {
    if (r.basicSalary !== null) continue;
    const d = await (await request.get(`/v2/h/employee/${r.id}/detail`, h)).json();
    if ((d.result.employment.entryDate as string) <= '2024-11-01') {
      who = r;
      break;
    }
  }
  expect(who, 'an employee without salary who joined before 11/2024').toBeTruthy();
  const emp = who!;
  const post = async (url: string, data: Record<string, unknown>) => {
    const r = await request.post(url, { ...h, data });
    expect(r.status(), await r.text()).toBe(200);
    return (await r.json()).result;
  };
  await post('/v2/h/salary/queue', {
    employeeId: emp.id,
    effectiveDate: '2024-11-01',
    basicSalary: '12000000',
    note: 'e2e income tax',
  });
  await post('/v2/h/salary/bonusCut', {
    employeeId: emp.id,
    period: '2024-12',
    kind: 'bonus',
    name: 'Year-end bonus',
    amount: '4000000',
  });
  for (const period of ['2024-11', '2024-12']) {
    const g = await post('/v2/h/salary/report/generate', { period });
    await post(`/v2/h/salary/report/${g.runId}/finalise`, {});
  }

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/salary/incomeTax?year=2024');
  await page.getByLabel('Search name or number').fill(emp.employeeNumber);
  const row = page.getByRole('row').filter({ hasText: emp.employeeNumber });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('tax-basis')).toHaveText('Final (December)');
  await expect(row.getByTestId('tax-debt')).toHaveText('Rp 0');
  await row.getByRole('link').click();
  await page.waitForURL(new RegExp(`/salary/incomeTax/${emp.id}/detail\\?year=2024$`));

  await expect(page.getByText('Jumlah penghasilan bruto (1 s.d. 7)')).toBeVisible();
  await expect(page.getByTestId('a1-line-1')).toHaveText('Rp 24.000.000');
  await expect(page.getByTestId('a1-line-7')).toHaveText('Rp 4.000.000');
  await expect(page.getByTestId('a1-line-15')).not.toHaveText('Rp 0');
  const line19 = await page.getByTestId('a1-line-19').textContent();
  await expect(page.getByTestId('a1-line-20')).toHaveText(line19 ?? '');
  await expect(page.getByRole('cell', { name: '12/2024' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download 1721-A1 PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`1721-A1_2024_${emp.employeeNumber}.pdf`);
  const bytes = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 4).toString()).toBe('%PDF');
});
