export * from './schema';
export * from './service';
export type { StorageServerTables } from './tables';
export * from './outputs';

// Used by other modules (their deep imports moved here, issue 17).
export { seedStorageServersDemo } from './seed';
