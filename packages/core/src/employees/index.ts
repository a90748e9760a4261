export * from './detail-schema';
export {
  createContract,
  createEmployee,
  createRecord,
  createSecondContract,
  deleteEmploymentRecord,
  downloadContractFile,
  downloadSecondContractFile,
  getContract,
  getRecord,
  getSecondContract,
  listContracts,
  listRecords,
  listSecondContracts,
  updateContract,
  updateEmploymentRecord,
  updateSecondContract,
  uploadContractFile,
  uploadSecondContractFile,
} from './history';
export * from './history-schema';
export * from './requests';
export * from './requests-schema';
export * from './managers';
export * from './managers-schema';
export { getEmployeeDetail, resetEmployeeLoginPassword, updateEmployeeLogin, updateEmployeeSection } from './detail';
export * from './schema';
export { downloadEmployees, listEmployees } from './service';
export type { EmployeeTables } from './tables';
export * from './import';
export * from './signature';
export * from './signature-schema';
export * from './recruitment';
export * from './recruitment-schema';
export * from './outputs';

// Used by other modules (their deep imports moved here, issue 17).
export { dateIssues, todayWib } from './date-rules';
