import { z } from 'zod';
import { id, isoDate, requiredText, text } from '../shared/zod';

/*
 * Bank salary transfer files (issue 18 §2; docs/bank-files.md). A template is data: this schema says what a
 * template may contain, and an admin's template is checked by it before it is stored or used. Browser-safe.
 * Money is integer rupiah carried as a string of digits.
 */

export const BANK_TEMPLATE_FORMATS = ['csv', 'fixed-width'] as const;
export const BANK_TEMPLATE_CHECKSUMS = ['none', 'sum-of-amounts', 'sum-of-account-numbers', 'md5'] as const;
export const BANK_AMOUNT_FORMATS = ['integer', 'decimal2'] as const;

/** What a detail column can carry: one value of the payslip's transfer. */
export const BANK_ROW_FIELDS = [
  'sequence',
  'accountNumber',
  'accountName',
  'amount',
  'currency',
  'bankCode',
  'bankName',
  'employeeNumber',
  'employeeName',
  'email',
  'remark',
] as const;
export type BankRowField = (typeof BANK_ROW_FIELDS)[number];

/** Placeholders of the file as a whole: header and trailer cells, the file name, the remark. */
export const BANK_FILE_PLACEHOLDERS = [
  'count',
  'total',
  'date',
  'companyCode',
  'companyAccount',
  'period',
  'runId',
  'checksum',
  'template',
] as const;

/** Detail fields whose value is cut to the column's width in a fixed-width file; any other overflow refuses the export. */
export const BANK_TRUNCATED_FIELDS: readonly BankRowField[] = ['accountName', 'employeeName', 'bankName', 'email', 'remark'];

const PLACEHOLDER = /\{([A-Za-z]+)(?::([^{}]*))?\}/g;
/** Date tokens: yyyy, yy, MM, dd; anything else must be a separator (space . / - _). */
const DATE_FORMAT = /^(yyyy|yy|MM|dd|[ ./_-])+$/;
const dateFormat = z.string().regex(DATE_FORMAT, 'must use yyyy, yy, MM, dd and the separators . / - _ or space');

/** The placeholders of a text that are not in `allowed`, or a bad date format (messages for the user). */
export function placeholderProblems(value: string, allowed: readonly string[]): string[] {
  const out: string[] = [];
  for (const m of value.matchAll(PLACEHOLDER)) {
    const [whole, name, arg] = m;
    if (!allowed.includes(name!)) out.push(`unknown placeholder ${whole}; use ${allowed.map((a) => `{${a}}`).join(' ')}`);
    else if (arg !== undefined && (name !== 'date' || !DATE_FORMAT.test(arg)))
      out.push(name === 'date' ? `${whole}: the date format must use yyyy, yy, MM, dd` : `${whole} takes no format`);
  }
  return out;
}

const fill = {
  width: z.coerce.number().int('must be a whole number').min(1, 'must be 1 to 500').max(500, 'must be 1 to 500').optional(),
  align: z.enum(['left', 'right'], { message: 'must be left or right' }).optional(),
  pad: z.string().length(1, 'must be one character').optional(),
};

/** A header or trailer cell: a text with file placeholders, e.g. `{count}` or `{date:ddMMyyyy}`. */
export const bankTemplateCell = z.strictObject({ value: z.string().max(200, 'must be at most 200 characters'), ...fill });

/** A detail column: one field of the transfer, or a constant text (`value`, which may use every placeholder). */
export const bankTemplateColumn = z.strictObject({
  header: z.string().max(60, 'must be at most 60 characters').default(''),
  field: z.enum(BANK_ROW_FIELDS, { message: `must be one of ${BANK_ROW_FIELDS.join(', ')}` }).optional(),
  value: z.string().max(200, 'must be at most 200 characters').optional(),
  ...fill,
});

/**
 * A template (docs/bank-files.md "A template"). Placeholders: {count} {total} {date} {date:FORMAT} {companyCode}
 * {companyAccount} {period} {runId} {checksum} {template}; a detail column's `value` may also name a row field.
 */
