import { expect, test } from '@playwright/test';
import { bearer, signIn, tokenFor } from '../helpers';

const C = '/v2/h/cooperative';
const rp = (n: bigint) => `Rp ${n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

// Issue 8: an employee requests a withdrawal with a supporting file → the cooperative manager
// approves it → the employee's balance drops by the amount. Data is set up through the API.
test('withdrawal request → approval → balance drops', async ({ browser, request, playwright, baseURL }) => {
  const hc = bearer(await tokenFor(request, 'hcstaff@demo.co.id'));
  // A second API context: a login from a context that carries another user's session cookie ends that session.
  const empApi = await playwright.request.newContext({ baseURL: baseURL! });
  const emp = bearer(await tokenFor(empApi, 'employee@demo.co.id'));
  const me = await (await request.get('/v2/h/auth/me', { headers: emp })).json();
  const employeeId = me.result.employeeId as number;
  expect(employeeId).toBeGreaterThan(0);

  // Settings with a one-step approval; the employee becomes a member with voluntary savings.
  const settings = await request.put(`${C}/manage/setting`, {
    headers: hc,
    data: {
      principalAmount: '100000',
      mandatoryAmount: '50000',
      withdrawablePrincipal: false,
      withdrawableMandatory: true,
      withdrawableVoluntary: true,
      approvalSteps: 1,
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const added = await request.post(`${C}/manage`, { headers: hc, data: { employeeIds: [employeeId], joinDate: '2026-01-01' } });
  expect((await added.json()).status).toBe('success');
  const memberId = (await (await request.get(`${C}/balance`, { headers: emp })).json()).result.member.id as number;
  const dep = await request.post(`${C}/balance/${memberId}/deposit`, {
    headers: hc,
    data: { product: 'voluntary', amount: '500000', date: '2026-11-01', note: 'E2E deposit' },
  });
  expect((await dep.json()).status).toBe('success');
  const before = (await (await request.get(`${C}/balance`, { headers: emp })).json()).result;
  const total = BigInt(before.total);
  const amount = 125000n;

  // The employee requests the withdrawal in the browser, with a PDF.
  const empCtx = await browser.newContext();
  const empPage = await empCtx.newPage();
  await signIn(empPage, 'employee@demo.co.id');
  await empPage.goto('/cooperative/withdrawal/add');
  await expect(empPage.getByTestId('coop-available')).toHaveText(rp(BigInt(before.available)));
  await empPage.fill('#wd-amount', amount.toString());
  await empPage.fill('#wd-reason', 'Medical bill (e2e)');
  await empPage.setInputFiles('#wd-files', {
    name: 'bill.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF'),
  });
  await empPage.getByRole('button', { name: 'Request withdrawal' }).click();
  await empPage.waitForURL(/\/cooperative\/withdrawal\/\d+\/detail$/);
  const id = Number(/withdrawal\/(\d+)\/detail/.exec(empPage.url())![1]);
  await expect(empPage.getByTestId('withdrawal-status')).toHaveText('Pending');
  await expect(empPage.getByRole('cell', { name: 'bill.pdf' })).toBeVisible();
  // A plain employee cannot approve.
  await expect(empPage.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The cooperative manager finds it in the pending list and approves it.
  const hcCtx = await browser.newContext();
  const hcPage = await hcCtx.newPage();
  await signIn(hcPage, 'hcstaff@demo.co.id');
  await hcPage.goto('/cooperative/withdrawal');
  await hcPage.getByRole('combobox', { name: 'Status' }).selectOption('3');
  await hcPage.getByRole('link', { name: String(id), exact: true }).click();
  await hcPage.waitForURL(`**/cooperative/withdrawal/${id}/detail`);
  await hcPage.getByRole('button', { name: 'Approve' }).first().click();
  await hcPage.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(hcPage.getByTestId('withdrawal-status')).toHaveText('Approved');

  // The employee's balance dropped by the amount; the ledger shows the withdrawal.
  await empPage.goto('/cooperative/withdrawal');
  await expect(empPage.getByTestId('coop-total')).toHaveText(rp(total - amount));
  await expect(empPage.getByRole('cell', { name: '-125.000' })).toBeVisible();
  const after = (await (await request.get(`${C}/balance`, { headers: emp })).json()).result;
  expect(BigInt(after.total)).toBe(total - amount);
  await empCtx.close();
  await hcCtx.close();
  await empApi.dispose();
});
