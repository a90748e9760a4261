import { randomBytes } from 'node:crypto';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { audit } from '../audit/index';
import type { Personal, Update, View } from './grants';
import { ownEmployeeId as ownEmployeeIdOf } from '../access/index';
import { employeeName, userName } from '../shared/employee-sql';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError } from '../shared/errors';
import { pdfBytes } from '../shared/pdf-bytes';
import type { In } from '../shared/zod';
import { employeeIdInput } from './detail-schema';
import { scopedEmployeeId } from './detail';
import {
  downloadOwnQrCodeInput,
  downloadQrCodeInput,
  type EmployeeFileDownload,
  SIGNATURE_MAX_BYTES,
  type SignatureQrInfo,
  type SignatureType,
  uploadOwnSignatureInput,
  uploadSignatureInput,
} from './signature-schema';
import { fileDownload, pdfDownload } from '../shared/file-download';

/** The first bytes each allowed image type starts with, so a renamed file is refused. */
const MAGIC: Record<SignatureType, { label: string; bytes: number[] }> = {
  'image/png': { label: 'PNG', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  'image/jpeg': { label: 'JPG', bytes: [0xff, 0xd8, 0xff] },
};

/**
 * The text the employee's QR code encodes: the canteen kiosk's card format "EMP:<employee number>"
 * (canteen `scanPresenceInput`), so the printed card is scanned for lunch like a badge.
 */
export function employeeQrText(employeeNumber: string): string {
  return `EMP:${employeeNumber}`;
}

/** The PNG of a QR code: error correction M, 2-module quiet zone, 360 px wide (prints sharp at 3 cm). */
function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 360 });
}

const ownEmployeeId = (grant: Personal): number => ownEmployeeIdOf(grant.actor);

/** Decodes and checks the image: 1 byte to 200 KB, its first bytes matching the declared type. */
function decodeImage(file: { contentType: SignatureType; contentBase64: string }): Buffer {
  const bytes = Buffer.from(file.contentBase64, 'base64');
  const field = (msg: string, message: string) =>
    new AppError('VALIDATION', message, { fields: [{ param: 'contentBase64', msg }] });
  if (bytes.length === 0) throw field('is required', 'The signature file is empty');
  if (bytes.length > SIGNATURE_MAX_BYTES) throw field('must be at most 200 KB', 'A signature may be at most 200 KB');
  const magic = MAGIC[file.contentType];
  if (!magic.bytes.every((b, i) => bytes[i] === b))
    throw field(`is not a ${magic.label} image`, `The signature file is not a real ${magic.label} image`);
  return bytes;
}

async function info(db: Db, employeeId: number): Promise<SignatureQrInfo> {
  const [s, q, e] = await Promise.all([
    db
      .selectFrom('employee_signatures as s')
      .select(['s.file_name', 's.content_type', 's.size', 's.uploaded_at', 's.uploaded_by'])
      .where('s.employee_id', '=', employeeId)
      .executeTakeFirst(),
    db
      .selectFrom('employee_qr_codes as q')
      .select(['q.token', 'q.generated_at', 'q.generated_by'])
      .where('q.employee_id', '=', employeeId)
      .executeTakeFirst(),
    db.selectFrom('employees').select('employee_number').where('id', '=', employeeId).executeTakeFirstOrThrow(),
  ]);
  const names = await userNames(db, [s?.uploaded_by ?? null, q?.generated_by ?? null]);
  return {
    signature: s
      ? {
          fileName: s.file_name,
          contentType: s.content_type,
          size: s.size,
          uploadedAt: s.uploaded_at.toISOString(),
          uploadedBy: s.uploaded_by === null ? null : (names.get(s.uploaded_by) ?? null),
        }
      : null,
    qrCode: q
      ? {
          text: employeeQrText(e.employee_number),
          cardCode: cardCode(q.token),
          generatedAt: q.generated_at.toISOString(),
          generatedBy: q.generated_by === null ? null : (names.get(q.generated_by) ?? null),
        }
      : null,
  };
}

