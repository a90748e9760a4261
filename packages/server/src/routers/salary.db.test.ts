import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

const t = useTestApp({ employees: 4 });

const S = '/v2/h/salary';
let admin: Headers;
let staff: Headers;
let me: Headers; // role employee linked to JKT-00001
let lead: Headers; // department head: no salary permission
let ids: number[];

beforeAll(async () => {
  ids = await t.employeeIds();
  await t.addContracts(ids.slice(0, 3), (i) => 6_000_000 + i * 1_000_000);
  await t.tdb.db.updateTable('employees').set({ entry_date: '2025-01-01' }).execute();
  [admin, staff] = await t.bearers(t.admin, t.staff);
  me = (await t.signUp({ email: 'me@test.co.id', password: 'salary-pass-1' }, ['employee'], ids[0]!)).headers;
  lead = (await t.signUp({ email: 'head@test.co.id', password: 'salary-pass-2' }, ['department-head'], ids[1]!)).headers;
});

const call = t.call;

describe('salary over REST (spec §7 salary/... and /personal/salary)', () => {
  it('needs salary.view: 401 without login, 403 for an employee or a department head', async () => {
    expect((await call('GET', `${S}/report`, {})).statusCode).toBe(401);
    for (const h of [staff, lead]) {
      const r = await call('GET', `${S}/employee`, h);
      expect(r.statusCode).toBe(403);
      expect(r.json().errors[0].code).toBe('PM0001');
    }
    expect((await call('POST', `${S}/report/generate`, me, { period: '2026-11' })).statusCode).toBe(403);
  });

  it('settings and components: a bad formula is GL0001 naming the field with the position', async () => {
    const s = await call('GET', `${S}/setting`, admin);
    expect(s.json()).toMatchObject({ status: 'success', success: 'Payroll settings', result: { payDay: 25, workWeek: 5 } });
    const u = await call('POST', `${S}/setting/update`, admin, { jkkRatePercent: '0.54' });
    expect(u.json().result.jkkRatePercent).toBe('0.54');
    const bad = await call('POST', `${S}/formula`, admin, {
      name: 'Meal',
      kind: 'non-fixed-allowance',
      formula: 'attendanceDays * (25000',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].code).toBe('GL0001');
    expect(bad.json().errors[0].attributes[0]).toMatchObject({ param: 'formula', msg: expect.stringMatching(/position \d+/) });
    const ok = await call('POST', `${S}/formula`, admin, {
      name: 'Meal',
      kind: 'non-fixed-allowance',
      formula: 'attendanceDays * 25000',
      everyone: true,
    });
    expect(ok.json()).toMatchObject({ success: 'Salary component created', result: { name: 'Meal', everyone: true } });
    const check = await call('POST', `${S}/formula/validate`, admin, { formula: 'basic * 0.1 + overtimeHours' });
    expect(check.json().result).toMatchObject({ valid: true, issues: [] });
    const bc = await call('POST', `${S}/bonusCut`, admin, {
      employeeId: ids[0],
      period: '2026-11',
      kind: 'bonus',
      name: 'Target',
      amount: 500000,
    });
    expect(bc.json().result).toMatchObject({ amount: '500000', period: '2026-11' });
    const q = await call('POST', `${S}/queue`, admin, {
      employeeId: ids[1],
      effectiveDate: '2026-11-01',
      basicSalary: '7500000',
    });
    expect(q.json().result).toMatchObject({ status: 'pending', basicSalary: '7500000' });
  });

  it('generate, detail, payslip with traces, concurrent finalise (one winner), download, personal payslips', async () => {
    const dry = await call('POST', `${S}/report/generate/dryRun`, admin, { period: '2026-11' });
    expect(dry.json().result).toMatchObject({ employees: 3, previousPeriod: '2026-10' });
    expect((await call('GET', `${S}/report`, admin)).json().results.total).toBe(0);

    const g = await call('POST', `${S}/report/generate`, admin, { period: '2026-11' });
    expect(g.json()).toMatchObject({ status: 'success', success: 'Salary report generated', result: { employees: 3 } });
    const runId = g.json().result.runId;
    expect(g.json().result.skipped).toHaveLength(1);

    const d = await call('GET', `${S}/report/${runId}/detail?pageSize=10`, admin);
    const rows = d.json().result.payslips.rows;
    expect(rows.map((r: { basicSalary: string }) => r.basicSalary)).toEqual(['6000000', '7500000', '8000000']);
    const p = await call('GET', `${S}/report/payslip/${rows[0].id}`, admin);
    const lines = p.json().result.lines;
    expect(lines.find((l: { name: string }) => l.name === 'Target')).toMatchObject({ kind: 'earning', amount: '500000' });
    expect(lines.find((l: { code: string }) => l.code === 'bpjs-jkk').trace).toMatchObject({
      inputs: expect.objectContaining({}),
    });
    expect(lines.find((l: { code: string }) => l.code === 'bpjs-jkk').amount).toBe(String((6_000_000 * 54) / 10_000));

    // Not finalised yet: the employee sees nothing.
    expect((await call('GET', '/v2/h/personal/salary', me)).json().results.total).toBe(0);

    const [f1, f2] = await Promise.all([
      call('POST', `${S}/report/${runId}/finalise`, admin),
      call('POST', `${S}/report/${runId}/finalise`, admin),
    ]);
    expect([f1.statusCode, f2.statusCode].sort()).toEqual([200, 409]);
    const loser = f1.statusCode === 409 ? f1 : f2;
    expect(loser.json().errors[0].message).toBe('Payroll for 2026-11 is finalised and locked');
    const regen = await call('POST', `${S}/report/generate`, admin, { period: '2026-11' });
    expect(regen.statusCode).toBe(409);

    const dl = await call('GET', `${S}/report/${runId}/download`, admin);
    expect(dl.headers['content-disposition']).toContain(`payroll_2026-11_${runId}.xlsx`);
    expect(dl.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const mine = await call('GET', '/v2/h/personal/salary', me);
    expect(mine.json().results.total).toBe(1);
    expect(mine.json().results.rows[0]).toMatchObject({ employeeId: ids[0], period: '2026-11', basicSalary: '6000000' });
    expect(mine.json().results.rows[0].lines.find((l: { code: string }) => l.code === 'pph21').trace.source).toMatch(/PMK|PP 58/);

    const emp = await call('GET', `${S}/employee/${ids[1]}/detail`, admin);
    expect(emp.json().result).toMatchObject({ basicSalary: '7500000', payslips: [{ period: '2026-11' }] });
    expect((await call('GET', `${S}/employee/999999/detail`, admin)).statusCode).toBe(404);
    expect((await call('GET', `${S}/report/payslip/999999`, admin)).statusCode).toBe(404);
  });

  it('period lock (issue 19 item 17): a future month needs confirmFuturePeriod; HR reopens a finalised month with a reason', async () => {
    const future = await call('POST', `${S}/report/generate`, admin, { period: '2090-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [{ param: 'confirmFuturePeriod' }] });
    expect((await call('POST', `${S}/report/generate/job`, admin, { period: '2090-01' })).statusCode).toBe(400);

    const run = (await call('GET', `${S}/report?period=2026-11`, admin)).json().results.rows[0];
    expect(run.status).toBe('finalised');
    const noReason = await call('POST', `${S}/report/${run.id}/reopen`, admin, {});
    expect(noReason.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [{ param: 'reason' }] });
    expect((await call('POST', `${S}/report/${run.id}/reopen`, staff, { reason: 'x' })).statusCode).toBe(403);
    const ok = await call('POST', `${S}/report/${run.id}/reopen`, admin, { reason: 'Late correction of 10/11' });
    expect(ok.json()).toMatchObject({ status: 'success', success: 'Salary report reopened', result: { status: 'draft' } });
    const again = await call('POST', `${S}/report/${run.id}/reopen`, admin, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('GL0009');
    // While reopened, the employee sees no payslip of the month; finalising again shows it.
    expect((await call('GET', '/v2/h/personal/salary', me)).json().results.total).toBe(0);
    expect((await call('POST', `${S}/report/${run.id}/finalise`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/v2/h/personal/salary', me)).json().results.total).toBe(1);
  });
});
