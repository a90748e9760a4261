// Scaffolding: replaced by the payslip PDF / e-mail feature.
export interface PayslipActionsProps {
  /** The payroll run (salary report) id. */
  runId: number;
  /** The run's status: 'draft' | 'finalised' | 'cancelled'. */
  status: string;
}

/** Buttons on the salary report detail: download all payslips as PDF, send payslips by e-mail. */
export function PayslipActions(_props: PayslipActionsProps) {
  return null;
}

/** On the personal salary page: download one of my payslips as PDF. */
export function MyPayslipPdfButton(_props: { payslipId: number }) {
  return null;
}

/** The mail outbox (a tab on /salary/report). */
export function OutboxPanel() {
  return null;
}
