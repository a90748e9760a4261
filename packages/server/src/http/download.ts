import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface Download {
  /** The name the browser saves the file as; any path or unsafe character is removed. */
  fileName: string;
  /** The stored file's type; anything that could run in our origin is sent as octet-stream. */
  contentType: string;
  body: Buffer | Uint8Array | string | Readable;
}

/**
 * Types a browser would render or run inside our origin (HTML, SVG with scripts, XML, JavaScript):
 * a user-uploaded file of such a type is served as an opaque download instead.
 */
const ACTIVE_TYPE =
  /^(text\/(html|xml|javascript|ecmascript)|application\/(xhtml\+xml|xml|javascript|ecmascript)|image\/svg\+xml|multipart\/)/i;

const TOKEN_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;\s*charset=[a-z0-9_-]+)?$/i;

/**
 * A file name safe in a Content-Disposition header and on any file system: the last path
 * segment, without control characters, quotes, slashes or other characters Windows refuses,
 * without leading dots (no hidden files, no "..") and at most 150 characters (extension kept).
 */
export function sanitizeFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  let clean = last
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|;]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if ([...clean].length > 150) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
    clean = [...clean.slice(0, clean.length - ext.length)].slice(0, 150 - ext.length).join('') + ext;
  }
  return clean || 'download';
}

/** RFC 5987 value encoding (RFC 8187): percent-encode everything but attr-chars. */
const encodeRfc5987 = (s: string): string =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<name>` (RFC 6266 §4.3): browsers
 * use the UTF-8 form, old clients the ASCII one.
 */
export function contentDisposition(fileName: string): string {
  const name = sanitizeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/**
 * Sends a file as a download that the browser saves and never renders in our origin: attachment
 * disposition with a sanitised name, nosniff, a content type that cannot run as a page, and a
 * sandboxing CSP in case it is opened anyway. Use it for every stored or generated file
 * (uploads, exports, payslips).
 */
export function sendDownload(reply: FastifyReply, file: Download): FastifyReply {
  const type = file.contentType.trim();
  const safeType = TOKEN_TYPE.test(type) && !ACTIVE_TYPE.test(type) ? type : 'application/octet-stream';
  return reply
    .header('content-type', safeType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
