import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

const t = useTestApp({ employees: 4 });

const B = '/v2/h/salary/bpjsReport';
let admin: Headers;
let staff: Headers; // role employee: no salary.view
let scoped: Headers; // salary.view by an approved grant, own department only
let ids: number[];
let runId: number;
let draftId: number;

const call = t.call;

beforeAll(async () => {
  ids = await t.employeeIds();
  const db = t.tdb.db;
  await t.addContracts(ids.slice(0, 3), (i) => 8_000_000 + i * 2_000_000);
  await db.updateTable('employees').set({ entry_date: '2025-01-01' }).execute();
  await db
    .updateTable('employees')
    .set({ national_id: '3171011234560001', bpjs_kesehatan_number: '0001234567890', bpjs_ketenagakerjaan_number: '12345678901' })
    .where('id', '=', ids[0]!)
    .execute();
  // The third employee works in a department of its own: out of the scoped user's data scope.
  await t.addDepartment('Warehouse', [ids[2]!]);
  [admin, staff] = await t.bearers(t.admin, t.staff);
  const viewer = await t.userFor(['employee'], 4, { email: 'bpjsview@test.co.id', password: 'bpjs-view-pass-1' });
  await t.grantPermission(viewer.employeeId, 'salary.view', viewer.userId);
  scoped = viewer.headers;

  const g = await call('POST', '/v2/h/salary/report/generate', admin, { period: '2026-11' });
  runId = g.json().result.runId;
  expect((await call('POST', `/v2/h/salary/report/${runId}/finalise`, admin)).statusCode).toBe(200);
  draftId = (await call('POST', '/v2/h/salary/report/generate', admin, { period: '2026-12', confirmFuturePeriod: true })).json()
    .result.runId;
}, 60_000);

describe('BPJS reports over REST (/v2/h/salary/bpjsReport)', () => {
  it('needs salary.view: 401 without login, 403 (PM0001) for an employee', async () => {
    expect((await call('GET', `${B}/${runId}/detail`, {})).statusCode).toBe(401);
    for (const url of [`${B}/${runId}/detail`, `${B}/${runId}/kesehatan`, `${B}/recap?period=2026-11`]) {
      const r = await call('GET', url, staff);
      expect(r.statusCode).toBe(403);
      expect(r.json().errors[0].code).toBe('PM0001');
    }
  });

  it('names the bad field (GL0001); a draft run is 409, an unknown one 404', async () => {
    const bad = await call('GET', `${B}/recap?period=2026-13`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [{ param: 'period' }] });
    const badId = await call('GET', `${B}/abc/detail`, admin);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [{ param: 'id' }] });
    expect((await call('GET', `${B}/${draftId}/ketenagakerjaan`, admin)).statusCode).toBe(409);
    expect((await call('GET', `${B}/999999/detail`, admin)).statusCode).toBe(404);
  });

  it('the preview, both files and the recap agree with each other', async () => {
    const d = await call('GET', `${B}/${runId}/detail`, admin);
    expect(d.json()).toMatchObject({ status: 'success', success: 'BPJS report of the payroll run' });
    const r = d.json().result;
    expect(r).toMatchObject({ run: { id: runId, period: '2026-11' }, employees: 3, withProblems: 2 });
    const recap = Object.fromEntries(r.recap.map((x: { programme: string; total: string }) => [x.programme, BigInt(x.total)]));

    // The files' contents are parsed back in core (bpjs-reports.db.test.ts); here: the REST download itself.
    for (const [file, name] of [
      ['kesehatan', `bpjs-kesehatan_edabu_2026-11_run-${runId}.xlsx`],
      ['ketenagakerjaan', `bpjs-ketenagakerjaan_2026-11_run-${runId}.xlsx`],
    ]) {
      const f = await call('GET', `${B}/${runId}/${file}`, admin);
      expect(f.statusCode).toBe(200);
      expect(f.headers['content-type']).toContain('spreadsheetml');
      expect(f.headers['content-disposition']).toContain(name);
      expect(f.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
    expect(recap.kesehatan).toBeGreaterThan(0n);

    const m = await call('GET', `${B}/recap?period=2026-11`, admin);
    expect(m.json().result.rows).toEqual(r.recap);
    const x = await call('GET', `${B}/recap/download?period=2026-11`, admin);
    expect(x.headers['content-disposition']).toContain('bpjs-recap_2026-11.xlsx');
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('is data-scoped: another department is in no report', async () => {
    const r = (await call('GET', `${B}/${runId}/detail`, scoped)).json().result;
    expect(r.rows.rows.map((x: { employeeId: number }) => x.employeeId)).toEqual([ids[0], ids[1]]);
    expect((await call('GET', `${B}/recap?period=2026-11`, scoped)).json().result.employees).toBe(2);
  });
});
