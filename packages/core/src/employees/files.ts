import { AppError } from '../shared/errors';

/** The first bytes each accepted file type starts with (DOCX is a ZIP package), so a renamed file is refused. */
const MAGIC: Record<string, { label: string; bytes: number[] }> = {
  'application/pdf': { label: 'PDF', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  'image/png': { label: 'PNG', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  'image/jpeg': { label: 'JPG', bytes: [0xff, 0xd8, 0xff] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    label: 'Word (DOCX)',
    bytes: [0x50, 0x4b, 0x03, 0x04],
  },
};

/**
 * Decodes and checks an uploaded file: 1 byte to `maxBytes`, its first bytes matching the declared
 * type. Failures are VALIDATION errors on `param` ("The CV file is not a real PDF file").
 */
export function decodeUpload(
  file: { contentType: string; contentBase64: string },
  opts: { param: string; maxBytes: number; what: string },
): Buffer {
  const bytes = Buffer.from(file.contentBase64, 'base64');
  const field = (msg: string, message: string) => new AppError('VALIDATION', message, { fields: [{ param: opts.param, msg }] });
  const kb = `${Math.round(opts.maxBytes / 1024)} KB`;
  if (bytes.length === 0) throw field('is required', `The ${opts.what} is empty`);
  if (bytes.length > opts.maxBytes) throw field(`must be at most ${kb}`, `The ${opts.what} may be at most ${kb}`);
  const magic = MAGIC[file.contentType];
  if (!magic?.bytes.every((b, i) => bytes[i] === b))
    throw field(
      `is not a ${magic?.label ?? file.contentType} file`,
      `The ${opts.what} is not a real ${magic?.label ?? file.contentType} file`,
    );
  return bytes;
}
