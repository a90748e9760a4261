import {
  myPayslipPdf,
  payslipPdf,
  payslipPdfInput,
  payslipPdfPasswordInput,
  payslipPdfPasswordStatus,
  runPayslipsPdf,
  sendPayslips,
  sendPayslipsInput,
  setPayslipPdfPassword,
} from '@hr/core/payroll';
import { jobProcedure } from '../jobs/job.router';
import { JOB_KINDS } from '../jobs/kinds';
import { permissionProcedure, router } from '../trpc/procedures';
import { call, gate, noInput } from '../trpc/crud';
import { payslipPdfPasswordStatusOutput, sendPayslipsOutput, setPayslipPdfPasswordOutput } from '@hr/core/payroll';
import { fileResult, returns } from '../trpc/output';

/**
 * Payslip PDFs and sending payslips by e-mail (issue 5), mounted as `salary.payslip`. PDFs are downloads
 * (`{ fileName, contentType, base64 }`; over REST the bytes). Sending needs a finalised run.
 */
const S = '/v2/h/salary/report';

const view = gate('salary.view');
const personal = gate('personal.access');

export const payslipRouter = router({
  pdf: view.file(`${S}/payslip/{id}/pdf`, 'Payslip PDF', call(payslipPdfInput, payslipPdf, fileResult)),
  runPdf: view.file(`${S}/{id}/pdf`, 'Payslips PDF', call(payslipPdfInput, runPayslipsPdf, fileResult)),
  sendEmail: permissionProcedure('salary.update')
    .meta({ rest: { method: 'POST', path: `${S}/{id}/sendEmail`, message: 'Payslips e-mailed' } })
    .input(sendPayslipsInput)
    .output(returns(sendPayslipsOutput))
    .mutation(({ ctx, input }) => sendPayslips(ctx.svc, ctx.grant, ctx.services.mail, input)),
  /** The same sending as a background job (docs/jobs.md): answers `{ jobId }` at once; job.get follows it. */
  sendEmailJob: jobProcedure(
    'salary.update',
    JOB_KINDS.payslipMail,
    { path: `${S}/{id}/sendEmail/job`, message: 'Payslip e-mails started' },
    sendPayslipsInput,
  ),
  myPdf: personal.file('/v2/h/personal/salary/{id}/pdf', 'My payslip PDF', call(payslipPdfInput, myPayslipPdf, fileResult)),
  /** Whether the caller has set a password for e-mailed payslip PDFs (issue 16 item 8); never the password. */
  myPdfPassword: personal.get(
    '/v2/h/personal/salary/pdfPassword',
    'Payslip PDF password',
    noInput(payslipPdfPasswordStatus, payslipPdfPasswordStatusOutput),
  ),
  /** Sets the caller's own password for e-mailed payslip PDFs (only the employee can). */
  setMyPdfPassword: personal.post(
    '/v2/h/personal/salary/pdfPassword',
    'Payslip PDF password set',
    call(payslipPdfPasswordInput, setPayslipPdfPassword, setPayslipPdfPasswordOutput),
  ),
});
