import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { cardEmployeeNumber } from '../canteen';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import { failure } from '../testing/expect';
import { auditActions } from '../testing/audit';
import { makeEmployee, makeUser } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { employeeAdmin } from './test-kit';
import { pdfPageCount, pdfText } from '../testing/pdf';
import {
  deleteSignature,
  downloadOwnQrCode,
  downloadOwnSignature,
  downloadQrCode,
  downloadSignature,
  employeeQrText,
  generateQrCode,
  getOwnSignatureQrInfo,
  getSignatureQrInfo,
  uploadOwnSignature,
  uploadSignature,
} from './signature';

/** A 1×1 PNG (real file) and the first bytes of a JPEG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const png = (id: number, fileName = 'sign.png') => ({
  id,
  fileName,
  contentType: 'image/png' as const,
  contentBase64: PNG.toString('base64'),
});

const t = useOrgTestDb(employeeAdmin);

const ctx = () => t.services.ctx(t.admin);
const employeeAudit = (employeeId: number) => auditActions(t.db, 'employee', employeeId);

describe('signature', () => {
  it('uploads, replaces, downloads and deletes the signature, each with an audit entry', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    expect((await getSignatureQrInfo(ctx(), t.view, { id })).signature).toBeNull();

    const first = await uploadSignature(ctx(), t.update, png(id));
    expect(first.signature).toMatchObject({ fileName: 'sign.png', contentType: 'image/png', size: PNG.length });
    expect(first.signature?.uploadedBy).toBeTruthy();
    const second = await uploadSignature(ctx(), t.update, {
      id,
      fileName: 'scan.jpg',
      contentType: 'image/jpeg',
      contentBase64: JPEG.toString('base64'),
    });
    expect(second.signature).toMatchObject({ fileName: 'scan.jpg', contentType: 'image/jpeg', size: JPEG.length });
    expect(await downloadSignature(ctx(), t.view, { id })).toEqual({
      fileName: 'scan.jpg',
      contentType: 'image/jpeg',
      base64: JPEG.toString('base64'),
    });
    expect(
      await t.db.selectFrom('employee_signatures').select('employee_id').where('employee_id', '=', id).execute(),
    ).toHaveLength(1);

    expect(await deleteSignature(ctx(), t.update, { id })).toEqual({ id });
    expect((await getSignatureQrInfo(ctx(), t.view, { id })).signature).toBeNull();
    expect((await failure(downloadSignature(ctx(), t.view, { id }))).code).toBe('NOT_FOUND');
    expect((await failure(deleteSignature(ctx(), t.update, { id }))).code).toBe('NOT_FOUND');
    expect(await employeeAudit(id)).toEqual([
      'employee.signature.upload',
      'employee.signature.replace',
      'employee.signature.delete',
    ]);
  });

  it('refuses content that does not match the declared type, naming the field, and keeps the old signature', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    await uploadSignature(ctx(), t.update, png(id));
    const e = await failure(
      uploadSignature(ctx(), t.update, {
        ...png(id, 'fake.png'),
        contentBase64: Buffer.from('%PDF-1.4 hello').toString('base64'),
      }),
    );
    expect(e.code).toBe('VALIDATION');
    expect(e.fields).toEqual([{ param: 'contentBase64', msg: 'is not a PNG image' }]);
    const j = await failure(uploadSignature(ctx(), t.update, { ...png(id), contentType: 'image/jpeg' }));
    expect(j.fields[0]?.msg).toBe('is not a JPG image');
    expect((await getSignatureQrInfo(ctx(), t.view, { id })).signature?.fileName).toBe('sign.png');
  });

  it('refuses an image over 200 KB', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    // One byte over: passes the base64 length check, refused once decoded.
    const over = Buffer.concat([PNG, Buffer.alloc(200 * 1024 + 1 - PNG.length)]);
    const e = await failure(uploadSignature(ctx(), t.update, { ...png(id), contentBase64: over.toString('base64') }));
    expect(e.code).toBe('VALIDATION');
    expect(e.fields[0]).toEqual({ param: 'contentBase64', msg: 'must be at most 200 KB' });
    const huge = Buffer.concat([PNG, Buffer.alloc(300 * 1024)]).toString('base64');
    const z = await uploadSignature(ctx(), t.update, { ...png(id), contentBase64: huge }).catch((err: unknown) => err);
    expect(z).toBeInstanceOf(ZodError);
    expect((z as ZodError).issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['contentBase64', 'must be at most 200 KB'],
    ]);
    const exact = Buffer.concat([PNG, Buffer.alloc(200 * 1024 - PNG.length)]);
    expect(
      (await uploadSignature(ctx(), t.update, { ...png(id), contentBase64: exact.toString('base64') })).signature?.size,
    ).toBe(200 * 1024);
    await deleteSignature(ctx(), t.update, { id });
    expect((await getSignatureQrInfo(ctx(), t.view, { id })).signature).toBeNull();
  });

  it('is NOT_FOUND for an employee outside the data scope, and writes nothing', async () => {
    const other = await makeEmployee(t.db, t.org, { dept: 1 });
    await uploadSignature(ctx(), t.update, png(other));
    const actor = await t.newActor(['manager'], { dept: 0 });
    const scoped: Actor = { ...actor, permissions: new Set([...actor.permissions, 'employee.update', 'employee.view']) };
    const u = requirePermission(scoped, 'employee.update');
    const v = requirePermission(scoped, 'employee.view');
    const c = t.services.ctx(scoped);
    expect((await failure(uploadSignature(c, u, png(other, 'x.png')))).code).toBe('NOT_FOUND');
    expect((await failure(deleteSignature(c, u, { id: other }))).code).toBe('NOT_FOUND');
    expect((await failure(downloadSignature(c, v, { id: other }))).code).toBe('NOT_FOUND');
    expect((await failure(generateQrCode(c, u, { id: other }))).code).toBe('NOT_FOUND');
    expect((await failure(downloadQrCode(c, v, { id: other }))).code).toBe('NOT_FOUND');
    expect((await getSignatureQrInfo(ctx(), t.view, { id: other })).signature?.fileName).toBe('sign.png');
    expect((await failure(getSignatureQrInfo(ctx(), t.view, { id: 999_999 }))).code).toBe('NOT_FOUND');
  });

  it('lets an employee see and upload their own signature from the profile', async () => {
    const me = await makeUser(t.services, t.org, ['employee'], { dept: 1 });
    const actor = await t.actorOf(me.userId);
    const g = requirePermission(actor, 'personal.access');
    const c = t.services.ctx(actor);
    expect((await getOwnSignatureQrInfo(c, g)).signature).toBeNull();
    await uploadOwnSignature(c, g, { fileName: 'me.png', contentType: 'image/png', contentBase64: PNG.toString('base64') });
    expect((await downloadOwnSignature(c, g)).fileName).toBe('me.png');
    expect((await getSignatureQrInfo(ctx(), t.view, { id: me.employeeId! })).signature?.fileName).toBe('me.png');
    expect((await failure(downloadOwnQrCode(c, g, {}))).code).toBe('NOT_FOUND');
  });
});

describe('QR code', () => {
  it('encodes the canteen card format, which the kiosk parser reads back as the employee number', async () => {
    const text = employeeQrText('JKT-00012');
    expect(text).toBe('EMP:JKT-00012');
    expect(cardEmployeeNumber(text)).toBe('JKT-00012');
    // The module matrix of the QR the PNG draws holds exactly this text (byte mode, version 1–2).
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    expect(qr.segments.map((s) => (s as unknown as { data: Uint8Array }).data).map((d) => Buffer.from(d).toString())).toEqual([
      text,
    ]);
  });

  it('generates a PNG and a stable token; regenerating replaces the token; downloads as PNG or ID-card PDF', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 }, 'Sari Wulandari');
    expect((await failure(downloadQrCode(ctx(), t.view, { id }))).code).toBe('NOT_FOUND');
    const number = (await t.db.selectFrom('employees').select('employee_number').where('id', '=', id).executeTakeFirstOrThrow())
      .employee_number;

    const file = await generateQrCode(ctx(), t.update, { id });
    expect(file.contentType).toBe('image/png');
    expect(file.fileName).toBe(`qr-${number}.png`);
    const bytes = Buffer.from(file.base64, 'base64');
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.length).toBeGreaterThan(300);
    expect(bytes.length).toBeLessThan(50_000);
    // 360 px wide and high (IHDR width/height).
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([360, 360]);

    const token = async () =>
      (await t.db.selectFrom('employee_qr_codes').select('token').where('employee_id', '=', id).executeTakeFirstOrThrow()).token;
    const first = await token();
    expect(first.length).toBeGreaterThanOrEqual(32);
    const infoOne = await getSignatureQrInfo(ctx(), t.view, { id });
    expect(infoOne.qrCode).toMatchObject({ text: `EMP:${number}`, cardCode: first.slice(0, 8).toUpperCase() });
    expect((await downloadQrCode(ctx(), t.view, { id })).base64).toBe(file.base64);
    expect(await token()).toBe(first);

    await generateQrCode(ctx(), t.update, { id });
    const second = await token();
    expect(second).not.toBe(first);
    expect((await t.db.selectFrom('employee_qr_codes').select('token').where('token', '=', first).execute()).length).toBe(0);

    const pdf = await downloadQrCode(ctx(), t.view, { id, format: 'pdf' });
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.fileName).toBe(`id-card-${number}.pdf`);
    const pdfBytes = Buffer.from(pdf.base64, 'base64');
    expect(pdfPageCount(pdfBytes)).toBe(1);
    const text = pdfText(pdfBytes);
    expect(text).toContain('Sari Wulandari');
    expect(text).toContain(number);
    expect(text).toContain(`Card ${second.slice(0, 8).toUpperCase()}`);

    const log = await employeeAudit(id);
    expect(log).toEqual(['employee.qrCode.generate', 'employee.qrCode.regenerate']);
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('action', '=', 'employee.qrCode.regenerate')
      .where('entity_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry.after)).not.toContain(second);
  });
});
