import { z } from 'zod';
import type { FileDownload } from '../shared/outputs';
import { id, isoDate, optionalId, pageInput, requiredText, text } from '../shared/zod';

/** Document types a regulation may be: PDF, Word, images. */
export const REGULATION_FILE_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/jpeg',
  'image/png',
] as const;
/** 700 KiB: the file travels base64 inside a JSON body, which the API caps at 1 MiB. */
export const REGULATION_MAX_FILE_BYTES = 700 * 1024;

const optionalText = (max: number) => z.preprocess((v) => (v === '' || v === null ? undefined : v), text(max).optional());

export const regulationFileInput = z.object({
  fileName: requiredText(150),
  mime: z.enum(REGULATION_FILE_TYPES, { message: 'must be a PDF, Word, JPG or PNG file' }),
  /** The document's bytes, base64 (the API takes JSON bodies only). */
  contentBase64: z
    .string()
    .min(4, 'is required')
    .max(Math.ceil(REGULATION_MAX_FILE_BYTES / 3) * 4 + 4, 'must be at most 700 KB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});

export const createRegulationInput = z.object({
  title: requiredText(200),
  description: optionalText(2000),
  effectiveDate: isoDate,
  /** Empty: applies to every office. */
  companyOfficeId: optionalId,
  file: regulationFileInput,
});

export const updateRegulationInput = z.object({
  id,
  title: requiredText(200).optional(),
  description: optionalText(2000),
  effectiveDate: isoDate.optional(),
  companyOfficeId: z.preprocess((v) => (v === '' ? null : v), id.nullable().optional()),
  /** A new document replaces the old one; absent keeps it. */
  file: regulationFileInput.optional(),
});

export const regulationIdInput = z.object({ id });

export const listRegulationsInput = pageInput.extend({
  search: optionalText(100),
  companyOfficeId: optionalId,
});

export const latestRegulationsInput = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

export interface RegulationRow {
  id: number;
  title: string;
  description: string | null;
  effectiveDate: string;
  companyOfficeId: number | null;
  /** "All offices" when the regulation applies everywhere. */
  companyOfficeName: string;
  fileName: string;
  mime: string;
  size: number;
  createdAt: string;
  updatedAt: string;
}

export type RegulationDownload = FileDownload;
