import { z } from 'zod';

/** What a caller may pass for schema `S`: its input type, before defaults and transforms apply. */
export type In<S extends z.ZodType> = z.input<S>;

/**
 * Trimmed, bounded, no control characters, no unpaired UTF-16 surrogates (they are not Unicode text:
 * PostgreSQL refuses them in jsonb, and a text column would store a replacement character instead).
 */
export const text = (max = 200) =>
  z
    .string()
    .trim()
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
    .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, 'must not contain control characters')
    // A refinement, not a second pattern: JSON Schema (OpenAPI, the harness's generators) keeps one pattern.
    .refine((s) => !/\p{Cs}/u.test(s), 'must not contain unpaired surrogates')
    .max(max);

export const requiredText = (max = 200) => text(max).min(1, 'is required');

export const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('must be a valid e-mail address'))
  .transform((s) => s.toLowerCase());

/** A real calendar date, 'yyyy-mm-dd', year 1900–2100. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date yyyy-mm-dd')
  .refine((s) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    const dt = new Date(Date.UTC(y, m - 1, d));
    return y >= 1900 && y <= 2100 && dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
  }, 'must be a real date');

/** A calendar month 'yyyy-mm'. */
export const isoMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month yyyy-mm');

/** A boolean that may also come as text, as query strings and form posts send it: 'true' or '1', 'false' or '0'. */
export const textBool = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

export const id = z.coerce.number().int().positive().max(2_147_483_647);
export const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());

export const pageInput = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
});

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}
