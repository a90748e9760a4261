import { expect, test } from '@playwright/test';
import { ADMIN, bearer, pickDate, signIn, tokenFor } from '../helpers';

test('recruitment journey: HR adds an applicant with a CV, interviews, hires; the employee appears in the list', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const email = `rudi.${tag}@example.com`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/employee/recruitment');
  await page.getByRole('button', { name: 'Add applicant' }).click();
  await page.fill('#new-applicant-givenName', 'Rudi');
  await page.fill('#new-applicant-surname', `Hartono ${tag}`);
  await page.fill('#new-applicant-email', email);
  await page.fill('#new-applicant-phone', '+62 811 2233 4455');
  await page.selectOption('#new-applicant-companyOfficeId', { index: 1 });
  await page.fill('#new-applicant-positionApplied', 'Forklift operator');
  await page.fill('#new-applicant-note', 'Walk-in at the Cikarang gate');
  await page.setInputFiles('#new-applicant-cv', {
    name: 'rudi-cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await page.click('[role=dialog] button[type=submit]');

  // The new applicant opens at once, at stage Applied, with the note in the history.
  const dialog = page.getByRole('dialog', { name: `Rudi Hartono ${tag}` });
  await expect(dialog.getByTestId('applicant-stage')).toHaveText('Applied');
  await expect(dialog.getByText('Walk-in at the Cikarang gate')).toBeVisible();
  await dialog.getByRole('button', { name: 'Move to Interview' }).click();
  await expect(dialog.getByTestId('applicant-stage')).toHaveText('Interview');
  await dialog.locator('#applicant-note').fill('Passed the forklift test');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByText('Passed the forklift test')).toBeVisible();

  // The CV downloads as an attachment with a safe name.
  const token = await tokenFor(request, ADMIN.email, ADMIN.password);
  const found = await request.get('/v2/h/employee/recruitment', { headers: bearer(token), params: { search: email } });
  const applicant = (await found.json()).results.rows[0];
  const cv = await request.get(`/v2/h/employee/recruitment/${applicant.id}/cv`, { headers: bearer(token) });
  expect(cv.status()).toBe(200);
  expect(cv.headers()['content-disposition']).toContain('attachment');
  expect(cv.headers()['content-disposition']).toContain('rudi-cv.pdf');
  expect((await cv.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Hire: personal and employment data, then the employee number is shown.
  await dialog.getByRole('button', { name: 'Hire' }).click();
  const hire = page.getByRole('dialog', { name: `Hire Rudi Hartono ${tag}` });
  await hire.locator('#hire-applicant-gender').selectOption('Male');
  await pickDate(page, hire.locator('#hire-applicant-birthDate'), '1993-04-12');
  await hire.locator('#hire-applicant-religionId').selectOption({ index: 1 });
  await hire.locator('#hire-applicant-educationLevelId').selectOption({ index: 1 });
  await hire.locator('#hire-applicant-maritalStatusId').selectOption({ index: 1 });
  await hire.locator('#hire-applicant-contractType').selectOption({ index: 1 });
  await pickDate(page, hire.locator('#hire-applicant-firstJoinDate'), '2026-11-02');
  await hire.locator('button[type=submit]').click();
  await expect(page.getByText(new RegExp(`Rudi Hartono ${tag} is now employee \\S+`))).toBeVisible();

  // A second hire of the same applicant is refused over REST: still exactly one employee.
  const again = await request.post(`/v2/h/employee/recruitment/${applicant.id}/hire`, {
    headers: bearer(token),
    data: { contractType: 1, firstJoinDate: '2026-11-02', gender: 'Male', birthDate: '1993-04-12' },
  });
  expect(again.status()).toBe(409);

  await page.goto('/employee/list');
  await page.getByRole('searchbox').first().fill(email);
  const row = page.locator('tr', { hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Rudi Hartono ${tag}`);
});
