import { z } from 'zod';
import type { FileDownload } from '../shared/outputs';
import { rupiah } from '../reference/schema';
import { id, isoDate, pageInput, requiredText, text } from '../shared/zod';

/**
 * Purchase of goods (issue 7; spec §2 /purchaseOfGood, /purchaseOfGood/invoice/{id}/detail,
 * /purchaseOfGood/template; §7 "purchaseOfGood"). Employees buy company goods on credit: an
 * invoice per employee with lines, a total and an instalment plan deducted through payroll.
 * Browser-safe: the web forms validate with these schemas.
 *
 * Money is integer rupiah carried as digit strings (never a JS float). Periods are 'yyyy-mm'.
 */

/** Invoice status: outstanding instalments, every instalment paid, or cancelled (only before any payment). */
export const POG_INVOICE_STATUSES = ['active', 'paid', 'cancelled'] as const;
export type PogInvoiceStatus = (typeof POG_INVOICE_STATUSES)[number];
export const POG_INVOICE_STATUS_LABELS: Record<PogInvoiceStatus, string> = {
  active: 'Active',
  paid: 'Paid off',
  cancelled: 'Cancelled',
};

export const POG_PAYMENT_SOURCES = ['payroll', 'manual'] as const;
export type PogPaymentSource = (typeof POG_PAYMENT_SOURCES)[number];
export const POG_PAYMENT_SOURCE_LABELS: Record<PogPaymentSource, string> = {
  payroll: 'Payroll deduction',
  manual: 'Manual payment',
};

/** An instalment plan runs 1 to 60 months. */
export const POG_MAX_MONTHS = 60;
/** At most this many lines per invoice (form and import). */
export const POG_MAX_LINES = 100;
/** At most this many data rows per imported template. */
export const POG_MAX_IMPORT_ROWS = 2000;
/** The filled template travels as base64 in a JSON body (the API takes at most 1 MB per request). */
export const POG_MAX_IMPORT_BYTES = 700 * 1024;

/** A payroll period: a month 'yyyy-mm'. */
export const pogPeriod = z.string().regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/, 'must be a month yyyy-mm');

const quantity = z.coerce
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100_000, 'must be at most 100000');

export const pogMonths = z.coerce
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(POG_MAX_MONTHS, `must be at most ${POG_MAX_MONTHS}`);

// ---------------------------------------------------------------------------------------------
// Lookups: types (of invoice) and categories (of goods)

export const POG_LOOKUPS = ['type', 'category'] as const;
export type PogLookupKind = (typeof POG_LOOKUPS)[number];

export const pogLookupCreateInput = z.object({ name: requiredText(80) });
export const pogLookupUpdateInput = z.object({ id, name: requiredText(80) });
export const pogLookupIdInput = z.object({ id });

export interface PogLookupRow {
  id: number;
  name: string;
  /** Invoices (types) or invoice lines (categories) using it; a used entry cannot be deleted. */
  used: number;
}

// ---------------------------------------------------------------------------------------------
// Invoices

export const pogLineInput = z.object({
  goods: requiredText(200),
  categoryId: id,
  quantity,
  /** Rupiah per unit. */
  unitPrice: rupiah,
});

/** Largest total an invoice may reach (15 digits of rupiah). */
const MAX_TOTAL = 999_999_999_999_999n;

export const createPogInvoiceInput = z
  .object({
    employeeId: id,
    typeId: id,
    /** Left empty, the number is generated (POG-000001). */
    invoiceNumber: text(40).optional(),
    invoiceDate: isoDate,
    months: pogMonths,
    /** First instalment's payroll period. */
    startPeriod: pogPeriod,
    note: text(500).optional(),
    lines: z.array(pogLineInput).min(1, 'add at least one line').max(POG_MAX_LINES, `at most ${POG_MAX_LINES} lines`),
  })
  .superRefine((v, ctx) => {
    // zod runs refinements on values that failed a field check too: only whole numbers are summed.
    if (
      !Array.isArray(v.lines) ||
      !v.lines.every((l) => l && Number.isInteger(l.quantity) && /^\d{1,15}$/.test(String(l.unitPrice)))
    )
      return;
    if (!Number.isInteger(v.months)) return;
    let total = 0n;
    for (const l of v.lines) total += BigInt(l.quantity) * BigInt(l.unitPrice);
    if (total === 0n) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'the total must be more than 0' });
    else if (total > MAX_TOTAL) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'the total is too large' });
    else if (total < BigInt(v.months))
      ctx.addIssue({ code: 'custom', path: ['months'], message: 'must not exceed the total in rupiah' });
  });

export const listPogInvoicesInput = pageInput
  .extend({
    search: text(100).optional(),
    status: z.enum(POG_INVOICE_STATUSES).optional(),
    typeId: id.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  });

export const pogInvoiceIdInput = z.object({ id });

