import { router } from '../trpc/procedures';

/** Payslip PDFs and sending payslips by e-mail (issue 5). */
export const payslipRouter = router({});
