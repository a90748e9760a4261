import { pdfPageCount, pdfText } from '@hr/core/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

const t = useTestApp({ employees: 3 });

const S = '/v2/h/salary/report';
let admin: Headers;
let me: Headers; // role employee linked to the first employee
let ids: number[];
let runId: number;
let slips: { id: number; employeeId: number; net: string }[];

beforeAll(async () => {
  ids = await t.employeeIds();
  await t.addContracts(ids, (i) => 6_000_000 + i * 1_000_000);
  await t.tdb.db.updateTable('employees').set({ entry_date: '2025-01-01' }).execute();
  await t.tdb.db.updateTable('employees').set({ email: '' }).where('id', '=', ids[2]!).execute();
  admin = await t.bearer(t.admin);
  me = (await t.signUp({ email: 'me@test.co.id', password: 'payslip-pass-1' }, ['employee'], ids[0]!)).headers;
  const g = await t.app.inject({ method: 'POST', url: `${S}/generate`, headers: admin, payload: { period: '2026-11' } });
  runId = g.json().result.runId;
  const rows = await t.tdb.db.selectFrom('payslips').select(['id', 'employee_id', 'net']).where('run_id', '=', runId).execute();
  slips = rows.map((r) => ({ id: r.id, employeeId: r.employee_id, net: String(r.net) }));
});

const call = t.call;
const slipOf = (employeeId: number) => slips.find((s) => s.employeeId === employeeId)!;
const rp = (digits: string) => `Rp ${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

describe('payslip PDFs and e-mail over REST', () => {
  it('a draft run cannot be e-mailed (412 with the reason); the employee cannot send (403)', async () => {
    const r = await call('POST', `${S}/${runId}/sendEmail`, admin, {});
    expect(r.statusCode).toBe(412);
    expect(r.json().errors[0].message).toMatch(/Only a finalised payroll run can be e-mailed; this run for 2026-11 is draft/);
    expect((await call('POST', `${S}/${runId}/sendEmail`, me, {})).statusCode).toBe(403);
    expect((await call('POST', `${S}/${runId}/finalise`, admin)).statusCode).toBe(200);
  });

  it('payslip PDF and the run PDF (one page per payslip) download as PDF bytes', async () => {
    const one = await call('GET', `${S}/payslip/${slipOf(ids[0]!).id}/pdf`, admin);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toContain('application/pdf');
    expect(one.headers['content-disposition']).toContain('payslip-2026-11-JKT-00001.pdf');
    expect(pdfText(one.rawPayload)).toContain(rp(slipOf(ids[0]!).net));
    const all = await call('GET', `${S}/${runId}/pdf`, admin);
    expect(pdfPageCount(all.rawPayload)).toBe(3);
    expect((await call('GET', `${S}/payslip/999999/pdf`, admin)).statusCode).toBe(404);
    expect((await call('GET', `${S}/${runId}/pdf`, me)).statusCode).toBe(403);
  });

  it('my payslip PDF: own one downloads; another person’s is 404', async () => {
    const mine = await call('GET', `/v2/h/personal/salary/${slipOf(ids[0]!).id}/pdf`, me);
    expect(mine.statusCode).toBe(200);
    expect(pdfText(mine.rawPayload)).toContain('Person001 Test');
    const other = await call('GET', `/v2/h/personal/salary/${slipOf(ids[1]!).id}/pdf`, me);
    expect(other.statusCode).toBe(404);
    expect(other.json().errors[0].code).toBe('GL0004');
  });

  it('without SMTP the messages go to the outbox (queued, not sent); no e-mail is skipped; a second send skips all', async () => {
    const r = await call('POST', `${S}/${runId}/sendEmail`, admin, {});
    expect(r.json()).toMatchObject({
      status: 'success',
      success: 'Payslips e-mailed',
      result: {
        sent: 0,
        queued: 2,
        failed: 0,
        skipped: [{ employeeId: ids[2], name: 'Person003 Test', reason: 'No e-mail address' }],
      },
    });
    const again = await call('POST', `${S}/${runId}/sendEmail`, admin, { employeeIds: [ids[0]] });
    expect(again.json().result).toMatchObject({
      queued: 0,
      skipped: [{ employeeId: ids[0], reason: expect.stringMatching(/^Already e-mailed/) }],
    });
    const box = await call('GET', '/v2/h/mail/outbox?status=stored', admin);
    expect(box.json().results.total).toBe(2);
    expect(
      box
        .json()
        .results.rows.map((m: { to: string }) => m.to)
        .sort(),
    ).toEqual(['person1@test.co.id', 'person2@test.co.id']);
  });
});
