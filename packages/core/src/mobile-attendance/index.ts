export * from './rules';
export * from './schema';
export * from './service';
export type { MobileAttendanceTables } from './tables';
