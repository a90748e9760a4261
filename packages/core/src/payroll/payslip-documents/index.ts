// Payslip PDFs and payslips by e-mail (issue 5).
export { payslipPassword, renderPayslipsPdf } from './payslip-pdf';
export * from './schema';
export { myPayslipPdf, payslipPdf, runPayslipsPdf, sendPayslips } from './service';
