/*
 * Output schemas of the purchase-of-goods procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { idOutput, pageOutput } from '../shared/outputs';
import { POG_TEMPLATE_COLUMNS } from './schema';

const pogLookupRowShape = z.object({ id: z.number(), name: z.string(), used: z.number() });
const pogInvoiceRowShape = z.object({
  id: z.number(),
  invoiceNumber: z.string(),
  employeeId: z.number(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  companyOffice: z.string(),
  typeId: z.number(),
  typeName: z.string(),
  invoiceDate: z.string(),
  total: z.string(),
  months: z.number(),
  startPeriod: z.string(),
  status: z.enum(['active', 'paid', 'cancelled']),
  statusLabel: z.string(),
  paid: z.string(),
  outstanding: z.string(),
  nextPeriod: z.string().nullable(),
});
const pogInvoiceLineShape = z.object({
  lineNo: z.number(),
  goods: z.string(),
  categoryId: z.number(),
  categoryName: z.string(),
  quantity: z.number(),
  unitPrice: z.string(),
  amount: z.string(),
});
const pogInstalmentShape = z.object({
  id: z.number(),
  seq: z.number(),
  period: z.string(),
  amount: z.string(),
  paid: z.boolean(),
  paidOn: z.string().nullable(),
  source: z.enum(['payroll', 'manual']).nullable(),
});
const pogPaymentShape = z.object({
  id: z.number(),
  instalmentSeq: z.number(),
  instalmentPeriod: z.string(),
  amount: z.string(),
  source: z.enum(['payroll', 'manual']),
  sourceLabel: z.string(),
  payrollPeriod: z.string().nullable(),
  paidOn: z.string(),
  note: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: z.date(),
});
const pogInvoiceDetailShape = z.object({
  note: z.string().nullable(),
  createdAt: z.date(),
  cancelledAt: z.date().nullable(),
  cancelNote: z.string().nullable(),
  lines: z.array(pogInvoiceLineShape),
  instalments: z.array(pogInstalmentShape),
  payments: z.array(pogPaymentShape),
  can: z.object({ pay: z.boolean(), cancel: z.boolean() }),
  ...pogInvoiceRowShape.shape,
});
const pogEmployeeOptionShape = z.object({ id: z.number(), employeeNumber: z.string(), name: z.string() });
const pogDeductionInstalmentShape = z.object({
  invoiceId: z.number(),
  invoiceNumber: z.string(),
  instalmentId: z.number(),
  seq: z.number(),
  period: z.string(),
  amount: z.string(),
});
const pogDeductionRowShape = z.object({
  employeeNumber: z.string(),
  employeeName: z.string(),
  employeeId: z.number(),
  amount: z.string(),
  posted: z.boolean(),
  instalments: z.array(pogDeductionInstalmentShape),
});
const pogImportInvoiceShape = z.object({
  invoiceNumber: z.string(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  typeName: z.string(),
  invoiceDate: z.string(),
  lines: z.number(),
  total: z.string(),
  months: z.number(),
  startPeriod: z.string(),
});
const pogImportErrorShape = z.object({
  row: z.number(),
  column: z.enum(['', ...POG_TEMPLATE_COLUMNS]),
  message: z.string(),
});
const pogImportReportShape = z.object({
  dryRun: z.boolean(),
  rows: z.number(),
  invoices: z.array(pogImportInvoiceShape),
  errors: z.array(pogImportErrorShape),
  imported: z.boolean(),
  invoiceIds: z.array(z.number()),
});

export const listPogLookupOutput = z.array(pogLookupRowShape);
export const createPogLookupOutput = pogLookupRowShape;
export const updatePogLookupOutput = pogLookupRowShape;
export const deletePogLookupOutput = idOutput;
export const listPogInvoicesOutput = pageOutput(pogInvoiceRowShape);
export const createPogInvoiceOutput = pogInvoiceDetailShape;
export const getPogInvoiceOutput = pogInvoiceDetailShape;
export const payPogInstalmentOutput = pogInvoiceDetailShape;
export const cancelPogInvoiceOutput = pogInvoiceDetailShape;
export const listPogEmployeesOutput = z.array(pogEmployeeOptionShape);
export const listPogDeductionsOutput = z.array(pogDeductionRowShape);
export const importPogInvoicesOutput = pogImportReportShape;
