import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError } from './errors';

/**
 * Limits on a user-supplied zip container (XLSX is a zip of XML parts), checked before any parser
 * (ExcelJS/JSZip) sees the bytes. A few hundred KB of deflate can inflate to gigabytes (a
 * "compression bomb": 420 KB → 300 MB took 60 s and 3.9 GB, issue 16 item 9); the parsers inflate
 * everything into memory, so the check must come first.
 *
 * An honest import file of the largest kind we take (5,000 employees × 25 columns) inflates to
 * roughly 8 MiB of XML; the total limit leaves four times that.
 */
export const ZIP_LIMITS = {
  /** Most bytes all entries together may inflate to: 32 MiB. */
  maxInflatedBytes: 32 * 1024 * 1024,
  /** Most entries (parts) in one container. An XLSX has about 10; 1,000 allows images and many sheets. */
  maxEntries: 1000,
} as const;

export type ZipLimits = { maxInflatedBytes: number; maxEntries: number };

const MIB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`);

/** The refusal when a container inflates above the limit (exact text is documented in docs/security.md). */
export function zipTooLargeMessage(limits: ZipLimits = ZIP_LIMITS): string {
  return `The file unpacks to more than ${sizeText(limits.maxInflatedBytes)} (the limit for an uploaded workbook); split it into smaller files`;
}

/** The refusal when a container has too many parts. */
export function zipTooManyEntriesMessage(limits: ZipLimits = ZIP_LIMITS): string {
  return `The file holds more than ${limits.maxEntries} parts (the limit for an uploaded workbook)`;
}

const UNREADABLE = 'The file is not a readable XLSX workbook';

const refuse = (field: string, message: string, cause?: unknown) =>
  new AppError('VALIDATION', message, {
    fields: [{ param: field, msg: message.charAt(0).toLowerCase() + message.slice(1) }],
    ...(cause === undefined ? {} : { cause }),
  });

interface EntryInfo {
  entry: yauzl.Entry;
  declared: number;
}

/** All entries of the central directory (no data is inflated). */
function listEntries(zip: yauzl.ZipFile, onEntry: (e: yauzl.Entry) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      try {
        onEntry(e);
        zip.readEntry();
      } catch (err) {
        reject(err);
      }
    });
    zip.on('end', () => resolve());
    zip.on('error', (err: unknown) => reject(err));
    zip.readEntry();
  });
}

/** Reads `stream` to its end, counting bytes; stops (destroying it) once `budget` is passed. */
function drain(stream: Readable, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let n = 0;
    stream.on('data', (chunk: Buffer) => {
      n += chunk.length;
      if (n > budget) {
        stream.destroy();
        resolve(n);
      }
    });
    stream.on('end', () => resolve(n));
    stream.on('error', reject);
  });
}

/**
 * Refuses (AppError VALIDATION naming `field`, REST GL0001) a zip container that would inflate
 * above `limits`, before it is parsed:
 *
 * 1. the central directory is read without inflating anything: more than `maxEntries` entries, or
 *    declared uncompressed sizes adding up to more than `maxInflatedBytes`, is refused at once;
 * 2. each entry is then inflated as a stream and its bytes discarded: an entry producing more bytes
 *    than its header declared (a lying header) is stopped there and refused, so at most
 *    `maxInflatedBytes` are ever inflated, in pieces, without holding them in memory.
 *
 * Bytes that are not a zip at all, encrypted or in an unsupported compression, are refused with
 * `unreadable` (default "The file is not a readable XLSX workbook").
 */
export async function assertZipWithinLimits(
  bytes: Buffer | Uint8Array,
  field: string,
  limits: ZipLimits = ZIP_LIMITS,
  unreadable = UNREADABLE,
): Promise<void> {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: EntryInfo[] = [];
  let declaredTotal = 0;
  const open = async () => {
    try {
      return await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, autoClose: false });
    } catch (e) {
      throw refuse(field, unreadable, e);
    }
  };

  const zip = await open();
  try {
    if (zip.entryCount > limits.maxEntries) throw refuse(field, zipTooManyEntriesMessage(limits));
    await listEntries(zip, (entry) => {
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > limits.maxInflatedBytes) throw refuse(field, zipTooLargeMessage(limits));
      if (!entry.fileName.endsWith('/')) entries.push({ entry, declared: entry.uncompressedSize });
    }).catch((e: unknown) => {
      throw e instanceof AppError ? e : refuse(field, unreadable, e);
    });

    // Pass 2: the real inflated sizes. yauzl stops a stream that passes its declared size.
    let inflated = 0;
    for (const { entry, declared } of entries) {
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch (e) {
        throw refuse(field, unreadable, e);
      }
      let n: number;
      try {
        n = await drain(stream, Math.min(declared, limits.maxInflatedBytes - inflated));
      } catch (e) {
        // "too many bytes in the stream": the header understated the entry's size.
        if (e instanceof Error && /too many bytes/.test(e.message)) throw refuse(field, zipTooLargeMessage(limits), e);
        throw refuse(field, unreadable, e);
      }
      inflated += n;
      if (inflated > limits.maxInflatedBytes) throw refuse(field, zipTooLargeMessage(limits));
    }
  } finally {
    zip.close();
  }
}
