export * from './schema';
export * from './service';
export type { CanteenTables } from './tables';
