import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

const t = useTestApp({ employees: 3 });

let admin: Headers;
let employee: Headers;
let noEmployee: Headers;

const call = t.call;
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n${text}\n%%EOF`).toString('base64');

beforeAll(async () => {
  admin = await t.bearer(t.admin);
  noEmployee = await t.bearer(t.staff);
  const emp = await t.tdb.db.selectFrom('employees').select('id').orderBy('id').executeTakeFirstOrThrow();
  employee = (await t.signUp({ email: 'dash@test.co.id', password: 'dashboard-pass-1' }, ['employee'], emp.id)).headers;
});

describe('regulations over REST (spec §7 component/regulations, personal/regulations)', () => {
  it('HR uploads, updates and deletes; employees list and download theirs; bad files are GL0001', async () => {
    const created = await call('POST', '/v2/h/component/regulations', admin, {
      title: 'Peraturan Perusahaan',
      effectiveDate: '2026-01-01',
      file: { fileName: 'pp.pdf', mime: 'application/pdf', contentBase64: pdf('rules') },
    });
    expect(created.json()).toMatchObject({
      status: 'success',
      success: 'Regulation created',
      result: { title: 'Peraturan Perusahaan' },
    });
    const id = created.json().result.id as number;

    const bad = await call('POST', '/v2/h/component/regulations', admin, {
      title: '',
      effectiveDate: '2026-02-30',
      file: { fileName: 'x.exe', mime: 'application/x-msdownload', contentBase64: 'TVo=' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].code).toBe('GL0001');
    expect(JSON.stringify(bad.json())).toContain('effectiveDate');

    const listed = await call('GET', '/v2/h/component/regulations?search=peraturan', admin);
    expect(listed.json().results).toMatchObject({ total: 1, rows: [{ id, companyOfficeName: 'All offices' }] });
    expect((await call('GET', '/v2/h/component/regulations', employee)).statusCode).toBe(403);

    const mine = await call('GET', '/v2/h/personal/regulations', employee);
    expect(mine.json().results.map((r: { id: number }) => r.id)).toEqual([id]);
    const file = await call('GET', `/v2/h/personal/regulations/${id}/download`, employee);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.headers['content-disposition']).toContain('pp.pdf');
    expect(file.body).toContain('rules');

    const updated = await call('POST', `/v2/h/component/regulations/${id}/update`, admin, { title: 'PP 2026' });
    expect(updated.json().result).toMatchObject({ title: 'PP 2026', fileName: 'pp.pdf' });
    expect((await call('GET', '/v2/h/dashboard/regulations', employee)).json().results[0].title).toBe('PP 2026');
    expect((await call('POST', `/v2/h/component/regulations/${id}/delete`, admin)).json().success).toBe('Regulation deleted');
    const gone = await call('GET', `/v2/h/personal/regulations/${id}/download`, employee);
    expect(gone.statusCode).toBe(404);
  });
});

describe('dashboard widgets over REST (spec §7 dashboard/…)', () => {
  it('each widget answers with its own permission', async () => {
    const birthdays = await call('GET', '/v2/h/dashboard/upcomingBirthday?days=60', employee);
    expect(birthdays.statusCode).toBe(200);
    expect(Array.isArray(birthdays.json().results)).toBe(true);
    const shift = await call('GET', '/v2/h/dashboard/todayShift', employee);
    expect(shift.json().result).toMatchObject({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await call('GET', '/v2/h/dashboard/liveTimesheet', employee)).statusCode).toBe(403);
    expect((await call('GET', '/v2/h/dashboard/expireContract', employee)).statusCode).toBe(403);
    const live = await call('GET', '/v2/h/dashboard/liveTimesheet', admin);
    expect(live.json().result).toMatchObject({ scheduled: expect.any(Number), latest: expect.any(Array) });
    expect((await call('GET', '/v2/h/dashboard/expireContract?days=999', admin)).statusCode).toBe(400);
    for (const path of ['attendanceCorrection', 'leaveRequest', 'leaveReport'])
      expect((await call('GET', `/v2/h/dashboard/${path}`, employee)).statusCode).toBe(403);
    expect((await call('GET', '/v2/h/dashboard/leaveRequest', admin)).json().results).toEqual([]);
    expect((await call('GET', '/v2/h/dashboard/attendanceCorrection', admin)).json().results).toEqual({ rows: [], total: 0 });
    const report = await call('GET', '/v2/h/dashboard/leaveReport', admin);
    expect(report.json().result).toMatchObject({ year: expect.any(Number), rows: [], totals: [] });
    expect((await call('GET', '/v2/h/dashboard/leaveReport?year=2025', admin)).json().result.year).toBe(2025);
    const none = await call('GET', '/v2/h/dashboard/todayShift', noEmployee);
    expect(none.json().result).toMatchObject({ shift: null, firstIn: null });
  });
});
