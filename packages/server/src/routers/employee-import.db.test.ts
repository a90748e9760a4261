import { readSheetRows } from '@hr/core/attendance';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

const t = useTestApp({ employees: 2 });

const I = '/v2/h/employee/import';
let admin: Headers;
let staff: Headers;

const HEADER =
  'Given name,Surname,E-mail,Gender,Birth date,Company office,Department,Contract type,Religion,Education level,Marital status';
const file = (...lines: string[]) => ({
  fileName: 'new-staff.csv',
  base64: Buffer.from([HEADER, ...lines].join('\n')).toString('base64'),
});
const good = (email: string) => `Rudi,Hartono,${email},Male,1991-03-04,JKT,Human Capital,Permanent,Islam,S1,Married`;

beforeAll(async () => {
  admin = await t.bearer({ email: 'admin@test.co.id', password: 'admin-pass-123' });
  staff = await t.bearer({ email: 'staff@test.co.id', password: 'staff-pass-123' });
});

const post = (url: string, headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const count = async () => (await t.tdb.db.selectFrom('employees').select('id').execute()).length;

describe('employee import over REST', () => {
  it('downloads the XLSX template with the documented headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${I}/template`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('employee-import-template.xlsx');
    const [header] = await readSheetRows(res.rawPayload);
    expect(header).toContain('E-mail *');
    expect((await readSheetRows(res.rawPayload, 'Values')).map((r) => r[1])).toContain('Jakarta');
  });

  it('dry run reports row errors and writes nothing; the import with a bad row is GL0001 with the row errors', async () => {
    const before = await count();
    const body = file(
      good('rudi.rest@x.co.id'),
      'Ana,,ana.rest@x.co.id,Female,1993-01-01,JKT,Finance,Permanent,Islam,S1,Married',
    );
    const dry = await post(`${I}/dryRun`, admin, body);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({
      status: 'success',
      success: 'Import checked; nothing was written',
      result: {
        rows: 2,
        valid: 1,
        invalid: 1,
        errors: [{ row: 3, column: 'Department', message: 'unknown department "Finance" in Jakarta' }],
        preview: [{ row: 2, name: 'Rudi Hartono', email: 'rudi.rest@x.co.id' }],
      },
    });
    const refused = await post(I, admin, body);
    expect(refused.statusCode).toBe(400);
    const err = refused.json().errors[0];
    expect(err.code).toBe('GL0001');
    expect(err.msg).toBe('1 of 2 rows are invalid; nothing was imported. Correct them, or import the valid rows only.');
    expect(err.attributes).toEqual([{ param: 'row 3: Department', msg: 'unknown department "Finance" in Jakarta' }]);
    expect(JSON.parse(err.internalMsg).errors).toEqual([
      { row: 3, column: 'Department', message: 'unknown department "Finance" in Jakarta' },
    ]);
    expect(await count()).toBe(before);

    const skipped = await post(I, admin, { ...body, skipInvalid: true });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toMatchObject({ success: 'Employees imported', result: { imported: 1, skipped: 1 } });
    expect(await count()).toBe(before + 1);
  });

  it('a file over the size limit is refused with a clear message', async () => {
    const big = await post(`${I}/dryRun`, admin, { fileName: 'big.csv', base64: 'A'.repeat(960_000) });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors[0].attributes).toEqual([{ param: 'base64', msg: 'the file must be at most 700 KB' }]);
    const wrong = await post(`${I}/dryRun`, admin, { fileName: 'staff.pdf', base64: 'QQ==' });
    expect(wrong.json().errors[0].attributes).toEqual([{ param: 'fileName', msg: 'must be a .csv or .xlsx file' }]);
  });

  it('needs the permission to create employees', async () => {
    const before = await count();
    const res = await post(I, staff, file(good('sneaky@x.co.id')));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('PM0001');
    expect((await t.app.inject({ method: 'GET', url: `${I}/template`, headers: staff })).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});