/** Display names (employee name, else e-mail) of up to two users, in one query. */
async function userNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = ids.filter((x): x is number => x !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('employees as e', 'e.id', 'u.employee_id')
    .select(['u.id', userName().as('name')])
    .where('u.id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The short code printed on the card: the first 8 characters of the token, upper case. */
const cardCode = (token: string) => token.slice(0, 8).toUpperCase();

async function signatureFile(db: Db, employeeId: number): Promise<EmployeeFileDownload> {
  const s = await db
    .selectFrom('employee_signatures')
    .select(['file_name', 'content_type', 'content'])
    .where('employee_id', '=', employeeId)
    .executeTakeFirst();
  if (!s) throw new AppError('NOT_FOUND', 'This employee has no signature');
  return fileDownload(s.file_name, s.content_type, s.content);
}

async function storeSignature(
  ctx: Ctx,
  employeeId: number,
  file: { fileName: string; contentType: SignatureType; contentBase64: string },
  lock: (trx: Db) => Promise<unknown>,
): Promise<SignatureQrInfo> {
  const bytes = decodeImage(file);
  return inTransaction(ctx, async (trx) => {
    await lock(trx);
    const before = await trx
      .selectFrom('employee_signatures')
      .select(['file_name as fileName', 'content_type as contentType', 'size'])
      .where('employee_id', '=', employeeId)
      .executeTakeFirst();
    const row = {
      content: bytes,
      content_type: file.contentType,
      file_name: file.fileName,
      size: bytes.length,
      uploaded_by: ctx.actor?.userId ?? null,
      uploaded_at: ctx.clock(),
    };
    await trx
      .insertInto('employee_signatures')
      .values({ employee_id: employeeId, ...row })
      .onConflict((oc) => oc.column('employee_id').doUpdateSet(row))
      .execute();
    await audit(ctx, trx, {
      action: before ? 'employee.signature.replace' : 'employee.signature.upload',
      entity: 'employee',
      entityId: employeeId,
      before: before ?? null,
      after: { fileName: file.fileName, contentType: file.contentType, size: bytes.length },
    });
    return info(trx, employeeId);
  });
}

/** What the detail page shows: the signature's file facts and the QR code's, or null for each. */
export async function getSignatureQrInfo(ctx: Ctx, grant: View, raw: In<typeof employeeIdInput>): Promise<SignatureQrInfo> {
  const { id } = employeeIdInput.parse(raw);
  return info(ctx.db, await scopedEmployeeId(ctx.db, grant, id));
}

/** The signature image as a download (`GET /v2/h/employee/{id}/signature`); NOT_FOUND when there is none. */
export async function downloadSignature(ctx: Ctx, grant: View, raw: In<typeof employeeIdInput>): Promise<EmployeeFileDownload> {
  const { id } = employeeIdInput.parse(raw);
  return signatureFile(ctx.db, await scopedEmployeeId(ctx.db, grant, id));
}

/** Uploads a PNG or JPG signature (at most 200 KB), replacing the previous one. */
export async function uploadSignature(ctx: Ctx, grant: Update, raw: In<typeof uploadSignatureInput>): Promise<SignatureQrInfo> {
  const { id, ...file } = uploadSignatureInput.parse(raw);
  const employeeId = await scopedEmployeeId(ctx.db, grant, id);
  return storeSignature(ctx, employeeId, file, (trx) => scopedEmployeeId(trx, grant, id, true));
}

/** Deletes the signature (`POST /v2/h/employee/{id}/signature/delete`); NOT_FOUND when there is none. */
export async function deleteSignature(ctx: Ctx, grant: Update, raw: In<typeof employeeIdInput>): Promise<{ id: number }> {
  const { id } = employeeIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const employeeId = await scopedEmployeeId(trx, grant, id, true);
    const gone = await trx
      .deleteFrom('employee_signatures')
      .where('employee_id', '=', employeeId)
      .returning(['file_name as fileName', 'content_type as contentType', 'size'])
      .executeTakeFirst();
    if (!gone) throw new AppError('NOT_FOUND', 'This employee has no signature');
    await audit(ctx, trx, {
      action: 'employee.signature.delete',
      entity: 'employee',
      entityId: employeeId,
      before: gone,
      after: null,
    });
    return { id: employeeId };
  });
}

/**
 * Generates the employee's QR code: a new random token (the previous card's token no longer
 * matches) and the PNG of {@link employeeQrText}, which the canteen kiosk accepts.
 */
export async function generateQrCode(ctx: Ctx, grant: Update, raw: In<typeof employeeIdInput>): Promise<EmployeeFileDownload> {
  const { id } = employeeIdInput.parse(raw);
  const number = await inTransaction(ctx, async (trx) => {
    const employeeId = await scopedEmployeeId(trx, grant, id, true);
    const token = randomBytes(24).toString('base64url');
    const row = { token, generated_by: ctx.actor?.userId ?? null, generated_at: ctx.clock() };
    const before = await trx
      .selectFrom('employee_qr_codes')
      .select('token')
      .where('employee_id', '=', employeeId)
      .executeTakeFirst();
    await trx
      .insertInto('employee_qr_codes')
      .values({ employee_id: employeeId, ...row })
      .onConflict((oc) => oc.column('employee_id').doUpdateSet(row))
      .execute();
    await audit(ctx, trx, {
      action: before ? 'employee.qrCode.regenerate' : 'employee.qrCode.generate',
      entity: 'employee',
      entityId: employeeId,
      before: before ? { cardCode: cardCode(before.token) } : null,
      after: { cardCode: cardCode(token) },
    });
    const e = await trx.selectFrom('employees').select('employee_number').where('id', '=', employeeId).executeTakeFirstOrThrow();
    return e.employee_number;
  });
  return pngDownload(number);
}

