import {
  bankTemplateCodeInput,
  bankTemplateOutput,
  bankTransferDownloadInput,
  bankTransferExportInput,
  bankTransferExportOutput,
  bankTransferExportsInput,
  bankTransferPreviewInput,
  bankTransferPreviewOutput,
  copyBankTemplate,
  copyBankTemplateInput,
  createBankTemplate,
  createBankTemplateInput,
  deleteBankTemplate,
  deleteBankTemplateOutput,
  downloadBankTransferExport,
  exportBankTransfer,
  getBankTemplate,
  listBankTemplates,
  listBankTemplatesOutput,
  listBankTransferExports,
  listBankTransferExportsOutput,
  previewBankTransfer,
  updateBankTemplate,
  updateBankTemplateInput,
} from '@hr/core/bank-transfers';
import { fileResult, returns } from '../trpc/output';
import { permissionProcedure, router } from '../trpc/procedures';

/*
 * Bank salary transfer files of a finalised payroll run (issue 18 §2; docs/bank-files.md):
 * /v2/h/salary/bankTransfer… Preview needs salary.view, export and download salary.update (like finalising
 * a run), templates salary.setting; every run-level call also needs company-wide scope (checked in core).
 */
const B = '/v2/h/salary/bankTransfer';
const view = () => permissionProcedure('salary.view');
const update = () => permissionProcedure('salary.update');
const setting = () => permissionProcedure('salary.setting');

export const bankTransferRouter = router({
  templates: view()
    .meta({ rest: { method: 'GET', path: `${B}/template`, message: 'Bank transfer templates', results: true } })
    .output(returns(listBankTemplatesOutput))
    .query(({ ctx }) => listBankTemplates(ctx.svc, ctx.grant)),
  template: view()
    .meta({ rest: { method: 'GET', path: `${B}/template/{code}/detail`, message: 'Bank transfer template' } })
    .input(bankTemplateCodeInput)
    .output(returns(bankTemplateOutput))
    .query(({ ctx, input }) => getBankTemplate(ctx.svc, ctx.grant, input)),
  createTemplate: setting()
    .meta({ rest: { method: 'POST', path: `${B}/template`, message: 'Bank transfer template created' } })
    .input(createBankTemplateInput)
    .output(returns(bankTemplateOutput))
    .mutation(({ ctx, input }) => createBankTemplate(ctx.svc, ctx.grant, input)),
  updateTemplate: setting()
    .meta({ rest: { method: 'POST', path: `${B}/template/{code}/update`, message: 'Bank transfer template updated' } })
    .input(updateBankTemplateInput)
    .output(returns(bankTemplateOutput))
    .mutation(({ ctx, input }) => updateBankTemplate(ctx.svc, ctx.grant, input)),
  copyTemplate: setting()
    .meta({ rest: { method: 'POST', path: `${B}/template/{code}/copy`, message: 'Bank transfer template copied' } })
    .input(copyBankTemplateInput)
    .output(returns(bankTemplateOutput))
    .mutation(({ ctx, input }) => copyBankTemplate(ctx.svc, ctx.grant, input)),
  deleteTemplate: setting()
    .meta({ rest: { method: 'POST', path: `${B}/template/{code}/delete`, message: 'Bank transfer template deleted' } })
    .input(bankTemplateCodeInput)
    .output(returns(deleteBankTemplateOutput))
    .mutation(({ ctx, input }) => deleteBankTemplate(ctx.svc, ctx.grant, input)),
  /** `{id}` is the payroll run. */
  preview: view()
    .meta({ rest: { method: 'GET', path: `${B}/{id}/preview`, message: 'Bank transfer preview' } })
    .input(bankTransferPreviewInput)
    .output(returns(bankTransferPreviewOutput))
    .query(({ ctx, input }) => previewBankTransfer(ctx.svc, ctx.grant, input)),
  export: update()
    .meta({ rest: { method: 'POST', path: `${B}/{id}/export`, message: 'Bank transfer file made' } })
    .input(bankTransferExportInput)
    .output(returns(bankTransferExportOutput))
    .mutation(({ ctx, input }) => exportBankTransfer(ctx.svc, ctx.grant, input)),
  exports: view()
    .meta({ rest: { method: 'GET', path: `${B}/{id}/exports`, message: 'Bank transfer files of the run', results: true } })
    .input(bankTransferExportsInput)
    .output(returns(listBankTransferExportsOutput))
    .query(({ ctx, input }) => listBankTransferExports(ctx.svc, ctx.grant, input)),
  /** `{id}` is the export: the file exactly as it was made. */
  download: update()
    .meta({ rest: { method: 'GET', path: `${B}/export/{id}/download`, message: 'Bank transfer file', download: true } })
    .input(bankTransferDownloadInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadBankTransferExport(ctx.svc, ctx.grant, input)),
});
