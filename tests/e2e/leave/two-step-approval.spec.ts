import { expect, test } from '@playwright/test';
import { bearer, signIn, tokenFor } from '../helpers';

const P = '/v2/h/personal/leave';

const addDays = (iso: string, n: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

// Issue 4, leave approval rules: a rule for a leave type of its own (so no other journey is
// affected) says "first manager@demo.co.id, then HR". The employee requests one day → the named
// approver approves step 1 on /attendance/leave (still Pending, "Step 1 of 2 approved", balance
// untouched) → HR approves step 2 → Approved and the annual balance drops by the day.
test('two-step leave approval: named approver then HR → Approved, balance drops on the last step', async ({
  browser,
  playwright,
  baseURL,
}) => {
  // One API context per user: a login from a context carrying another user's cookie ends that session.
  const ctxFor = async (email: string) => {
    const api = await playwright.request.newContext({ baseURL: baseURL! });
    return { api, headers: bearer(await tokenFor(api, email)) };
  };
  const hr = await ctxFor('hcstaff@demo.co.id');
  const mgr = await ctxFor('manager@demo.co.id');
  const emp = await ctxFor('employee@demo.co.id');
  const mgrEmployeeId = (await (await mgr.api.get('/v2/h/auth/me', { headers: mgr.headers })).json()).result.employeeId as number;
  expect(mgrEmployeeId).toBeGreaterThan(0);

  const suffix = String(Date.now()).slice(-6);
  const type = await hr.api.post('/v2/h/component/attendance/leave/type', {
    headers: hr.headers,
    data: {
      code: `TS${suffix}`,
      name: `Two-step leave ${suffix}`,
      paid: true,
      countsAnnual: true,
      needsAttachment: false,
      allowHalfDay: true,
    },
  });
  expect(type.status(), await type.text()).toBe(200);
  const leaveTypeId = (await type.json()).result.id as number;
  const rule = await hr.api.post('/v2/h/component/attendance/leave/approval', {
    headers: hr.headers,
    data: { leaveTypeId, steps: [{ kind: 'employee', employeeId: mgrEmployeeId }, { kind: 'hr' }] },
  });
  expect(rule.status(), await rule.text()).toBe(200);
  const ruleId = (await rule.json()).result.id as number;

  // A free working Wednesday of this year (the other leave journey takes Mondays and Tuesdays).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const before = (await (await emp.api.get('/v2/h/personal/annualBalance', { headers: emp.headers })).json()).result;
  const mine = (await (await emp.api.get(`${P}?pageSize=500`, { headers: emp.headers })).json()).results.rows as {
    startDate: string;
    endDate: string;
    status: number;
  }[];
  let first = addDays(today, 14);
  while (weekday(first) !== 3) first = addDays(first, 1);
  // Wednesdays ahead first, then the ones behind; this year only.
  const candidates = [
    ...Array.from({ length: 30 }, (_, i) => addDays(first, 7 * i)),
    ...Array.from({ length: 50 }, (_, i) => addDays(first, -7 * (i + 1))),
  ].filter((d) => d.slice(0, 4) === today.slice(0, 4) && d >= before.entitlementDate);
  let found = '';
  for (const day of candidates) {
    if (mine.some((r) => (r.status === 1 || r.status === 3) && r.startDate <= day && r.endDate >= day)) continue;
    const p = await emp.api.get(`${P}/days?startDate=${day}&endDate=${day}`, { headers: emp.headers });
    if ((await p.json()).result.days === 1) {
      found = day;
      break;
    }
  }
  expect(found).not.toBe('');
  const reason = `Two-step e2e ${suffix}`;
  const created = await emp.api.post(P, {
    headers: emp.headers,
    data: { leaveTypeId, startDate: found, endDate: found, reason },
  });
  expect(created.status(), await created.text()).toBe(200);
  expect((await created.json()).result).toMatchObject({ approvalSteps: 2, approvedSteps: 0, status: 3 });

  // Step 1: the named approver, in the browser.
  const mgrCtx = await browser.newContext();
  const mgrPage = await mgrCtx.newPage();
  await signIn(mgrPage, 'manager@demo.co.id');
  await mgrPage.goto('/attendance/leave');
  await mgrPage.getByRole('searchbox', { name: 'Search' }).fill(reason);
  const mgrRow = mgrPage.getByRole('row').filter({ hasText: reason });
  await mgrRow.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = mgrPage.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(mgrRow.getByTestId('leave-status')).toHaveText('Pending');
  await expect(mgrRow).toContainText('Step 1 of 2 approved');
  const mid = (await (await emp.api.get('/v2/h/personal/annualBalance', { headers: emp.headers })).json()).result;
  expect(mid.used).toBe(before.used);
  // The named approver may not approve step 2 (HR's).
  const id = (await created.json()).result.id as number;
  const refused = await mgr.api.post(`/v2/h/attendance/leave/${id}/approve`, { headers: mgr.headers, data: {} });
  expect(refused.status()).toBe(403);

  // Step 2: HR, in the browser; the steps dialog shows who approved each.
  const hrCtx = await browser.newContext();
  const hrPage = await hrCtx.newPage();
  await signIn(hrPage, 'hcstaff@demo.co.id');
  await hrPage.goto('/attendance/leave');
  await hrPage.getByRole('searchbox', { name: 'Search' }).fill(reason);
  const hrRow = hrPage.getByRole('row').filter({ hasText: reason });
  await hrRow.getByRole('button', { name: 'Approve', exact: true }).click();
  const hrDialog = hrPage.getByRole('dialog');
  await hrDialog.getByLabel('Note').fill('Both steps done');
  await hrDialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(hrDialog).toHaveCount(0);
  await hrPage.getByRole('combobox', { name: 'Status' }).selectOption('1');
  await expect(hrRow.getByTestId('leave-status')).toHaveText('Approved');
  await hrRow.getByRole('button', { name: 'Steps' }).click();
  await expect(hrPage.getByTestId('leave-step-1')).toContainText('Approved');
  await expect(hrPage.getByTestId('leave-step-2')).toContainText('Both steps done');

  const after = (await (await emp.api.get('/v2/h/personal/annualBalance', { headers: emp.headers })).json()).result;
  expect(after.used).toBe(before.used + 1);
  expect(after.remaining).toBe(before.remaining - 1);

  await hr.api.post(`/v2/h/component/attendance/leave/approval/${ruleId}/delete`, { headers: hr.headers, data: {} });
  await mgrCtx.close();
  await hrCtx.close();
  for (const c of [hr, mgr, emp]) await c.api.dispose();
});
