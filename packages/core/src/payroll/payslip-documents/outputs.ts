/*
 * Output schemas of the payroll/payslip-documents procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';

const sendPayslipsResultShape = z.object({
  sent: z.number(),
  queued: z.number(),
  failed: z.number(),
  skipped: z.array(z.object({ employeeId: z.number(), name: z.string(), reason: z.string() })),
});
const payslipPdfPasswordStatusShape = z.object({ set: z.boolean(), updatedAt: z.string().nullable() });

export const sendPayslipsOutput = sendPayslipsResultShape;
export const payslipPdfPasswordStatusOutput = payslipPdfPasswordStatusShape;
export const setPayslipPdfPasswordOutput = payslipPdfPasswordStatusShape;
