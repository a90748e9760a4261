import { z } from 'zod';
import { id, optionalId, pageInput, requiredText } from '../shared/zod';

/*
 * Coretax e-Bupot PPh 21 export (issue 18 §1; docs/coretax.md): input schemas and the identity-number rules.
 * Browser-safe (no database, no Node-only imports): the web screen validates with the same rules.
 */

/** The three e-Bupot files (PER-11/PJ/2025): monthly permanent staff (TER), non-permanent, annual 1721-A1. */
export const TAX_REPORT_KINDS = ['bpmp', 'bp21', 'bpa1'] as const;
export type TaxReportKind = (typeof TAX_REPORT_KINDS)[number];
export const TAX_REPORT_KIND_LABELS: Record<TaxReportKind, string> = {
  bpmp: 'BPMP (monthly, permanent employees, TER)',
  bp21: 'BP21 (non-permanent and daily workers)',
  bpa1: 'BPA1 (1721-A1, last tax period of the year)',
};
export const TAX_REPORT_STATUSES = ['exported', 'filed', 'discarded'] as const;
export type TaxReportStatus = (typeof TAX_REPORT_STATUSES)[number];

/** Separators people type in an NPWP/NIK ("01.234.567.8-901.000", spaces) are dropped before checking. */
export const taxDigits = (s: string): string => s.replace(/[\s.\-/]/g, '');

/**
 * A well-formed NIK (Nomor Induk Kependudukan, UU 24/2013 Pasal 13; layout of Permendagri 7/2019 on NIK):
 * 16 digits = province (11–94) + regency + district (2 digits each), birth date ddmmyy (women: day + 40),
 * and a 4-digit serial that is not 0000. Returns the problem in words, or null when well-formed.
 */
export function nikProblem(raw: string | null | undefined): string | null {
  const s = taxDigits(raw ?? '');
  if (s === '') return 'has no NIK';
  if (!/^\d{16}$/.test(s)) return 'NIK must be 16 digits';
  const province = Number(s.slice(0, 2));
  const day = Number(s.slice(6, 8));
  const month = Number(s.slice(8, 10));
  if (province < 11 || province > 94) return 'NIK does not start with a province code (11–94)';
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71)) || month < 1 || month > 12)
    return 'NIK has no valid birth date (digits 7–12, ddmmyy)';
  if (s.endsWith('0000')) return 'NIK has no serial number (last 4 digits 0000)';
  return null;
}

/**
 * An NPWP as Coretax takes it (PMK 112/2022 Pasal 2: 16 digits; a 15-digit NPWP of the old format is the same
 * number with a leading 0). Returns the 16 digits, or null when it is not an NPWP.
 */
export function npwp16(raw: string | null | undefined): string | null {
  const s = taxDigits(raw ?? '');
  if (/^\d{16}$/.test(s) && !/^0+$/.test(s)) return s;
  if (/^\d{15}$/.test(s) && !/^0+$/.test(s)) return `0${s}`;
  return null;
}

const npwpField = z
  .string({ message: 'is required' })
  .transform(taxDigits)
  .refine((s) => /^\d{16}$/.test(s), 'must be 16 digits')
  .refine((s) => !/^0+$/.test(s), 'must not be all zeros');

const nitkuField = z
  .string({ message: 'is required' })
  .transform(taxDigits)
  .refine((s) => /^\d{22}$/.test(s), 'must be 22 digits (the NPWP and a 6-digit branch code)');

/** salary/taxReport/identity (save): the company NPWP and the NITKU of each office that has one. */
export const saveTaxIdentityInput = z
  .strictObject({
    npwp: npwpField,
    offices: z
      .array(z.strictObject({ companyOfficeId: id, nitku: nitkuField }), { message: 'must be a list' })
      .max(500, 'must be at most 500 offices')
      .default([]),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    const offices = new Set<number>();
    v.offices.forEach((o, i) => {
      // PER-11/PJ/2025: an NITKU is the taxpayer's NPWP followed by the place of business' 6-digit code.
      if (!o.nitku.startsWith(v.npwp))
        ctx.addIssue({ code: 'custom', path: ['offices', i, 'nitku'], message: 'must start with the company NPWP' });
      if (seen.has(o.nitku)) ctx.addIssue({ code: 'custom', path: ['offices', i, 'nitku'], message: 'is used twice' });
      if (offices.has(o.companyOfficeId))
        ctx.addIssue({ code: 'custom', path: ['offices', i, 'companyOfficeId'], message: 'is listed twice' });
      seen.add(o.nitku);
      offices.add(o.companyOfficeId);
    });
  });

/** A tax period (masa pajak): a calendar month 'yyyy-mm'. */
export const taxPeriod = z
  .string({ message: 'must be a month yyyy-mm' })
  .trim()
  .regex(/^(20\d{2})-(0[1-9]|1[0-2])$/, 'must be a month yyyy-mm');

const kind = z.enum(TAX_REPORT_KINDS, { message: 'must be bpmp, bp21 or bpa1' });

/** What one file covers: a period, a kind and one office (none = every office). */
export const taxReportScopeInput = z.strictObject({ period: taxPeriod, kind, companyOfficeId: optionalId });
export const taxReportPreviewInput = taxReportScopeInput;
export const taxReportExportInput = taxReportScopeInput.extend({
  /**
   * false (default): the first export of the period, kind and office. true: a replacement (pembetulan) of the
   * filed ones, carrying only the slips that changed since.
   */
  replacement: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().default(false)),
});
export const taxReportListInput = pageInput.extend({
  period: z.preprocess((v) => (v === '' || v === null ? undefined : v), taxPeriod.optional()),
  kind: z.preprocess((v) => (v === '' || v === null ? undefined : v), kind.optional()),
  companyOfficeId: optionalId,
});
export const taxReportIdInput = z.strictObject({ id });
export const taxReportMarkFiledInput = z.strictObject({
  id,
  /** The reference Coretax gave the upload (nomor bukti potong / upload id). */
  coretaxReference: requiredText(100),
});
