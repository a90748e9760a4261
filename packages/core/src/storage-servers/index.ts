export * from './schema';
export type { StorageServerTables } from './tables';
