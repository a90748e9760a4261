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
import { fileResult } from '../trpc/output';
import { router } from '../trpc/procedures';
import { call, gate, noInput } from '../trpc/crud';

/*
 * Bank salary transfer files of a finalised payroll run (issue 18 §2; docs/bank-files.md):
 * /v2/h/salary/bankTransfer… Preview needs salary.view, export and download salary.update (like finalising
 * a run), templates salary.setting; every run-level call also needs company-wide scope (checked in core).
 */
const B = '/v2/h/salary/bankTransfer';

const view = gate('salary.view');
const setting = gate('salary.setting');
const update = gate('salary.update');

export const bankTransferRouter = router({
  templates: view.list(`${B}/template`, 'Bank transfer templates', noInput(listBankTemplates, listBankTemplatesOutput)),
  template: view.get(
    `${B}/template/{code}/detail`,
    'Bank transfer template',
    call(bankTemplateCodeInput, getBankTemplate, bankTemplateOutput),
  ),
  createTemplate: setting.post(
    `${B}/template`,
    'Bank transfer template created',
    call(createBankTemplateInput, createBankTemplate, bankTemplateOutput),
  ),
  updateTemplate: setting.post(
    `${B}/template/{code}/update`,
    'Bank transfer template updated',
    call(updateBankTemplateInput, updateBankTemplate, bankTemplateOutput),
  ),
  copyTemplate: setting.post(
    `${B}/template/{code}/copy`,
    'Bank transfer template copied',
    call(copyBankTemplateInput, copyBankTemplate, bankTemplateOutput),
  ),
  deleteTemplate: setting.post(
    `${B}/template/{code}/delete`,
    'Bank transfer template deleted',
    call(bankTemplateCodeInput, deleteBankTemplate, deleteBankTemplateOutput),
  ),
  /** `{id}` is the payroll run. */
  preview: view.get(
    `${B}/{id}/preview`,
    'Bank transfer preview',
    call(bankTransferPreviewInput, previewBankTransfer, bankTransferPreviewOutput),
  ),
  export: update.post(
    `${B}/{id}/export`,
    'Bank transfer file made',
    call(bankTransferExportInput, exportBankTransfer, bankTransferExportOutput),
  ),
  exports: view.list(
    `${B}/{id}/exports`,
    'Bank transfer files of the run',
    call(bankTransferExportsInput, listBankTransferExports, listBankTransferExportsOutput),
  ),
  /** `{id}` is the export: the file exactly as it was made. */
  download: update.file(
    `${B}/export/{id}/download`,
    'Bank transfer file',
    call(bankTransferDownloadInput, downloadBankTransferExport, fileResult),
  ),
});
