import { z } from 'zod';
import { isoDate, text } from '../shared/zod';
import { LEGAL_KEY_NAMES, LEGAL_KEYS, type LegalKey } from './catalogue';

// Input schemas of the legal table (Salary → Legal tables; REST /v2/h/salary/legalTable…). Browser-safe: zod and the
// pure catalogue only (other modules and the web app import this file, `@hr/core/browser` re-exports it).

export {
  BUILT_IN_LEGAL_ROWS,
  builtInLegalValues,
  builtInRowsOf,
  LEGAL_KEY_NAMES,
  LEGAL_KEYS,
  type LegalKey,
  type LegalKeyInfo,
  type LegalRow,
  type LegalUnit,
  type LegalValue,
  type LegalValues,
  legalValueOn,
  resolveLegalValues,
} from './catalogue';

const keyEnum = z.enum(LEGAL_KEY_NAMES as [LegalKey, ...LegalKey[]], {
  error: `must be one of ${LEGAL_KEY_NAMES.join(', ')}`,
});
/** A region slug ("dki-jakarta", "kota-surabaya"): lower-case words joined by "-". */
const region = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .trim()
    .max(60, 'must be at most 60 characters')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by "-" (e.g. kota-surabaya)')
    .nullable()
    .optional(),
);
const optionalDate = z.preprocess((v) => (v === '' ? null : v), isoDate.nullable().optional());
/** A decimal number as text, at most 6 decimals (the column is numeric(20, 6)). */
const decimalText = z
  .union([z.string(), z.number()], { error: 'must be a number' })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,14}(\.\d{1,6})?$/, 'must be a number ≥ 0 with at most 6 decimals'));

/** Exact comparison of two non-negative decimal texts (no float): -1, 0 or 1. */
export function compareDecimalText(a: string, b: string): number {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  const ia = ai.replace(/^0+(?=\d)/, '');
  const ib = bi.replace(/^0+(?=\d)/, '');
  if (ia.length !== ib.length) return ia.length < ib.length ? -1 : 1;
  const w = Math.max(af.length, bf.length);
  const x = ia + af.padEnd(w, '0');
  const y = ib + bf.padEnd(w, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

export const listLegalValuesInput = z.strictObject({
  key: keyEnum.optional(),
  region: region,
});

/**
 * A new dated value. The value must be in the key's range (whole rupiah for amounts); a regional key needs a
 * region and others refuse one; a source (the regulation) is required. `correcting` allows a valid-from before
 * the latest row of the same key and region (a correction of history).
 */
export const addLegalValueInput = z
  .strictObject({
    key: keyEnum,
    region,
    value: decimalText,
    validFrom: isoDate,
    validTo: optionalDate,
    source: text(500).min(3, 'is required: cite the regulation (e.g. "PP 45/2015 Pasal 29; BPJS TK letter …")'),
    note: z.preprocess((v) => (v === '' ? null : v), text(500).nullable().optional()),
    correcting: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const info = LEGAL_KEYS[v.key];
    if (info.regional && !v.region) ctx.addIssue({ code: 'custom', path: ['region'], message: `is required for ${v.key}` });
    if (!info.regional && v.region)
      ctx.addIssue({ code: 'custom', path: ['region'], message: `must be empty: ${v.key} is not regional` });
    if (compareDecimalText(v.value, info.min) < 0 || compareDecimalText(v.value, info.max) > 0)
      ctx.addIssue({ code: 'custom', path: ['value'], message: `must be from ${info.min} to ${info.max} (${info.unit})` });
    else if (info.unit === 'rupiah' && v.value.includes('.') && !/\.0*$/.test(v.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be whole rupiah' });
    if (v.validTo && v.validTo < v.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'must not be before validFrom' });
  });
export type AddLegalValueInput = z.input<typeof addLegalValueInput>;

export const legalValueIdInput = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
