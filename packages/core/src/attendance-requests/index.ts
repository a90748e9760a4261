export * from './schema';
export type { AttendanceRequestTables } from './tables';
