export * from './schema';
export * from './service';
export type { StorageServerTables } from './tables';
