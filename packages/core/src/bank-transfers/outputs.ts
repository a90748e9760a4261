/*
 * Output schemas of the bank transfer procedures (issue 17 convention): what the services return, field for
 * field, checked by the server's `returns()` (it never strips a field) and published in the OpenAPI document.
 */
import { z } from 'zod';
import { BANK_PROBLEMS, BANK_TEMPLATE_FORMATS, BANK_TRANSFER_STATUSES, bankTemplateDefinition } from './schema';

const templateShape = z.object({
  code: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
  bankCode: z.string().nullable(),
  format: z.enum(BANK_TEMPLATE_FORMATS),
  definition: bankTemplateDefinition,
});
const lineShape = z.object({
  employeeId: z.number(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  net: z.string(),
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  status: z.enum(BANK_TRANSFER_STATUSES),
  problems: z.array(z.object({ code: z.enum(BANK_PROBLEMS), message: z.string() })),
});
const leftOutShape = z.object({
  employeeId: z.number(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  net: z.string(),
  reason: z.string(),
});
const exportShape = z.object({
  id: z.number(),
  runId: z.number(),
  templateCode: z.string(),
  templateName: z.string(),
  fileName: z.string(),
  effectiveDate: z.string(),
  rowCount: z.number(),
  total: z.string(),
  runNet: z.string(),
  excludedCount: z.number(),
  excludedTotal: z.string(),
  excluded: z.array(leftOutShape),
  zeroNet: z.array(leftOutShape),
  checksum: z.string().nullable(),
  sha256: z.string(),
  createdBy: z.number().nullable(),
  createdAt: z.date(),
});

export const listBankTemplatesOutput = z.array(templateShape);
export const bankTemplateOutput = templateShape;
export const deleteBankTemplateOutput = z.object({ code: z.string() });
export const bankTransferPreviewOutput = z.object({
  runId: z.number(),
  period: z.string(),
  template: z.object({ code: z.string(), name: z.string() }),
  runNet: z.string(),
  employees: z.number(),
  payCount: z.number(),
  payTotal: z.string(),
  problemCount: z.number(),
  problemTotal: z.string(),
  excludedCount: z.number(),
  excludedTotal: z.string(),
  zeroNetCount: z.number(),
  canExport: z.boolean(),
  lines: z.array(lineShape),
});
export const bankTransferExportOutput = exportShape.extend({ contentType: z.string(), base64: z.string() });
export const listBankTransferExportsOutput = z.array(exportShape);
