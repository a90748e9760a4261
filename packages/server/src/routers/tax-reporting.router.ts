import {
  discardTaxReport,
  downloadTaxReport,
  exportTaxReport,
  getTaxIdentity,
  listTaxReports,
  listTaxReportsOutput,
  markTaxReportFiled,
  previewTaxReport,
  saveTaxIdentity,
  saveTaxIdentityInput,
  taxIdentityOutput,
  taxReportExportInput,
  taxReportExportRowOutput,
  taxReportFileOutput,
  taxReportIdInput,
  taxReportListInput,
  taxReportMarkFiledInput,
  taxReportPreviewInput,
  taxReportPreviewOutput,
} from '@hr/core/tax-reporting';
import { permissionProcedure, router } from '../trpc/procedures';
import { returns } from '../trpc/output';

/*
 * Coretax e-Bupot PPh 21 (issue 18 §1; docs/coretax.md): /v2/h/salary/taxReport…. Reading needs salary.view, the
 * company tax identity is a payroll setting (salary.setting), exporting and filing need salary.update. Files
 * need company-wide data scope (checked in core); the preview is data-scoped.
 */
const T = '/v2/h/salary/taxReport';
const view = () => permissionProcedure('salary.view');
const update = () => permissionProcedure('salary.update');

export const taxReportRouter = router({
  identity: view()
    .meta({ rest: { method: 'GET', path: `${T}/identity`, message: 'Company tax identity' } })
    .output(returns(taxIdentityOutput))
    .query(({ ctx }) => getTaxIdentity(ctx.svc, ctx.grant)),
  saveIdentity: permissionProcedure('salary.setting')
    .meta({ rest: { method: 'POST', path: `${T}/identity`, message: 'Company tax identity saved' } })
    .input(saveTaxIdentityInput)
    .output(returns(taxIdentityOutput))
    .mutation(({ ctx, input }) => saveTaxIdentity(ctx.svc, ctx.grant, input)),
  preview: view()
    .meta({ rest: { method: 'GET', path: `${T}/preview`, message: 'Tax report preview' } })
    .input(taxReportPreviewInput)
    .output(returns(taxReportPreviewOutput))
    .query(({ ctx, input }) => previewTaxReport(ctx.svc, ctx.grant, input)),
  export: update()
    .meta({ rest: { method: 'POST', path: `${T}/export`, message: 'Tax report exported', download: true } })
    .input(taxReportExportInput)
    .output(returns(taxReportFileOutput))
    .mutation(({ ctx, input }) => exportTaxReport(ctx.svc, ctx.grant, input)),
  list: view()
    .meta({ rest: { method: 'GET', path: T, message: 'Tax report exports', results: true } })
    .input(taxReportListInput)
    .output(returns(listTaxReportsOutput))
    .query(({ ctx, input }) => listTaxReports(ctx.svc, ctx.grant, input)),
  download: view()
    .meta({ rest: { method: 'GET', path: `${T}/{id}/download`, message: 'Tax report download', download: true } })
    .input(taxReportIdInput)
    .output(returns(taxReportFileOutput))
    .query(({ ctx, input }) => downloadTaxReport(ctx.svc, ctx.grant, input)),
  markFiled: update()
    .meta({ rest: { method: 'POST', path: `${T}/{id}/file`, message: 'Tax report marked filed' } })
    .input(taxReportMarkFiledInput)
    .output(returns(taxReportExportRowOutput))
    .mutation(({ ctx, input }) => markTaxReportFiled(ctx.svc, ctx.grant, input)),
  discard: update()
    .meta({ rest: { method: 'POST', path: `${T}/{id}/discard`, message: 'Tax report discarded' } })
    .input(taxReportIdInput)
    .output(returns(taxReportExportRowOutput))
    .mutation(({ ctx, input }) => discardTaxReport(ctx.svc, ctx.grant, input)),
});
