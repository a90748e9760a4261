import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

// 20 December 2026: December's payroll may be finalised (from a week before its pay date, issue 19 item 17).
const t = useTestApp({ employees: 4, clock: () => new Date('2026-12-20T03:00:00Z') });

const S = '/v2/h/salary';
let admin: Headers;
let staff: Headers; // role employee: no salary.view
let scoped: Headers; // salary.view by an approved grant, own department only
let ids: number[];

const call = t.call;

beforeAll(async () => {
  ids = await t.employeeIds();
  await t.addContracts(ids.slice(0, 3), (i) => 8_000_000 + i * 2_000_000);
  await t.tdb.db.updateTable('employees').set({ entry_date: '2025-01-01' }).execute();
  // The third employee works in another department: out of the scoped user's data scope.
  await t.addDepartment('Operations', [ids[2]!]);
  [admin, staff] = await t.bearers(t.admin, t.staff);
  const who = { email: 'taxview@test.co.id', password: 'tax-view-pass-1' };
  const u = await t.signUp(who, ['employee'], ids[3]!);
  await t.grantPermission(ids[3]!, 'salary.view', u.userId);
  scoped = await t.bearer(who);

  const bonus = await call('POST', `${S}/bonusCut`, admin, {
    employeeId: ids[0],
    period: '2026-12',
    kind: 'bonus',
    name: 'Year-end bonus',
    amount: 3_000_000,
  });
  expect(bonus.statusCode).toBe(200);
  for (const period of ['2026-11', '2026-12']) {
    const g = await call('POST', `${S}/report/generate`, admin, { period });
    expect(g.statusCode).toBe(200);
    const f = await call('POST', `${S}/report/${g.json().result.runId}/finalise`, admin);
    expect(f.statusCode).toBe(200);
  }
}, 60_000);

describe('income tax over REST (/v2/h/salary/incomeTax)', () => {
  it('needs salary.view: 401 without login, 403 (PM0001) for an employee', async () => {
    expect((await call('GET', `${S}/incomeTax?year=2026`, {})).statusCode).toBe(401);
    for (const url of [`${S}/incomeTax?year=2026`, `${S}/incomeTax/${ids[0]}/detail?year=2026`, `${S}/reportBonus`]) {
      const r = await call('GET', url, staff);
      expect(r.statusCode).toBe(403);
      expect(r.json().errors[0].code).toBe('PM0001');
    }
  });

  it('list, detail with the 1721-A1 lines, the A1 PDF and the XLSX', async () => {
    const list = await call('GET', `${S}/incomeTax?year=2026&pageSize=2`, admin);
    expect(list.json()).toMatchObject({ status: 'success', success: 'Income tax', results: { total: 3, page: 1, pageSize: 2 } });
    const row = list.json().results.rows[0];
    expect(row).toMatchObject({ employeeId: ids[0], basis: 'final', debt: '0', firstMonth: 11, lastMonth: 12 });
    expect(row.months).toHaveLength(12);

    const bad = await call('GET', `${S}/incomeTax?year=abc`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [{ param: 'year' }] });

    const d = (await call('GET', `${S}/incomeTax/${ids[0]}/detail?year=2026`, admin)).json().result;
    const line = (no: number) => d.a1.find((l: { no: number }) => l.no === no).amount;
    expect(d.a1).toHaveLength(20);
    expect(line(1)).toBe('16000000');
    expect(line(7)).toBe('3000000');
    expect(line(19)).toBe(line(20));
    expect(line(20)).toBe(d.totalWithheld);

    const sum = await call('GET', `${S}/incomeTax/${ids[0]}/summary?year=2026`, admin);
    expect(sum.json().result).toMatchObject({ employeeId: ids[0], basis: 'final', debt: '0', totalWithheld: d.totalWithheld });
    expect((await call('GET', `${S}/incomeTax/${ids[0]}/summary?year=2025`, admin)).json().result).toBeNull();

    const pdf = await call('GET', `${S}/incomeTax/${ids[0]}/a1?year=2026`, admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('1721-A1_2026_JKT-00001.pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    const xlsx = await call('GET', `${S}/incomeTax/download?year=2026`, admin);
    expect(xlsx.headers['content-disposition']).toContain('income-tax_2026.xlsx');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await call('GET', `${S}/incomeTax/999999/detail?year=2026`, admin)).statusCode).toBe(404);
  });

  it('is data-scoped: another department is not listed and its detail and PDF are 404', async () => {
    const list = await call('GET', `${S}/incomeTax?year=2026`, scoped);
    expect(list.statusCode).toBe(200);
    expect(list.json().results.rows.map((r: { employeeId: number }) => r.employeeId)).toEqual([ids[0], ids[1]]);
    expect((await call('GET', `${S}/incomeTax/${ids[2]}/detail?year=2026`, scoped)).statusCode).toBe(404);
    expect((await call('GET', `${S}/incomeTax/${ids[2]}/a1?year=2026`, scoped)).statusCode).toBe(404);
    expect((await call('GET', `${S}/incomeTax/${ids[2]}/summary?year=2026`, scoped)).statusCode).toBe(404);
    expect((await call('GET', `${S}/incomeTax/${ids[1]}/detail?year=2026`, scoped)).statusCode).toBe(200);
  });
});

