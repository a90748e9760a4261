import {
  bpjsFileInput,
  bpjsRecapInput,
  bpjsReportInput,
  downloadBpjsKesehatan,
  downloadBpjsKetenagakerjaan,
  downloadBpjsRecap,
  getBpjsRecap,
  getBpjsRecapOutput,
  getBpjsReport,
  getBpjsReportOutput,
} from '@hr/core/bpjs-reports';
import { fileResult, returns } from '../trpc/output';
import { permissionProcedure, router } from '../trpc/procedures';

/*
 * BPJS reports (issue 18 §3; docs/bpjs-reports.md): the e-Dabu upload (BPJS Kesehatan) and the BPJS
 * Ketenagakerjaan wage report of a finalised payroll run, and the monthly recap per programme. Read-only;
 * salary.view like the payroll runs; data-scoped in core (employees outside the caller's scope are in no report).
 */
const B = '/v2/h/salary/bpjsReport';
const view = () => permissionProcedure('salary.view');

export const bpjsReportRouter = router({
  detail: view()
    .meta({ rest: { method: 'GET', path: `${B}/{id}/detail`, message: 'BPJS report of the payroll run' } })
    .input(bpjsReportInput)
    .output(returns(getBpjsReportOutput))
    .query(({ ctx, input }) => getBpjsReport(ctx.svc, ctx.grant, input)),
  kesehatan: view()
    .meta({ rest: { method: 'GET', path: `${B}/{id}/kesehatan`, message: 'BPJS Kesehatan e-Dabu upload', download: true } })
    .input(bpjsFileInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadBpjsKesehatan(ctx.svc, ctx.grant, input)),
  ketenagakerjaan: view()
    .meta({
      rest: { method: 'GET', path: `${B}/{id}/ketenagakerjaan`, message: 'BPJS Ketenagakerjaan wage report', download: true },
    })
    .input(bpjsFileInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadBpjsKetenagakerjaan(ctx.svc, ctx.grant, input)),
  recap: view()
    .meta({ rest: { method: 'GET', path: `${B}/recap`, message: 'BPJS recap' } })
    .input(bpjsRecapInput)
    .output(returns(getBpjsRecapOutput))
    .query(({ ctx, input }) => getBpjsRecap(ctx.svc, ctx.grant, input)),
  recapDownload: view()
    .meta({ rest: { method: 'GET', path: `${B}/recap/download`, message: 'BPJS recap download', download: true } })
    .input(bpjsRecapInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadBpjsRecap(ctx.svc, ctx.grant, input)),
});
