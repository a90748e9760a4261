// Bank salary transfer files (issue 18 §2; docs/bank-files.md): templates, preview, export of a finalised run.
export * from './schema';
export * from './outputs';
export type { BankTransferTables } from './tables';
export { ACCOUNT_LENGTHS } from './rules';
export { BUILT_IN_TEMPLATES } from './templates';
export {
  copyBankTemplate,
  createBankTemplate,
  deleteBankTemplate,
  downloadBankTransferExport,
  exportBankTransfer,
  getBankTemplate,
  listBankTemplates,
  listBankTransferExports,
  previewBankTransfer,
  updateBankTemplate,
} from './service';
