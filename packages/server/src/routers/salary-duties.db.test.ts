import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

const t = useTestApp({ employees: 4 });

// Issue 16 over REST: pay changes only with salary.update and never one's own (items 1–2), runs answer
// clear errors (item 12), the payslip PDF password is the employee's own (item 8).
let admin: Headers; // superadmin without an employee record
let hcstaff: Headers; // human-capital-staff linked to ids[1]: employee.update, no salary.update
let hc: Headers; // human-capital linked to ids[2]: salary.update
let ids: number[];

beforeAll(async () => {
  ids = await t.employeeIds();
  await t.tdb.db.updateTable('employees').set({ entry_date: '2025-01-01' }).execute();
  admin = await t.bearer(t.admin);
  const login = async (email: string, roles: ('human-capital-staff' | 'human-capital')[], employeeId: number) =>
    (await t.signUp({ email, password: 'Gunung-Rinjani-3726' }, roles, employeeId)).headers;
  hcstaff = await login('hcstaff@test.co.id', ['human-capital-staff'], ids[1]!);
  hc = await login('hc@test.co.id', ['human-capital'], ids[2]!);
});

const call = t.call;
const refused = (r: { statusCode: number; json: () => { errors: { code: string; message: string }[] } }, message: string) => {
  expect(r.statusCode).toBe(403);
  expect(r.json().errors[0]).toMatchObject({ code: 'PM0001', message });
};
const salaries = async (employeeId: number) =>
  (await t.tdb.db.selectFrom('employee_contracts').select('basic_salary').where('employee_id', '=', employeeId).execute()).map(
    (r) => String(r.basic_salary),
  );

describe('contracts: POST /v2/h/employee/contract and /contract/{id}/update', () => {
  const C = '/v2/h/employee/contract';
  const body = (employeeId: number, n: string, extra: Record<string, unknown> = {}) => ({
    employeeId,
    contractNumber: n,
    contractType: 5,
    startDate: '2025-01-01',
    ...extra,
  });

  it('hcstaff cannot give anyone (or itself) a basic salary; the salary stays as it was', async () => {
    refused(
      await call('POST', C, hcstaff, body(ids[0]!, 'R-1', { basicSalary: 99_000_000 })),
      'Changing salary needs the salary.update permission',
    );
    refused(
      await call('POST', C, hcstaff, body(ids[1]!, 'R-2', { basicSalary: 99_000_000 })),
      'Changing salary needs the salary.update permission',
    );
    refused(await call('POST', C, hcstaff, body(ids[1]!, 'R-3')), 'You cannot change your own contract');
    expect(await salaries(ids[1]!)).toEqual([]);
  });

  it('salary.update sets it, never its own; hcstaff may edit the rest but not the salary', async () => {
    refused(await call('POST', C, hc, body(ids[2]!, 'R-4', { basicSalary: 99_000_000 })), 'You cannot change your own salary');
    const ok = await call('POST', C, hc, body(ids[0]!, 'R-5', { basicSalary: 8_000_000 }));
    expect(ok.statusCode).toBe(200);
    const id = ok.json().result.id as number;
    const notes = await call('POST', `${C}/${id}/update`, hcstaff, { notes: 'signed' });
    expect(notes.statusCode).toBe(200);
    refused(
      await call('POST', `${C}/${id}/update`, hcstaff, { basicSalary: 99_000_000 }),
      'Changing salary needs the salary.update permission',
    );
    expect(await salaries(ids[0]!)).toEqual(['8000000']);
  });

  it('the PTKP status (POST /v2/h/employee/update/personal) needs salary.update', async () => {
    const k1 = await t.tdb.db.selectFrom('ptkp_statuses').select('id').where('code', '=', 'K/1').executeTakeFirstOrThrow();
    refused(
      await call('POST', '/v2/h/employee/update/personal', hcstaff, { id: ids[0], ptkpStatusId: k1.id }),
      'Changing tax status needs the salary.update permission',
    );
  });

  it('switching daily and monthly pay (POST /v2/h/employee/update/employment contractType) needs salary.update', async () => {
    const typeOf = async () =>
      (await t.tdb.db.selectFrom('employees').select('contract_type').where('id', '=', ids[0]!).executeTakeFirstOrThrow())
        .contract_type;
    const before = await typeOf();
    expect(before).not.toBe(3);
    // Freelance (3) is paid a daily rate × 21: the same basic salary would pay about 21 times as much.
    refused(
      await call('POST', '/v2/h/employee/update/employment', hcstaff, { id: ids[0], contractType: 3 }),
      'Changing salary needs the salary.update permission',
    );
    expect(await typeOf()).toBe(before);
    const ok = await call('POST', '/v2/h/employee/update/employment', hc, { id: ids[0], contractType: 3 });
    expect(ok.statusCode).toBe(200);
    expect(await typeOf()).toBe(3);
  });
});

