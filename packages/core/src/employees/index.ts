export * from './detail-schema';
export { getEmployeeDetail, updateEmployeeLogin, updateEmployeeSection } from './detail';
export * from './schema';
export { listEmployees } from './service';
export type { EmployeeTables } from './tables';
