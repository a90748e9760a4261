// BPJS reports (issue 18 §3): e-Dabu (BPJS Kesehatan) and BPJS Ketenagakerjaan XLSX from a finalised run, the recap.
export * from './schema';
export * from './outputs';
export {
  type BpjsRecap,
  type BpjsReport,
  downloadBpjsKesehatan,
  downloadBpjsKetenagakerjaan,
  downloadBpjsRecap,
  getBpjsRecap,
  getBpjsReport,
} from './service';
export { BPJS_LINE_CODES } from './rules';
export { EDABU_COLUMNS, KETENAGAKERJAAN_COLUMNS, PROGRAMME_LABEL } from './workbooks';