export const payPogInstalmentInput = z.object({
  id,
  instalmentId: id,
  paidOn: isoDate,
  note: text(500).optional(),
});

export const cancelPogInvoiceInput = z.object({ id, note: text(500).optional() });

export interface PogInvoiceRow {
  id: number;
  invoiceNumber: string;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  companyOffice: string;
  typeId: number;
  typeName: string;
  invoiceDate: string;
  /** Rupiah. */
  total: string;
  months: number;
  startPeriod: string;
  status: PogInvoiceStatus;
  statusLabel: string;
  /** Paid so far, rupiah. */
  paid: string;
  /** total − paid, rupiah (0 once cancelled). */
  outstanding: string;
  /** Period of the oldest unpaid instalment (null when none). */
  nextPeriod: string | null;
}

export interface PogInvoiceLine {
  lineNo: number;
  goods: string;
  categoryId: number;
  categoryName: string;
  quantity: number;
  unitPrice: string;
  amount: string;
}

export interface PogInstalment {
  id: number;
  seq: number;
  period: string;
  amount: string;
  paid: boolean;
  paidOn: string | null;
  source: PogPaymentSource | null;
}

export interface PogPayment {
  id: number;
  instalmentSeq: number;
  instalmentPeriod: string;
  amount: string;
  source: PogPaymentSource;
  sourceLabel: string;
  /** The payroll period that deducted it (payroll payments). */
  payrollPeriod: string | null;
  paidOn: string;
  note: string | null;
  actor: string | null;
  createdAt: Date;
}

export interface PogInvoiceDetail extends PogInvoiceRow {
  note: string | null;
  createdAt: Date;
  cancelledAt: Date | null;
  cancelNote: string | null;
  lines: PogInvoiceLine[];
  instalments: PogInstalment[];
  payments: PogPayment[];
  /** What the caller may do now (the server checks again). */
  can: { pay: boolean; cancel: boolean };
}

/** Buyers an invoice may be written for: employees in the caller's scope, by name or number. */
export const pogEmployeesInput = z.object({ search: text(100).optional() });

export interface PogEmployeeOption {
  id: number;
  employeeNumber: string;
  name: string;
}

// ---------------------------------------------------------------------------------------------
// Payroll deductions

export const pogDeductionsInput = z.object({ period: pogPeriod, employeeIds: z.array(id).max(10_000).optional() });

export interface PogDeductionInstalment {
  invoiceId: number;
  invoiceNumber: string;
  instalmentId: number;
  seq: number;
  period: string;
  amount: string;
}

/** What payroll deducts from one employee in a period. */
export interface PogDeduction {
  employeeId: number;
  /** Rupiah. */
  amount: string;
  /** True when the period was recorded already (the amount is what was booked). */
  posted: boolean;
  instalments: PogDeductionInstalment[];
}

export interface PogDeductionRow extends PogDeduction {
  employeeNumber: string;
  employeeName: string;
}

export interface PogPaymentsResult {
  /** Employees whose deductions were recorded now. */
  posted: number;
  /** Rows skipped: recorded for this period already, not an employee, or not a positive amount. */
  skipped: number;
  /** Instalments marked paid. */
  instalmentsPaid: number;
  /** Deducted amounts that no whole due instalment could take, per employee (rupiah). */
  unapplied: { employeeId: number; amount: string }[];
}

// ---------------------------------------------------------------------------------------------
// XLSX template and import

/** Template columns, in order (row 1 of sheet "Invoices" holds these headers). */
export const POG_TEMPLATE_COLUMNS = [
  'Invoice No.',
  'Employee No.',
  'Invoice Date',
  'Type',
  'Category',
  'Goods',
  'Quantity',
  'Unit Price',
  'Months',
  'Start Period',
  'Note',
] as const;
export type PogTemplateColumn = (typeof POG_TEMPLATE_COLUMNS)[number];

export const importPogInput = z.object({
  /** The filled template (.xlsx), base64. */
  contentBase64: z
    .string()
    .min(1, 'choose a file')
    .max(Math.ceil(POG_MAX_IMPORT_BYTES / 3) * 4 + 4, 'must be at most 700 KB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
  /** Validate only (default): report every row error and import nothing. */
  dryRun: z.boolean().default(true),
});

export interface PogImportError {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  column: PogTemplateColumn | '';
  message: string;
}

export interface PogImportInvoice {
  invoiceNumber: string;
  employeeNumber: string;
  employeeName: string;
  typeName: string;
  invoiceDate: string;
  lines: number;
  total: string;
  months: number;
  startPeriod: string;
}

export interface PogImportReport {
  dryRun: boolean;
  /** Data rows read (empty rows ignored). */
  rows: number;
  invoices: PogImportInvoice[];
  errors: PogImportError[];
  /** True when the invoices were written (never with errors, never on a dry run). */
  imported: boolean;
  invoiceIds: number[];
}

export type PogFileDownload = FileDownload;
