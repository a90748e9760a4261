import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from '../helpers';

const HEADER =
  'Given name,Surname,E-mail,Gender,Birth date,Company office,Department,Division,Contract type,Religion,Education level,Marital status';
const csv = (...rows: string[]) => ({
  name: 'new-staff.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...rows].join('\n')),
});

test('admin imports employees from a CSV: template, a bad row named, corrected file imported, new employee listed', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const good = `Importina,Santika,importina.${tag}@demo.co.id,Female,17/08/1996,JKT,Human Capital,Payroll & Benefits,Permanent,Islam,S1,Unmarried`;
  const bad = `Bayu,Saputra,bayu.${tag}@demo.co.id,Male,1994-02-01,JKT,Astronomy,,Contracted,Islam,S1,Married`;
  const fixed = bad.replace('Astronomy', 'Human Capital');

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/employee/list');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Import employees' })).toBeVisible();

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download template' }).click();
  expect((await download).suggestedFilename()).toBe('employee-import-template.xlsx');

  await dialog.getByLabel('File').setInputFiles(csv(good, bad));
  await expect(dialog.getByText('2 rows: 1 valid, 1 invalid.')).toBeVisible();
  const errors = dialog.getByTestId('employee-import-errors');
  await expect(errors.getByRole('row', { name: /3 Department unknown department "Astronomy" in Jakarta/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 2 employees' })).toBeDisabled();

  await dialog.getByLabel('File').setInputFiles(csv(good, fixed));
  await expect(dialog.getByText('2 rows: 2 valid, 0 invalid.')).toBeVisible();
  await expect(errors).toBeHidden();
  await dialog.getByRole('button', { name: 'Import 2 employees' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 employees imported')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill('Importina');
  const row = page.locator('table tbody tr', { hasText: `importina.${tag}@demo.co.id` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Importina Santika');
  await expect(row).toContainText('Human Capital');
});
