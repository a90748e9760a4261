// Income tax per employee (monthly PPh 21, annual reconciliation, 1721-A1) and the bonus report (issue 5).
export { A1_CODE_MAP, A1_LABELS } from './a1';
export * from './schema';
export {
  downloadIncomeTax,
  downloadIncomeTaxA1,
  downloadReportBonus,
  getIncomeTax,
  getReportBonus,
  INCOME_TAX_BASIS_LABEL,
  incomeTaxSummary,
  listIncomeTax,
  listReportBonus,
} from './service';
export { deletePreviousIncome, listPreviousIncome, savePreviousIncome, setTaxBorneBy } from './previous-income';
export * from './outputs';
