import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 2 });

const S = '/v2/h/salary';
const T = `${S}/taxReport`;
const NPWP = '0953284617031000';
let admin: Headers;
let staff: Headers; // role employee: no salary permission
let officeId: number;

beforeAll(async () => {
  const ids = await t.employeeIds();
  await t.addContracts(ids, (i) => 8_000_000 + i * 2_000_000);
  await t.tdb.db.updateTable('employees').set({ entry_date: '2025-01-01' }).execute();
  for (const [i, id] of ids.entries())
    await t.tdb.db
      .updateTable('employees')
      .set({ national_id: `317101010190${String(i + 1).padStart(4, '0')}` })
      .where('id', '=', id)
      .execute();
  officeId = (await t.tdb.db.selectFrom('employees').select('company_office_id').executeTakeFirstOrThrow()).company_office_id;
  [admin, staff] = await t.bearers(t.admin, t.staff);
  const g = await t.call('POST', `${S}/report/generate`, admin, { period: '2026-11' });
  expect(g.statusCode).toBe(200);
  expect((await t.call('POST', `${S}/report/${g.json().result.runId}/finalise`, admin)).statusCode).toBe(200);
}, 60_000);

describe('Coretax e-Bupot over REST (/v2/h/salary/taxReport)', () => {
  it('needs the salary permissions: 401 without login, 403 (PM0001) for an employee', async () => {
    expect((await t.call('GET', `${T}/identity`, {})).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', `${T}/identity`],
      ['POST', `${T}/identity`],
      ['GET', `${T}/preview?period=2026-11&kind=bpmp`],
      ['POST', `${T}/export`],
      ['GET', T],
    ] as const) {
      const r = await t.call(method, url, staff, method === 'POST' ? {} : undefined);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().errors[0].code).toBe('PM0001');
    }
  });

  it('refuses invalid input with GL0001 and the offending fields', async () => {
    const id = await t.call('POST', `${T}/identity`, admin, {
      npwp: '123',
      offices: [{ companyOfficeId: officeId, nitku: '1234567890123456000000' }],
    });
    expect(refusedParams(id)).toEqual(['npwp']);
    const p = await t.call('GET', `${T}/preview?period=2026-13&kind=bpx`, admin);
    expect(refusedParams(p)).toEqual(['kind', 'period']);
  });

  it('identity, preview, export (the XML file), list and mark filed', async () => {
    const saved = await t.call('POST', `${T}/identity`, admin, {
      npwp: NPWP,
      offices: [{ companyOfficeId: officeId, nitku: `${NPWP}000000` }],
    });
    expect(saved.json()).toMatchObject({ status: 'success', success: 'Company tax identity saved', result: { npwp: NPWP } });
    const p = await t.call('GET', `${T}/preview?period=2026-11&kind=bpmp`, admin);
    expect(p.json().result).toMatchObject({ next: 'new', totals: { slips: 2, withErrors: 0 }, identityErrors: [] });

    const x = await t.call('POST', `${T}/export`, admin, { period: '2026-11', kind: 'bpmp' });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toContain('BPMP_2026-11_all-offices.xml');
    const xml = x.rawPayload.toString('utf8');
    expect(xml).toContain('<MmPayrollBulk');
    expect(xml.match(/<MmPayroll>/g)).toHaveLength(2);

    const again = await t.call('POST', `${T}/export`, admin, { period: '2026-11', kind: 'bpmp' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].msg).toMatch(/was already exported as #\d+/);

    const list = await t.call('GET', T, admin);
    const row = list.json().results.rows[0];
    expect(row).toMatchObject({ period: '2026-11', kind: 'bpmp', status: 'exported', slips: 2, sequence: 0 });
    const file = await t.call('GET', `${T}/${row.id}/download`, admin);
    expect(file.rawPayload.toString('utf8')).toBe(xml);
    const filed = await t.call('POST', `${T}/${row.id}/file`, admin, { coretaxReference: 'REF-2026-11' });
    expect(filed.json().result).toMatchObject({ status: 'filed', coretaxReference: 'REF-2026-11' });
    expect((await t.call('POST', `${T}/${row.id}/discard`, admin)).statusCode).toBe(409);
  });
});