export const bankTemplateDefinition = z
  .strictObject({
    format: z.enum(BANK_TEMPLATE_FORMATS, { message: 'must be csv or fixed-width' }),
    /** CSV only. */
    delimiter: z.string().min(1, 'is required').max(3, 'must be at most 3 characters').default(','),
    /** CSV only: a first row with the columns' headers. */
    columnHeaders: z.boolean().default(false),
    columns: z.array(bankTemplateColumn).min(1, 'needs at least one column').max(40, 'must be at most 40 columns'),
    header: z.array(z.array(bankTemplateCell).min(1, 'needs a cell').max(40)).max(5, 'must be at most 5 rows').default([]),
    trailer: z.array(z.array(bankTemplateCell).min(1, 'needs a cell').max(40)).max(5, 'must be at most 5 rows').default([]),
    /** The format of `{date}` (the effective transfer date). */
    dateFormat: dateFormat.default('yyyyMMdd'),
    /** `integer`: 1500000; `decimal2`: 1500000.00 (whole rupiah, so the cents are always 00). */
    amountFormat: z.enum(BANK_AMOUNT_FORMATS, { message: 'must be integer or decimal2' }).default('integer'),
    fileNamePattern: z
      .string()
      .min(1, 'is required')
      .max(120, 'must be at most 120 characters')
      .default('{template}_{period}.csv'),
    checksum: z
      .enum(BANK_TEMPLATE_CHECKSUMS, { message: `must be one of ${BANK_TEMPLATE_CHECKSUMS.join(', ')}` })
      .default('none'),
    lineEnding: z.enum(['crlf', 'lf'], { message: 'must be crlf or lf' }).default('crlf'),
    /** Only accounts at this bank (its 3-digit code, e.g. 014 BCA) can be paid by the file; null = any bank. */
    bankCode: z
      .string()
      .regex(/^\d{3}$/, 'must be a 3-digit bank code')
      .nullable()
      .default(null),
    companyCode: z.string().max(40, 'must be at most 40 characters').default(''),
    companyAccount: z
      .string()
      .regex(/^\d{0,20}$/, 'must be up to 20 digits')
      .default(''),
    /** The `remark` field: file placeholders allowed, e.g. "Gaji {period}". */
    remark: z.string().max(100, 'must be at most 100 characters').default('Gaji {period}'),
  })
  .superRefine((t, ctx) => {
    const fileNames = BANK_FILE_PLACEHOLDERS as readonly string[];
    const rowNames = [...fileNames.filter((n) => n !== 'checksum'), ...BANK_ROW_FIELDS];
    const check = (value: string, allowed: readonly string[], path: (string | number)[]) => {
      for (const message of placeholderProblems(value, allowed)) ctx.addIssue({ code: 'custom', message, path });
    };
    const fixed = t.format === 'fixed-width';
    t.columns.forEach((c, i) => {
      if ((c.field === undefined) === (c.value === undefined))
        ctx.addIssue({ code: 'custom', message: 'needs either a field or a value', path: ['columns', i, 'field'] });
      if (c.value !== undefined) check(c.value, rowNames, ['columns', i, 'value']);
      if (fixed && c.width === undefined)
        ctx.addIssue({ code: 'custom', message: 'is required in a fixed-width file', path: ['columns', i, 'width'] });
    });
    for (const part of ['header', 'trailer'] as const)
      t[part].forEach((row, r) => {
        row.forEach((cell, i) => {
          check(cell.value, fileNames, [part, r, i, 'value']);
          if (fixed && cell.width === undefined)
            ctx.addIssue({ code: 'custom', message: 'is required in a fixed-width file', path: [part, r, i, 'width'] });
        });
      });
    check(t.fileNamePattern, fileNames, ['fileNamePattern']);
    check(
      t.remark,
      fileNames.filter((n) => n !== 'checksum'),
      ['remark'],
    );
    if (!t.columns.some((c) => c.field === 'amount'))
      ctx.addIssue({ code: 'custom', message: 'needs an amount column', path: ['columns'] });
    if (!t.columns.some((c) => c.field === 'accountNumber'))
      ctx.addIssue({ code: 'custom', message: 'needs an accountNumber column', path: ['columns'] });
  });
export type BankTemplateDefinition = z.output<typeof bankTemplateDefinition>;
export type BankTemplateDefinitionInput = z.input<typeof bankTemplateDefinition>;