describe('salary data of one’s own: refused to everyone with salary.update', () => {
  it('bonus/cuts, salary queue and employee components of oneself are 403', async () => {
    const S = '/v2/h/salary';
    refused(
      await call('POST', `${S}/bonusCut`, hc, {
        employeeId: ids[2],
        period: '2026-11',
        kind: 'bonus',
        name: 'Me',
        amount: '99000000',
      }),
      'You cannot change your own bonus/cuts',
    );
    refused(
      await call('POST', `${S}/queue`, hc, { employeeId: ids[2], effectiveDate: '2026-11-01', basicSalary: '99000000' }),
      'You cannot change your own salary',
    );
    refused(
      await call('POST', `${S}/employee/${ids[2]}/taxBorneBy`, hc, { taxBorneBy: 'employer' }),
      'You cannot change your own tax status',
    );
  });
});

describe('no 5xx (item 12)', () => {
  it('a PTKP code with NUL or a lone surrogate is GL0001 naming the field', async () => {
    for (const code of ['K\u0000X', 'K\ud800']) {
      const r = await call('POST', '/v2/h/component/PTKP', admin, { name: 'Odd', code, yearlyAmount: '1' });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [{ param: 'code' }] });
    }
  });

  it('a formula out of range is 412 naming the employee and the component', async () => {
    await t.tdb.db
      .insertInto('employee_contracts')
      .values({
        employee_id: ids[3]!,
        contract_number: 'HUGE-1',
        contract_type: 5,
        start_date: '2025-01-01',
        end_date: null,
        basic_salary: 5_000_000,
        notes: null,
        created_by: null,
      })
      .execute();
    const c = await call('POST', '/v2/h/salary/formula', admin, {
      name: 'Huge',
      kind: 'non-fixed-allowance',
      formula: 'basic * 1e40',
    });
    await call('POST', '/v2/h/salary/employeeComponent', admin, {
      employeeId: ids[3],
      componentId: c.json().result.id,
      startMonth: '2026-11',
    });
    const r = await call('POST', '/v2/h/salary/report/generate', admin, { period: '2026-11' });
    expect(r.statusCode).toBe(412);
    expect(r.json().errors[0].message).toBe('Component Huge gives 5e+46 for Person004 Test (JKT-00004): out of range');
  });
});

describe('payslip PDF password (item 8): GET/POST /v2/h/personal/salary/pdfPassword', () => {
  it('the employee sets it, nothing shows it back, and guessable values are GL0001', async () => {
    const P = '/v2/h/personal/salary/pdfPassword';
    expect((await call('GET', P, hc)).json().result).toEqual({ set: false, updatedAt: null });
    const guess = await call('POST', P, hc, { password: '01011990' });
    expect(guess.statusCode).toBe(400);
    expect(guess.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [{ param: 'password' }] });
    const ok = await call('POST', P, hc, { password: 'teh manis 42' });
    expect(ok.statusCode).toBe(200);
    expect(JSON.stringify(ok.json())).not.toContain('teh manis');
    expect((await call('GET', P, hc)).json().result).toMatchObject({ set: true });
  });
});
