import { createUser } from '@hr/core/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

const t = useTestApp({ employees: 3 });

let admin: Headers;
let staff: Headers;
let head: Headers;
let me: Headers;
let otherDept: number;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const upload = { fileName: 'sign.png', contentType: 'image/png', contentBase64: PNG.toString('base64') };
const bearer = (email: string, password: string) => t.bearer({ email, password });

beforeAll(async () => {
  const e1 = await t.tdb.db
    .selectFrom('employees')
    .selectAll()
    .where('employee_number', '=', 'JKT-00001')
    .executeTakeFirstOrThrow();
  const deptId = await t.addDepartment('Warehouse');
  const { id: _id, created_at: _c, updated_at: _u, ...rest } = e1;
  otherDept = (
    await t.tdb.db
      .insertInto('employees')
      .values({ ...rest, employee_number: 'JKT-09999', email: 'wh@test.co.id', department_id: deptId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const ctx = t.services.ctx(null);
  await createUser(ctx, {
    email: 'head@test.co.id',
    password: 'head-pass-123',
    roles: ['department-head'],
    employeeId: e1.id,
    active: true,
  });
  const e2 = await t.tdb.db
    .selectFrom('employees')
    .select('id')
    .where('employee_number', '=', 'JKT-00002')
    .executeTakeFirstOrThrow();
  await createUser(ctx, {
    email: 'me@test.co.id',
    password: 'me-pass-1234',
    roles: ['employee'],
    employeeId: e2.id,
    active: true,
  });
  admin = await bearer(t.admin.email, t.admin.password);
  staff = await bearer(t.staff.email, t.staff.password);
  head = await bearer('head@test.co.id', 'head-pass-123');
  me = await bearer('me@test.co.id', 'me-pass-1234');
});

const post = (url: string, headers: Headers, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

describe('employee signature over REST', () => {
  it('uploads, serves as a download, and deletes', async () => {
    const up = await post('/v2/h/employee/1/signature', admin, upload);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({
      status: 'success',
      success: 'Signature uploaded',
      result: { signature: { fileName: 'sign.png', size: PNG.length } },
    });

    const file = await get('/v2/h/employee/1/signature', admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');
    expect(file.headers['content-disposition']).toContain('sign.png');
    expect(file.rawPayload).toEqual(PNG);

    const info = await get('/v2/h/employee/1/signature/info', admin);
    expect(info.json().result.signature.fileName).toBe('sign.png');

    const del = await post('/v2/h/employee/1/signature/delete', admin);
    expect(del.json()).toMatchObject({ status: 'success', success: 'Signature deleted' });
    const gone = await get('/v2/h/employee/1/signature', admin);
    expect(gone.statusCode).toBe(404);
    expect((await post('/v2/h/employee/1/signature/delete', admin)).statusCode).toBe(404);
  });

  it('refuses a renamed file as GL0001 on contentBase64', async () => {
    const res = await post('/v2/h/employee/1/signature', admin, {
      ...upload,
      contentBase64: Buffer.from('GIF89a....').toString('base64'),
    });
    expect(res.statusCode).toBe(400);
    const err = res.json().errors[0];
    expect(err.code).toBe('GL0001');
    expect(err.attributes).toEqual([{ param: 'contentBase64', msg: 'is not a PNG image' }]);
  });

  it('is 403 without the permission and 404 outside the data scope', async () => {
    expect((await post('/v2/h/employee/1/signature', staff, upload)).statusCode).toBe(403);
    expect((await get('/v2/h/employee/1/signature/info', staff)).statusCode).toBe(403);
    expect((await post('/v2/h/employee/1/qrCode/generate', head)).statusCode).toBe(403);
    expect((await get(`/v2/h/employee/${otherDept}/signature/info`, head)).statusCode).toBe(404);
    expect((await get(`/v2/h/employee/${otherDept}/qrCode/download`, head)).statusCode).toBe(404);
    expect((await get('/v2/h/employee/1/signature/info', head)).statusCode).toBe(200);
  });

  it('lets the employee upload and see their own signature', async () => {
    expect((await post('/v2/h/personal/signature', me, upload)).statusCode).toBe(200);
    const own = await get('/v2/h/personal/signature', me);
    expect(own.rawPayload).toEqual(PNG);
    expect((await get('/v2/h/personal/signature/info', me)).json().result.signature.fileName).toBe('sign.png');
    expect((await get('/v2/h/employee/2/signature/info', me)).statusCode).toBe(403);
  });
});

describe('employee QR code over REST', () => {
  it('generates a PNG, downloads it again, and as an ID-card PDF', async () => {
    expect((await get('/v2/h/employee/3/qrCode/download', admin)).statusCode).toBe(404);
    const gen = await post('/v2/h/employee/3/qrCode/generate', admin);
    expect(gen.statusCode).toBe(200);
    expect(gen.headers['content-type']).toContain('image/png');
    expect(gen.headers['content-disposition']).toContain('qr-JKT-00003.png');
    expect(gen.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const png = await get('/v2/h/employee/3/qrCode/download', admin);
    expect(png.rawPayload).toEqual(gen.rawPayload);
    const pdf = await get('/v2/h/employee/3/qrCode/download?format=pdf', admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get('/v2/h/employee/3/qrCode/download?format=gif', admin)).statusCode).toBe(400);

    const info = (await get('/v2/h/employee/3/signature/info', admin)).json().result;
    expect(info.qrCode.text).toBe('EMP:JKT-00003');
  });
});
