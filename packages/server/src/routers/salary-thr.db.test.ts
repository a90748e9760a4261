import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

const t = useTestApp({ employees: 4 });

const A = '/v2/h/salary/allowance';
let admin: Headers;
let staff: Headers;
let ids: number[];

beforeAll(async () => {
  ids = await t.employeeIds();
  // Every test employee is Muslim (religion 1 = Islam): JKT-00001/2 since 2024, JKT-00003 since
  // 10 Sep 2025 (6 months by Idul Fitri 2026), JKT-00004 without a contract.
  const joined = ['2024-01-02', '2024-01-02', '2025-09-10'];
  await t.addContracts(
    ids.slice(0, 3),
    (i) => 6_000_000 + i * 1_000_000,
    (i) => joined[i]!,
  );
  for (const [i, id] of ids.entries())
    await t.tdb.db
      .updateTable('employees')
      .set({ entry_date: joined[i] ?? '2024-01-02', contract_type: 5 })
      .where('id', '=', id)
      .execute();
  [admin, staff] = await t.bearers(t.admin, t.staff);
});

const call = t.call;

const fitri = { holiday: 2, holidayDate: '2026-03-20', payDate: '2026-03-13' };

describe('THR runs over REST (spec §7 salary/allowance)', () => {
  it('needs salary.view / salary.update: 401 without login, 403 for an employee', async () => {
    expect((await call('GET', A, {})).statusCode).toBe(401);
    const r = await call('GET', A, staff);
    expect(r.statusCode).toBe(403);
    expect(r.json().errors[0].code).toBe('PM0001');
    expect((await call('POST', `${A}/generate`, staff, fitri)).statusCode).toBe(403);
  });

  it('a bad holiday code is GL0001 naming the field', async () => {
    const bad = await call('POST', `${A}/generate`, admin, { ...fitri, holiday: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].code).toBe('GL0001');
    expect(bad.json().errors[0].attributes[0]).toMatchObject({
      param: 'holiday',
      msg: expect.stringMatching(/2 \(Idul Fitri\)/),
    });
    const list = await call('GET', `${A}?holiday=9`, admin);
    expect(list.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [{ param: 'holiday' }] });
  });

  it('dates: the holiday date from the holiday calendar and the pay date 7 days before (issue 19 item 13)', async () => {
    await t.tdb.db
      .insertInto('holidays')
      .values([
        {
          holiday_date: '2027-03-10',
          name: 'Idul Fitri 1448 H',
          kind: 'national',
          religious_holiday: 2,
          company_office_id: null,
        },
        {
          holiday_date: '2027-03-11',
          name: 'Idul Fitri 1448 H (2)',
          kind: 'national',
          religious_holiday: 2,
          company_office_id: null,
        },
      ])
      .execute();
    const r = await call('GET', `${A}/generate/dates?holiday=2&year=2027`, admin);
    expect(r.statusCode).toBe(200);
    expect(r.json().result).toEqual({ holidayDate: '2027-03-10', payDate: '2027-03-03' });
    // A holiday the calendar does not have: both empty, the screen asks for them.
    expect((await call('GET', `${A}/generate/dates?holiday=3&year=2027`, admin)).json().result).toEqual({
      holidayDate: null,
      payDate: null,
    });
    const bad = await call('GET', `${A}/generate/dates?holiday=7`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [{ param: 'holiday' }] });
    expect((await call('GET', `${A}/generate/dates?holiday=2`, staff)).statusCode).toBe(403);
  });

  it('dry run, generate, detail with traces, concurrent finalise (one winner), locked, download', async () => {
    const dry = await call('POST', `${A}/generate/dryRun`, admin, fitri);
    expect(dry.json()).toMatchObject({ status: 'success', success: 'Holiday allowance dry run' });
    expect(dry.json().result).toMatchObject({ employees: 3, notEligible: 1, total: String(6_000_000 + 7_000_000 + 4_000_000) });
    expect((await call('GET', A, admin)).json().results.total).toBe(0);

    const g = await call('POST', `${A}/generate`, admin, fitri);
    expect(g.json()).toMatchObject({ success: 'Holiday allowance generated', result: { employees: 3, total: '17000000' } });
    const runId = g.json().result.runId;
    const list = (await call('GET', `${A}?holiday=2&year=2026`, admin)).json().results;
    expect(list.rows[0]).toMatchObject({
      id: runId,
      holidayName: 'Idul Fitri',
      status: 'draft',
      employees: 3,
      total: '17000000',
    });

    const d = (await call('GET', `${A}/${runId}/detail?pageSize=10`, admin)).json().result;
    const prorated = d.lines.rows.find((l: { employeeId: number }) => l.employeeId === ids[2]);
    expect(prorated).toMatchObject({ eligible: true, monthsOfService: '6', monthlyWage: '8000000', amount: '4000000' });
    expect(prorated.trace.thr).toMatchObject({ rule: 'THR amount', source: expect.stringMatching(/Permenaker 6\/2016/) });
    const none = d.lines.rows.find((l: { employeeId: number }) => l.employeeId === ids[3]);
    expect(none).toMatchObject({ eligible: false, reason: expect.stringMatching(/no contract or salary change/) });

    const [f1, f2] = await Promise.all([
      call('POST', `${A}/${runId}/finalise`, admin),
      call('POST', `${A}/${runId}/finalise`, admin),
    ]);
    expect([f1.statusCode, f2.statusCode].sort()).toEqual([200, 409]);
    const loser = f1.statusCode === 409 ? f1 : f2;
    expect(loser.json().errors[0].message).toBe('THR Idul Fitri 2026 is finalised and locked');
    expect((await call('POST', `${A}/generate`, admin, fitri)).statusCode).toBe(409);
    expect((await call('POST', `${A}/${runId}/cancel`, admin)).statusCode).toBe(409);

    const dl = await call('GET', `${A}/${runId}/download`, admin);
    expect(dl.headers['content-disposition']).toContain(`thr_idul-fitri_2026_${runId}.xlsx`);
    expect(dl.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await call('GET', `${A}/999999/detail`, admin)).statusCode).toBe(404);
  });
});
