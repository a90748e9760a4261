export * from './schema';
export type { LeaveTables } from './tables';
