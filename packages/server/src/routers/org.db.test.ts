import { describe, expect, it } from 'vitest';
import { errorEnvelope } from '../rest/test-harness';
import { type Headers, useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 3 });

const login = t.seededLogins();
const { get, post } = t.requests(() => login.admin);

describe('organisation over REST (spec §7 component/* paths, §7 envelope)', () => {
  it('offices, departments, divisions, sections and positions: create, list, update, mapping, delete', async () => {
    const office = await post('/v2/h/component/companyOffice', { code: 'sby', name: 'Surabaya', city: 'Surabaya' });
    expect(office.statusCode).toBe(200);
    expect(office.json()).toEqual({
      status: 'success',
      success: 'Company office created',
      errors: [],
      result: expect.objectContaining({ id: expect.any(Number), code: 'SBY', name: 'Surabaya' }),
    });
    const officeId = office.json().result.id as number;

    const dept = (await post('/v2/h/component/department', { companyOfficeId: officeId, name: 'Finance' })).json().result;
    const div = (await post('/v2/h/component/division', { departmentId: dept.id, name: 'Tax' })).json().result;
    expect(div.companyOfficeId).toBe(officeId);
    const sec = (await post('/v2/h/component/sectionDepartment', { divisionId: div.id, name: 'Compliance' })).json().result;
    // Form-encoded bodies work too.
    const pos = await t.app.inject({
      method: 'POST',
      url: '/v2/h/component/jobPosition',
      headers: { ...login.admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `name=Tax%20Officer&departmentId=${dept.id}&divisionId=${div.id}&sectionId=`,
    });
    expect(pos.statusCode).toBe(200);
    const posId = pos.json().result.id as number;

    const list = await get(`/v2/h/component/division/list?companyOfficeId=${officeId}&search=ta&pageSize=5`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      status: 'success',
      success: 'Divisions',
      results: { total: 1, page: 1, pageSize: 5, rows: [{ id: div.id, name: 'Tax', department: 'Finance', sections: 1 }] },
    });
    const offices = (await get('/v2/h/component/companyOffice/list?search=sby')).json();
    expect(offices.results.rows[0]).toMatchObject({ code: 'SBY', departments: 1, divisions: 1, sections: 1, idIndex: null });
    expect(
      (await get(`/v2/h/component/department/${dept.id}/mapping`)).json().results.rows.map((r: { id: number }) => r.id),
    ).toEqual([posId]);
    expect((await get(`/v2/h/component/jobPosition/${posId}`)).json().result).toMatchObject({
      name: 'Tax Officer',
      section: null,
    });

    // Section assign / assignation / unassign.
    expect((await get(`/v2/h/component/sectionDepartment/${sec.id}/assignation`)).json().results.total).toBe(1);
    const assigned = await post(`/v2/h/component/sectionDepartment/${sec.id}/assign`, { jobPositionId: posId });
    expect(assigned.json()).toMatchObject({ status: 'success', result: { changed: true } });
    expect((await get(`/v2/h/component/sectionDepartment/${sec.id}/mapping`)).json().results.total).toBe(1);
    expect((await post(`/v2/h/component/sectionDepartment/${sec.id}/unassign`, { jobPositionId: posId })).statusCode).toBe(200);

    const upd = await post(`/v2/h/component/department/${dept.id}/update`, { name: 'Finance & Tax' });
    expect(upd.json()).toMatchObject({ status: 'success', success: 'Department updated', result: { name: 'Finance & Tax' } });

    // Still in use: 409 GL0009 with the reason.
    const refused = await post(`/v2/h/component/department/${dept.id}/delete`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(
      errorEnvelope(
        'GL0009',
        'Department Finance & Tax is used by 1 division, 1 section and 1 job position',
        'Move or delete them first.',
      ),
    );
    for (const url of [
      `/v2/h/component/jobPosition/${posId}/delete`,
      `/v2/h/component/sectionDepartment/${sec.id}/delete`,
      `/v2/h/component/division/${div.id}/delete`,
      `/v2/h/component/department/${dept.id}/delete`,
      `/v2/h/component/companyOffice/${officeId}/delete`,
    ]) {
      const r = await post(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.json().result).toEqual({ ok: true });
    }
  });

  it('GL0001 names the field; duplicates are 409 on the field; unknown ids 404', async () => {
    const a = (await post('/v2/h/component/companyOffice', { code: 'A1', name: 'Office A' })).json().result;
    const b = (await post('/v2/h/component/companyOffice', { code: 'B1', name: 'Office B' })).json().result;
    const dept = (await post('/v2/h/component/department', { companyOfficeId: b.id, name: 'Ops' })).json().result;

    const mismatch = await post('/v2/h/component/division', { companyOfficeId: a.id, departmentId: dept.id, name: 'X' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors[0]).toMatchObject({
      code: 'GL0001',
      attributes: [{ param: 'departmentId', msg: 'Department Ops is not in office Office A' }],
    });
    const blank = await post('/v2/h/component/department', { companyOfficeId: a.id, name: ' ' });
    expect(refusedParams(blank)).toEqual(['name']);

    const dup = await post('/v2/h/component/department', { companyOfficeId: b.id, name: 'OPS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0]).toMatchObject({
      code: 'GL0009',
      message: 'A department named OPS already exists in this office',
      attributes: [{ param: 'name', msg: 'is already used' }],
    });
    expect((await post('/v2/h/component/jobLevel/999999/update', { name: 'X' })).statusCode).toBe(404);
  });

  it('ID index and org chart', async () => {
    const office = (await post('/v2/h/component/companyOffice', { code: 'BTM', name: 'Batam' })).json().result;
    const idx = await post('/v2/h/component/IDIndex', { companyOfficeId: office.id, prefix: 'BTM-', nextNumber: 40, padding: 4 });
    expect(idx.json()).toMatchObject({
      status: 'success',
      success: 'ID index created',
      result: { prefix: 'BTM-', nextNumber: 40 },
    });
    const list = (await get(`/v2/h/component/IDIndex/list?companyOfficeId=${office.id}`)).json();
    expect(list.results.rows[0]).toMatchObject({ next: 'BTM-0040', companyOffice: 'Batam' });
    expect((await post(`/v2/h/component/IDIndex/${idx.json().result.id}/update`, { padding: 6 })).json().result.padding).toBe(6);

    const chart = await get('/v2/h/component/orgChart');
    expect(chart.statusCode).toBe(200);
    const jkt = chart.json().result.offices.find((o: { code: string }) => o.code === 'JKT');
    expect(jkt).toMatchObject({ headcount: t.employees, departments: [{ name: 'Human Capital', headcount: t.employees }] });
  });

  it('assign sub-paths of companyOffice, department, jobPosition and IDIndex', async () => {
    const office = (await post('/v2/h/component/companyOffice', { code: 'RST', name: 'Rest Office' })).json().result;
    const ops = (await post('/v2/h/component/department', { companyOfficeId: office.id, name: 'Ops' })).json().result;
    const sales = (await post('/v2/h/component/department', { companyOfficeId: office.id, name: 'Sales' })).json().result;
    const pos = (await post('/v2/h/component/jobPosition', { name: 'Picker', departmentId: ops.id })).json().result;

    expect((await get(`/v2/h/component/department/${sales.id}/assignation`)).json().results.rows).toEqual([
      expect.objectContaining({ id: pos.id, department: 'Ops' }),
    ]);
    const moved = await post(`/v2/h/component/department/${sales.id}/assign`, { jobPositionId: pos.id });
    expect(moved.json()).toMatchObject({ status: 'success', result: { changed: true, employeesMoved: 0 } });
    const refused = await post(`/v2/h/component/department/${sales.id}/unassign`, { jobPositionId: pos.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toMatch(/assign it to another department instead$/);

    const other = (await post('/v2/h/component/companyOffice', { code: 'RS2', name: 'Rest Two' })).json().result;
    const noDept = await post(`/v2/h/component/companyOffice/${other.id}/assign`, { jobPositionId: pos.id });
    expect(noDept.statusCode).toBe(400);
    expect(noDept.json().errors[0].attributes[0].param).toBe('departmentId');
    expect((await get(`/v2/h/component/companyOffice/${other.id}/assignation?search=Picker`)).json().results.total).toBe(1);

    expect((await get(`/v2/h/component/jobPosition/${pos.id}/mapping`)).json().results).toMatchObject({ total: 0, rows: [] });
    expect((await get(`/v2/h/component/jobPosition/${pos.id}/assignation`)).json().results.total).toBe(0);
    expect((await post(`/v2/h/component/jobPosition/${pos.id}/assign`, { employeeId: 999_999 })).statusCode).toBe(404);
    expect((await post(`/v2/h/component/jobPosition/${pos.id}/assign`, { employeeId: 1 }, login.staff)).statusCode).toBe(403);

    const idx = (await post('/v2/h/component/IDIndex', { companyOfficeId: office.id, prefix: 'R-' })).json().result;
    expect((await get(`/v2/h/component/IDIndex/${idx.id}/mapping`)).json().results.total).toBe(0);
    expect((await get(`/v2/h/component/IDIndex/${idx.id}/assignation`)).json().results.total).toBe(0);
    expect((await post(`/v2/h/component/IDIndex/${idx.id}/assign`, { employeeId: 'x' })).statusCode).toBe(400);
    expect((await post(`/v2/h/component/IDIndex/${idx.id}/unassign`, { employeeId: 999_999 })).statusCode).toBe(404);
  });

  it('reference data: create, list, lookup, update, delete; marital statuses have no create', async () => {
    const bank = await post('/v2/h/component/bank', { name: 'Bank Jago', code: '542' });
    expect(bank.json()).toMatchObject({ status: 'success', success: 'Bank created', result: { name: 'Bank Jago', code: '542' } });
    const banks = (await get('/v2/h/component/bank/list?search=jago')).json();
    expect(banks).toMatchObject({ success: 'Bank list', results: { total: 1 } });
    // The plain lookup GET stays an array.
    expect(Array.isArray((await get('/v2/h/component/bank')).json().results)).toBe(true);
    const id = bank.json().result.id as number;
    expect((await post(`/v2/h/component/bank/${id}/update`, { name: 'Bank Jago Tbk' })).json().result.name).toBe('Bank Jago Tbk');
    expect((await post(`/v2/h/component/bank/${id}/delete`)).json().result).toEqual({ ok: true });

    const second = await post('/v2/h/component/company/second', { name: 'PT Anak Usaha', code: 'pau' });
    expect(second.json().result).toMatchObject({ code: 'PAU' });
    expect((await get('/v2/h/component/company/second')).json().results).toEqual([
      expect.objectContaining({ name: 'PT Anak Usaha' }),
    ]);
    expect((await get('/v2/h/component/company/second/list')).json().results.total).toBe(1);
    const ptkp = await post('/v2/h/component/PTKP/1/update', { yearlyAmount: '54000000' });
    expect(ptkp.json().result).toMatchObject({ code: 'TK/0', yearlyAmount: '54000000' });
    expect((await get('/v2/h/component/PKP')).json().results).toHaveLength(5);
    expect((await post('/v2/h/component/fingerspot/type', { name: 'Revo' })).statusCode).toBe(200);

    expect((await post('/v2/h/component/marital/status/1/update', { name: 'Kawin' })).json().result).toEqual({
      id: 1,
      name: 'Kawin',
    });
    expect((await post('/v2/h/component/marital/status', { name: 'Engaged' })).statusCode).toBe(405);
  });

  it('reads need org.view and writes org.manage (PM0001); the existing lookups keep answering', async () => {
    const list = await get('/v2/h/component/department/list', login.staff);
    expect(list.statusCode).toBe(403);
    expect(list.json().errors[0].code).toBe('PM0001');
    expect((await post('/v2/h/component/jobLevel', { name: 'Intern' }, login.staff)).statusCode).toBe(403);
    expect((await get('/v2/h/component/orgChart', login.staff)).statusCode).toBe(403);
    const lookup = await get('/v2/h/component/companyOffice', login.staff);
    expect(lookup.statusCode).toBe(200);
    expect(Array.isArray(lookup.json().results)).toBe(true);
  });

  it('lookup flags do what the spec implies (issue 20 item 8): divisionIncluded limits a division-limited user to their department; developerAccess is for the developer menu', async () => {
    const office = (await post('/v2/h/component/companyOffice', { code: 'FLG', name: 'Flags office' })).json().result.id;
    const d1 = (await post('/v2/h/component/department', { companyOfficeId: office, name: 'Flag Dept One' })).json().result.id;
    const d2 = (await post('/v2/h/component/department', { companyOfficeId: office, name: 'Flag Dept Two' })).json().result.id;
    const div = (await post('/v2/h/component/division', { companyOfficeId: office, departmentId: d2, name: 'Flag Div' })).json()
      .result.id;
    const worker = await t.userFor(['employee'], 3, { email: 'flags@test.co.id', password: 'flags-pass-1234' });
    await t.tdb.db
      .updateTable('employees')
      .set({ company_office_id: office, department_id: d1, division_id: div })
      .where('id', '=', worker.employeeId)
      .execute();
    const headers = await t.bearer({ email: 'flags@test.co.id', password: 'flags-pass-1234' });
    const names = async (url: string, who: Headers) =>
      (await get(url, who)).json().results.map((d: { name: string }) => d.name as string);
    // Their division lies in department two: that is the one department they get with the flag.
    expect(await names(`/v2/h/component/department?companyOfficeId=${office}&divisionIncluded=1`, headers)).toEqual([
      'Flag Dept Two',
    ]);
    expect(await names(`/v2/h/component/department?companyOfficeId=${office}`, headers)).toEqual([
      'Flag Dept One',
      'Flag Dept Two',
    ]);
    // hr.all (admin-like) is not division-limited.
    expect(await names(`/v2/h/component/department?companyOfficeId=${office}&divisionIncluded=1`, login.admin)).toHaveLength(2);

    const refused = await get('/v2/h/component/companyOffice?developerAccess=1', headers);
    expect([refused.statusCode, refused.json().errors[0].code]).toEqual([403, 'PM0001']);
    const dev = await get('/v2/h/component/companyOffice?developerAccess=1', login.admin);
    expect(dev.json().results.map((o: { id: number }) => o.id)).toContain(office);
  });
});
