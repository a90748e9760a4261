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
  /**
   * Protect each PDF with the employee's own payslip PDF password (set under Personal > Salary). Employees
   * without one are skipped, with the reason: a protected send never goes out unprotected.
   */
  protect: z.boolean().default(false),
});

/**
 * The employee's own password for e-mailed payslip PDFs (issue 16 item 8): 8–64 printable ASCII characters
 * (what every PDF reader accepts), taken as typed (not trimmed). The service also refuses what colleagues can
 * read in the app (birth date, NIK, employee number, phone, e-mail name).
 */
export const payslipPdfPasswordInput = z.strictObject({
  password: z
    .string({ error: 'is required' })
    .min(8, 'must be at least 8 characters')
    .max(64, 'must be at most 64 characters')
    .regex(/^[\x20-\x7e]*$/, 'must use printable ASCII letters, digits, spaces or symbols only (what PDF readers accept)'),
});

/** Whether the caller has set a payslip PDF password, and when (the password itself is never returned). */
export interface PayslipPdfPasswordStatus {
  set: boolean;
  updatedAt: string | null;
}

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
