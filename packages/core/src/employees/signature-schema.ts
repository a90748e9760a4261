import { z } from 'zod';
import type { FileDownload } from '../shared/outputs';
import { id, requiredText } from '../shared/zod';

/** Image types a signature may be (spec §7 employee signature). */
export const SIGNATURE_TYPES = ['image/png', 'image/jpeg'] as const;
export type SignatureType = (typeof SIGNATURE_TYPES)[number];
/** 200 KB: a scanned signature is small; larger files are refused with a clear message. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;

const signatureFile = {
  fileName: requiredText(150),
  contentType: z.enum(SIGNATURE_TYPES, { message: 'must be a PNG or JPG image' }),
  /** The image's bytes, base64 (the API takes JSON bodies only). */
  contentBase64: z
    .string()
    .min(4, 'is required')
    .max(Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4 + 4, 'must be at most 200 KB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
};

/** `POST /v2/h/employee/{id}/signature`: upload (or replace) an employee's signature. */
export const uploadSignatureInput = z.strictObject({ id, ...signatureFile });
/** `POST /v2/h/personal/signature`: the signed-in employee uploads their own signature. */
export const uploadOwnSignatureInput = z.strictObject(signatureFile);

/** Formats of the printable QR code: the bare PNG, or an ID-card-size PDF. */
export const QR_CODE_FORMATS = ['png', 'pdf'] as const;
/** `GET /v2/h/employee/{id}/qrCode/download?format=pdf`. */
export const downloadQrCodeInput = z.strictObject({ id, format: z.enum(QR_CODE_FORMATS).default('png') });
/** `GET /v2/h/personal/qrCode/download?format=pdf`. */
export const downloadOwnQrCodeInput = z.strictObject({ format: z.enum(QR_CODE_FORMATS).default('png') });

/** What the detail page shows about the signature and QR code (no bytes). */
export interface SignatureQrInfo {
  signature: {
    fileName: string;
    contentType: SignatureType;
    /** Bytes. */
    size: number;
    uploadedAt: string;
    uploadedBy: string | null;
  } | null;
  qrCode: {
    /** The text the QR code encodes (what the canteen kiosk reads). */
    text: string;
    /** The first characters of the card's token, printed on the card to tell reissued cards apart. */
    cardCode: string;
    generatedAt: string;
    generatedBy: string | null;
  } | null;
}

export type EmployeeFileDownload = FileDownload;