async function pngDownload(employeeNumber: string): Promise<EmployeeFileDownload> {
  const png = await qrPng(employeeQrText(employeeNumber));
  return fileDownload(`qr-${employeeNumber}.png`, 'image/png', png);
}

/** The QR code as PNG, or with `format: 'pdf'` as a printable ID card; NOT_FOUND before one is generated. */
export async function downloadQrCode(ctx: Ctx, grant: View, raw: In<typeof downloadQrCodeInput>): Promise<EmployeeFileDownload> {
  const { id, format } = downloadQrCodeInput.parse(raw);
  return qrDownload(ctx.db, await scopedEmployeeId(ctx.db, grant, id), format);
}

async function qrDownload(db: Db, employeeId: number, format: 'png' | 'pdf'): Promise<EmployeeFileDownload> {
  const e = await db
    .selectFrom('employees as e')
    .innerJoin('employee_qr_codes as q', 'q.employee_id', 'e.id')
    .leftJoin('job_positions as p', 'p.id', 'e.job_position_id')
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .select(['e.employee_number as number', employeeName.as('name'), 'p.name as position', 'o.name as office', 'q.token'])
    .where('e.id', '=', employeeId)
    .executeTakeFirst();
  if (!e) throw new AppError('NOT_FOUND', 'This employee has no QR code yet; generate one first');
  if (format === 'png') return pngDownload(e.number);
  const pdf = await idCardPdf({ ...e, qr: await qrPng(employeeQrText(e.number)), cardCode: cardCode(e.token) });
  return pdfDownload(`id-card-${e.number}.pdf`, pdf);
}

/** ID-1 card size (ISO/IEC 7810, 85.60 × 53.98 mm) in PDF points (1 mm = 72 / 25.4 pt). */
const CARD = { width: (85.6 * 72) / 25.4, height: (53.98 * 72) / 25.4 };

/** A one-page ID card: office, name, number, position and card code on the left, the QR on the right. */
function idCardPdf(c: {
  name: string;
  number: string;
  position: string | null;
  office: string;
  cardCode: string;
  qr: Buffer;
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [CARD.width, CARD.height],
    margin: 0,
    info: { Title: `ID card ${c.number}`, Creator: 'HR system' },
  });
  const done = pdfBytes(doc);
  const pad = 10;
  const qrSize = CARD.height - pad * 2 - 8;
  const textWidth = CARD.width - qrSize - pad * 3;
  doc.rect(0, 0, CARD.width, 18).fill('#1e3a8a');
  doc
    .fillColor('white')
    .font('Helvetica-Bold')
    .fontSize(8)
    .text(c.office, pad, 5, { width: CARD.width - pad * 2, lineBreak: false });
  doc.fillColor('black').font('Helvetica-Bold').fontSize(10).text(c.name, pad, 28, { width: textWidth });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(c.number, pad, doc.y + 2, { width: textWidth });
  doc.fillColor('#444').text(c.position ?? '-', pad, doc.y + 2, { width: textWidth });
  doc.fontSize(6).text(`Card ${c.cardCode}`, pad, CARD.height - pad - 6, { width: textWidth, lineBreak: false });
  doc.image(c.qr, CARD.width - pad - qrSize, 18 + 4, { width: qrSize, height: qrSize });
  doc.end();
  return done;
}

// ---------------------------------------------------------------------------------------------
// The employee's own record (personal profile).

/** The signed-in employee's own signature and QR code facts. */
export async function getOwnSignatureQrInfo(ctx: Ctx, grant: Personal): Promise<SignatureQrInfo> {
  return info(ctx.db, ownEmployeeId(grant));
}

/** The signed-in employee's own signature image. */
export async function downloadOwnSignature(ctx: Ctx, grant: Personal): Promise<EmployeeFileDownload> {
  return signatureFile(ctx.db, ownEmployeeId(grant));
}

/** The signed-in employee uploads (or replaces) their own signature. */
export async function uploadOwnSignature(
  ctx: Ctx,
  grant: Personal,
  raw: In<typeof uploadOwnSignatureInput>,
): Promise<SignatureQrInfo> {
  const file = uploadOwnSignatureInput.parse(raw);
  const employeeId = ownEmployeeId(grant);
  return storeSignature(ctx, employeeId, file, (trx) =>
    trx.selectFrom('employees').select('id').where('id', '=', employeeId).forUpdate().executeTakeFirstOrThrow(),
  );
}

/** The signed-in employee's own QR code (PNG or ID card PDF), once HR has generated it. */
export async function downloadOwnQrCode(
  ctx: Ctx,
  grant: Personal,
  raw: In<typeof downloadOwnQrCodeInput>,
): Promise<EmployeeFileDownload> {
  const { format } = downloadOwnQrCodeInput.parse(raw);
  return qrDownload(ctx.db, ownEmployeeId(grant), format);
}
