// Payslip PDFs and payslips by e-mail (issue 5).
export { renderPayslipsPdf } from './payslip-pdf';
export * from './schema';
export {
  myPayslipPdf,
  payslipPdf,
  payslipPdfPasswordStatus,
  runPayslipsPdf,
  sendPayslips,
  setPayslipPdfPassword,
} from './service';
export * from './outputs';
