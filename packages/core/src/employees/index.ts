export * from './schema';
export { listEmployees } from './service';
export type { EmployeeTables } from './tables';