/** A template's code: capitals, digits, - and _ (2–40); how the CLI and the REST paths name it. */
export const bankTemplateCode = z
  .string({ message: 'is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{1,39}$/, 'must be 2 to 40 letters, digits, - or _');

export const bankTemplateCodeInput = z.object({ code: bankTemplateCode });
export const createBankTemplateInput = z.strictObject({
  code: bankTemplateCode,
  name: requiredText(100),
  definition: bankTemplateDefinition,
});
export const updateBankTemplateInput = createBankTemplateInput;
/** Copies a template (a built-in one too) under a new code, to adjust it. */
export const copyBankTemplateInput = z.strictObject({
  code: bankTemplateCode,
  newCode: bankTemplateCode,
  name: requiredText(100),
});

/** `id` is the payroll run. */
export const bankTransferPreviewInput = z.object({
  id,
  template: bankTemplateCode,
  /** Employees the caller leaves out on purpose (paid another way): listed in the preview and the export. */
  excludeEmployeeIds: z.preprocess(
    // A REST query carries one id, or several comma-separated, as text.
    (v) => (typeof v === 'string' ? v.split(',').filter((x) => x.trim() !== '') : typeof v === 'number' ? [v] : v),
    z.array(id).max(10_000, 'must be at most 10000 employees').default([]),
  ),
});
export const bankTransferExportInput = bankTransferPreviewInput.extend({
  /** The transfer (effective) date written in the file; default: today in the company time zone. */
  effectiveDate: isoDate.optional(),
  /** The company's code at the bank, when the template does not carry it. */
  companyCode: text(40).optional(),
  /** The company's debit account, when the template does not carry it. */
  companyAccount: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'must be up to 20 digits')
    .optional(),
});
/** `id` is the payroll run. */
export const bankTransferExportsInput = z.object({ id });
/** `id` is the export. */
export const bankTransferDownloadInput = z.object({ id });

export interface BankTemplateRow {
  code: string;
  name: string;
  /** Built-in templates are code: they cannot be changed or deleted, only copied. */
  builtIn: boolean;
  /** The bank the file pays to (null: any bank). */
  bankCode: string | null;
  format: (typeof BANK_TEMPLATE_FORMATS)[number];
  definition: BankTemplateDefinition;
}

export const BANK_PROBLEMS = [
  'no-account',
  'no-bank',
  'invalid-account',
  'no-account-name',
  'other-bank',
  'negative-net',
] as const;
export type BankProblemCode = (typeof BANK_PROBLEMS)[number];
export interface BankProblem {
  code: BankProblemCode;
  message: string;
}

/**
 * `pay`: in the file; `problem`: cannot be paid by this file (blocks the export until fixed or excluded);
 * `excluded`: left out by the caller; `zero-net`: nothing to pay, left out and listed.
 */
export const BANK_TRANSFER_STATUSES = ['pay', 'problem', 'excluded', 'zero-net'] as const;
export type BankTransferStatus = (typeof BANK_TRANSFER_STATUSES)[number];

export interface BankTransferLine {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  net: string;
  bankCode: string | null;
  bankName: string | null;
  accountNumber: string | null;
  accountName: string | null;
  status: BankTransferStatus;
  problems: BankProblem[];
}

export interface BankTransferPreview {
  runId: number;
  period: string;
  template: { code: string; name: string };
  /** Σ net pay of the run's payslips. */
  runNet: string;
  employees: number;
  payCount: number;
  /** Σ net of the lines paid by the file = runNet − excludedTotal − problemTotal. */
  payTotal: string;
  problemCount: number;
  problemTotal: string;
  excludedCount: number;
  excludedTotal: string;
  zeroNetCount: number;
  /** True when nothing blocks the export (no problem left that is not excluded). */
  canExport: boolean;
  lines: BankTransferLine[];
}

/** An employee left out of an export, and why. */
export interface BankTransferLeftOut {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  net: string;
  reason: string;
}

export interface BankTransferExportRow {
  id: number;
  runId: number;
  templateCode: string;
  templateName: string;
  fileName: string;
  effectiveDate: string;
  rowCount: number;
  total: string;
  runNet: string;
  excludedCount: number;
  excludedTotal: string;
  excluded: BankTransferLeftOut[];
  zeroNet: BankTransferLeftOut[];
  checksum: string | null;
  sha256: string;
  createdBy: number | null;
  createdAt: Date;
}

export interface BankTransferExportResult extends BankTransferExportRow {
  contentType: string;
  base64: string;
}
