import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 3 });

const B = '/v2/h/salary/bankTransfer';
/** The generic CSV's lines as cells (its values hold no comma or quote; core's tests parse every template with csv-parse). */
const parse = (csv: string) =>
  csv
    .split('\r\n')
    .filter((l) => l !== '')
    .map((l) => l.split(','));
const call = t.call;
let admin: Headers;
let staff: Headers; // role employee: no salary permission
let ids: number[];
let runId: number;

beforeAll(async () => {
  ids = await t.employeeIds();
  await t.addContracts(ids, (i) => 6_000_000 + i * 1_500_000);
  const bca = await t.tdb.db.selectFrom('banks').select('id').where('code', '=', '014').executeTakeFirstOrThrow();
  await t.tdb.db.updateTable('employees').set({ entry_date: '2025-01-01' }).execute();
  // The first two have BCA accounts; the third has none.
  for (const [i, account] of [
    [0, '1112223334'],
    [1, '5556667778'],
  ] as const)
    await t.tdb.db
      .updateTable('employees')
      .set({ bank_id: bca.id, bank_account_number: account, bank_account_name: `PERSON ${i + 1}` })
      .where('id', '=', ids[i]!)
      .execute();
  [admin, staff] = await t.bearers(t.admin, t.staff);
  const g = await call('POST', '/v2/h/salary/report/generate', admin, { period: '2026-11' });
  runId = g.json().result.runId;
  expect((await call('POST', `/v2/h/salary/report/${runId}/finalise`, admin)).statusCode).toBe(200);
}, 60_000);

describe('bank transfer files over REST (/v2/h/salary/bankTransfer)', () => {
  it('needs a login and the salary permissions: 401, then 403 (PM0001) for an employee', async () => {
    expect((await call('GET', `${B}/${runId}/preview?template=GENERIC-CSV`, {})).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', `${B}/${runId}/preview?template=GENERIC-CSV`],
      ['POST', `${B}/${runId}/export`],
      ['GET', `${B}/template`],
      ['POST', `${B}/template`],
    ] as const) {
      const r = await call(method, url, staff, method === 'POST' ? { template: 'GENERIC-CSV' } : undefined);
      expect(r.statusCode).toBe(403);
      expect(r.json().errors[0].code).toBe('PM0001');
    }
  });

  it('preview lists the employee without an account; export is refused until they are excluded, then the file pays the rest', async () => {
    const p = await call('GET', `${B}/${runId}/preview?template=GENERIC-CSV`, admin);
    expect(p.json()).toMatchObject({
      status: 'success',
      success: 'Bank transfer preview',
      result: { payCount: 2, problemCount: 1 },
    });
    const problem = p.json().result.lines.find((l: { status: string }) => l.status === 'problem');
    expect(problem).toMatchObject({
      employeeId: ids[2],
      problems: [{ code: 'no-account' }, { code: 'no-bank' }, { code: 'no-account-name' }],
    });

    const refused = await call('POST', `${B}/${runId}/export`, admin, { template: 'GENERIC-CSV' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].msg).toContain('1 employee(s) cannot be paid by GENERIC-CSV');

    const ok = await call('POST', `${B}/${runId}/export`, admin, { template: 'GENERIC-CSV', excludeEmployeeIds: [ids[2]] });
    expect(ok.statusCode).toBe(200);
    const r = ok.json().result;
    const [, ...rows] = parse(Buffer.from(r.base64, 'base64').toString('latin1')) as string[][];
    const fileTotal = rows.reduce((a, x) => a + BigInt(x[8]!), 0n);
    expect(fileTotal).toBe(BigInt(r.runNet) - BigInt(r.excludedTotal));
    expect(r.excluded).toEqual([expect.objectContaining({ employeeId: ids[2] })]);

    const dl = await call('GET', `${B}/export/${r.id}/download`, admin);
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe(Buffer.from(r.base64, 'base64').toString('latin1'));
    const list = await call('GET', `${B}/${runId}/exports`, admin);
    expect(list.json().results).toEqual([expect.objectContaining({ id: r.id, rowCount: 2, excludedCount: 1 })]);
  });

  it('GL0001 with the offending fields: a bad template, a bad preview query', async () => {
    const bad = await call('POST', `${B}/template`, admin, {
      code: 'OURS',
      name: 'Ours',
      definition: { format: 'fixed-width', columns: [{ field: 'amount' }, { field: 'accountNumber', width: 10 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      code: 'GL0001',
      attributes: [{ param: 'definition.columns.0.width', msg: 'is required in a fixed-width file' }],
    });
    const q = await call('GET', `${B}/${runId}/preview?template=x&excludeEmployeeIds=abc`, admin);
    expect(refusedParams(q)).toEqual(['excludeEmployeeIds.0', 'template']);
  });

  it('an admin copies a built-in template and uses the copy', async () => {
    const c = await call('POST', `${B}/template/BCA-MULTIPAYROLL/copy`, admin, { newCode: 'BCA-KSM', name: 'BCA (KSM)' });
    expect(c.statusCode).toBe(200);
    const u = await call('POST', `${B}/template/BCA-KSM/update`, admin, {
      name: 'BCA (KSM)',
      definition: { ...c.json().result.definition, companyCode: 'KSM', companyAccount: '0001112223' },
    });
    expect(u.json().result).toMatchObject({ code: 'BCA-KSM', builtIn: false });
    const x = await call('POST', `${B}/${runId}/export`, admin, { template: 'BCA-KSM', excludeEmployeeIds: [ids[2]] });
    expect(x.statusCode).toBe(200);
    const header = Buffer.from(x.json().result.base64, 'base64').toString('latin1').split('\r\n')[0]!;
    expect(header.slice(1, 11)).toBe('KSM       ');
    expect(BigInt(header.slice(34, 51).replace('.00', ''))).toBe(BigInt(x.json().result.total));
  });
});
