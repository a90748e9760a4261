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
import { router } from '../trpc/procedures';
import { call, gate, noInput } from '../trpc/crud';

/*
 * Coretax e-Bupot PPh 21 (issue 18 §1; docs/coretax.md): /v2/h/salary/taxReport…. Reading needs salary.view, the
 * company tax identity is a payroll setting (salary.setting), exporting and filing need salary.update. Files
 * need company-wide data scope (checked in core); the preview is data-scoped.
 */
const T = '/v2/h/salary/taxReport';

const setting = gate('salary.setting');
const view = gate('salary.view');
const update = gate('salary.update');

export const taxReportRouter = router({
  identity: view.get(`${T}/identity`, 'Company tax identity', noInput(getTaxIdentity, taxIdentityOutput)),
  saveIdentity: setting.post(
    `${T}/identity`,
    'Company tax identity saved',
    call(saveTaxIdentityInput, saveTaxIdentity, taxIdentityOutput),
  ),
  preview: view.get(`${T}/preview`, 'Tax report preview', call(taxReportPreviewInput, previewTaxReport, taxReportPreviewOutput)),
  export: update.post(`${T}/export`, 'Tax report exported', call(taxReportExportInput, exportTaxReport, taxReportFileOutput), {
    download: true,
  }),
  list: view.list(T, 'Tax report exports', call(taxReportListInput, listTaxReports, listTaxReportsOutput)),
  download: view.file(
    `${T}/{id}/download`,
    'Tax report download',
    call(taxReportIdInput, downloadTaxReport, taxReportFileOutput),
  ),
  markFiled: update.post(
    `${T}/{id}/file`,
    'Tax report marked filed',
    call(taxReportMarkFiledInput, markTaxReportFiled, taxReportExportRowOutput),
  ),
  discard: update.post(
    `${T}/{id}/discard`,
    'Tax report discarded',
    call(taxReportIdInput, discardTaxReport, taxReportExportRowOutput),
  ),
});
