import { AppError } from './errors';

/** The first bytes each uploadable file type starts with, and its name in messages (XLSX and DOCX are ZIP packages). */
export const FILE_SIGNATURES = {
  'application/pdf': { label: 'PDF', bytes: [0x25, 0x50, 0x44, 0x46] },
  'image/png': { label: 'PNG', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  'image/jpeg': { label: 'JPG', bytes: [0xff, 0xd8, 0xff] },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { label: 'XLSX', bytes: [0x50, 0x4b, 0x03, 0x04] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    label: 'DOCX',
    bytes: [0x50, 0x4b, 0x03, 0x04],
  },
} as const;

export type SignedFileType = keyof typeof FILE_SIGNATURES;

/**
 * Decodes an uploaded file (base64) and checks it: not empty, at most `max.bytes` (refused with
 * `max.message`, the field saying "must be at most <max.label>"), its content starting with the
 * signature of its declared type, so a renamed file is refused. Each refusal is VALIDATION naming
 * `param`.
 */
export function decodeSignedFile(
  f: { name: string; mime: SignedFileType; contentBase64: string },
  param: string,
  max: { bytes: number; label: string; message: string },
): Buffer {
  const buf = Buffer.from(f.contentBase64, 'base64');
  if (buf.length === 0) throw new AppError('VALIDATION', 'The file is empty', { fields: [{ param, msg: 'is empty' }] });
  if (buf.length > max.bytes)
    throw new AppError('VALIDATION', max.message, { fields: [{ param, msg: `must be at most ${max.label}` }] });
  const sig = FILE_SIGNATURES[f.mime];
  if (!sig.bytes.every((b, i) => buf[i] === b))
    throw new AppError('VALIDATION', `${f.name} is not a real ${sig.label} file`, {
      fields: [{ param, msg: 'content does not match the file type' }],
    });
  return buf;
}
