// Coretax e-Bupot PPh 21 export (issue 18 §1; docs/coretax.md): BPMP, BP21 and BPA1 files from finalised payroll.
export * from './schema';
export * from './outputs';
export {
  discardTaxReport,
  downloadTaxReport,
  exportTaxReport,
  getTaxIdentity,
  listTaxReports,
  markTaxReportFiled,
  previewTaxReport,
  saveTaxIdentity,
} from './service';
export type { TaxReportingTables } from './tables';
export { seedTaxReportingDemo } from './seed';
