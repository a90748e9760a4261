export * from './schema';
export type { CanteenTables } from './tables';
