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
import { enqueueJob, JOB_KINDS } from '../jobs/kinds';
import { permissionProcedure, router } from '../trpc/procedures';
import { payslipPdfPasswordStatusOutput, sendPayslipsOutput, setPayslipPdfPasswordOutput } from '@hr/core/payroll';
import { enqueueJobOutput, fileResult, returns } from '../trpc/output';

/**
 * Payslip PDFs and sending payslips by e-mail (issue 5), mounted as `salary.payslip`. PDFs are downloads
 * (`{ fileName, contentType, base64 }`; over REST the bytes). Sending needs a finalised run.
 */
const S = '/v2/h/salary/report';

export const payslipRouter = router({
  pdf: permissionProcedure('salary.view')
    .meta({ rest: { method: 'GET', path: `${S}/payslip/{id}/pdf`, message: 'Payslip PDF', download: true } })
    .input(payslipPdfInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => payslipPdf(ctx.svc, ctx.grant, input)),
  runPdf: permissionProcedure('salary.view')
    .meta({ rest: { method: 'GET', path: `${S}/{id}/pdf`, message: 'Payslips PDF', download: true } })
    .input(payslipPdfInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => runPayslipsPdf(ctx.svc, ctx.grant, input)),
  sendEmail: permissionProcedure('salary.update')
    .meta({ rest: { method: 'POST', path: `${S}/{id}/sendEmail`, message: 'Payslips e-mailed' } })
    .input(sendPayslipsInput)
    .output(returns(sendPayslipsOutput))
    .mutation(({ ctx, input }) => sendPayslips(ctx.svc, ctx.grant, ctx.services.mail, input)),
  /** The same sending as a background job (docs/jobs.md): answers `{ jobId }` at once; job.get follows it. */
  sendEmailJob: permissionProcedure('salary.update')
    .meta({ rest: { method: 'POST', path: `${S}/{id}/sendEmail/job`, message: 'Payslip e-mails started' } })
    .input(sendPayslipsInput)
    .output(returns(enqueueJobOutput))
    .mutation(({ ctx, input }) => enqueueJob(ctx.services, JOB_KINDS.payslipMail, input, ctx.actor)),
  myPdf: permissionProcedure('personal.access')
    .meta({ rest: { method: 'GET', path: '/v2/h/personal/salary/{id}/pdf', message: 'My payslip PDF', download: true } })
    .input(payslipPdfInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => myPayslipPdf(ctx.svc, ctx.grant, input)),
  /** Whether the caller has set a password for e-mailed payslip PDFs (issue 16 item 8); never the password. */
  myPdfPassword: permissionProcedure('personal.access')
    .meta({ rest: { method: 'GET', path: '/v2/h/personal/salary/pdfPassword', message: 'Payslip PDF password' } })
    .output(returns(payslipPdfPasswordStatusOutput))
    .query(({ ctx }) => payslipPdfPasswordStatus(ctx.svc, ctx.grant)),
  /** Sets the caller's own password for e-mailed payslip PDFs (only the employee can). */
  setMyPdfPassword: permissionProcedure('personal.access')
    .meta({ rest: { method: 'POST', path: '/v2/h/personal/salary/pdfPassword', message: 'Payslip PDF password set' } })
    .input(payslipPdfPasswordInput)
    .output(returns(setPayslipPdfPasswordOutput))
    .mutation(({ ctx, input }) => setPayslipPdfPassword(ctx.svc, ctx.grant, input)),
});
