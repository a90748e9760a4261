import { z } from 'zod';
import { id } from '../../shared/zod';

/*
 * Payslip PDFs and payslips by e-mail (issue 5). Browser-safe.
 */

/** A payslip id (salary.payslip.pdf, salary.payslip.myPdf) or a payroll run id (salary.payslip.runPdf). */
export const payslipPdfInput = z.object({ id });

export const sendPayslipsInput = z.strictObject({
  /** The payroll run (finalised). */
  id,
  /** Only these employees of the run (default: every payslip of the run the caller may see). */
  employeeIds: z.array(id).min(1, 'must name at least one employee').max(10_000).optional(),
  /** Send again to employees who were already sent (or queued) this payslip. */
  resend: z.boolean().default(false),
  /** Protect each PDF with the employee's birth date as ddmmyyyy (e.g. 17081990). */
  protect: z.boolean().default(false),
});

export interface PayslipPdfDownload {
  fileName: string;
  contentType: 'application/pdf';
  base64: string;
}

export interface SendPayslipsResult {
  /** Accepted by the SMTP server. */
  sent: number;
  /** Written to the outbox and not sent: no SMTP server is configured (outbox only). */
  queued: number;
  /** Sending failed; the outbox keeps the reason and the message can be retried. */
  failed: number;
  /** Payslips no message was written for, and why. */
  skipped: { employeeId: number; name: string; reason: string }[];
}