describe('report bonus over REST (/v2/h/salary/reportBonus)', () => {
  it('periods with totals, the period detail by yyyymm id, XLSX; scoped like the payslips', async () => {
    const list = await call('GET', `${S}/reportBonus?year=2026`, admin);
    expect(list.json().results.rows).toEqual([
      { id: 202612, period: '2026-12', employees: 1, lines: 1, total: '3000000', taxableTotal: '3000000' },
    ]);
    const d = await call('GET', `${S}/reportBonus/202612/detail`, admin);
    expect(d.json().result).toMatchObject({ period: '2026-12', total: '3000000' });
    expect(d.json().result.lines.rows[0]).toMatchObject({
      employeeId: ids[0],
      bonusName: 'Year-end bonus',
      amount: '3000000',
      taxable: true,
    });
    const bad = await call('GET', `${S}/reportBonus/202613/detail`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].code).toBe('GL0001');
    const x = await call('GET', `${S}/reportBonus/download?id=202612`, admin);
    expect(x.headers['content-disposition']).toContain('report-bonus_2026-12.xlsx');
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await call('GET', `${S}/reportBonus`, scoped)).json().results.total).toBe(1);
  });
});

describe("previous employer's income and the tax bearer over REST (issue 5)", () => {
  it('saves and lists a previous employer, names a bad field (GL0001), locks a finalised year, scopes', async () => {
    const url = `${S}/incomeTax/${ids[1]}/previousIncome`;
    const body = { year: 2027, employerName: 'PT Sebelumnya', netIncome: '45000000', taxWithheld: '750000' };
    expect((await call('POST', url, staff, body)).statusCode).toBe(403);
    const saved = await call('POST', url, admin, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toMatchObject({ year: 2027, netIncome: '45000000', taxWithheld: '750000' });
    expect((await call('GET', url, admin)).json().results).toMatchObject([{ year: 2027, employerName: 'PT Sebelumnya' }]);
    const bad = await call('POST', url, admin, { ...body, netIncome: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'GL0001' });
    expect(JSON.stringify(bad.json())).toContain('netIncome');
    // 2026 has a finalised December payslip: locked.
    const locked = await call('POST', url, admin, { ...body, year: 2026 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().errors[0].message).toBe('Payroll for 2026-12 is finalised and locked');
    // Out of the scoped user's department: NOT_FOUND.
    expect((await call('GET', `${S}/incomeTax/${ids[2]}/previousIncome`, scoped)).statusCode).toBe(404);
    const gone = await call('POST', `${url}/delete`, admin, { year: 2027 });
    expect(gone.statusCode).toBe(200);

    const bearer = await call('POST', `${S}/employee/${ids[1]}/taxBorneBy`, admin, { taxBorneBy: 'employer' });
    expect(bearer.statusCode, bearer.body).toBe(200);
    const detail = (await call('GET', `${S}/employee/${ids[1]}/detail`, admin)).json();
    expect(detail.result).toMatchObject({ taxBorneBy: 'employer' });
  });
});
