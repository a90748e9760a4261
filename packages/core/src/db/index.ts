/** The database: opening it (PGlite or PostgreSQL), migrations, the data-directory lock, backup and restore. */
export {
  backupDatabase,
  type BackupSummary,
  type BackupTarget,
  detectBackupKind,
  RestoreTargetHasData,
  type RestoreSummary,
  restoreDatabase,
  type TableStat,
  tableStats,
} from './backup';
export { openDb, type DbHandle, type DbKind, type OpenDbOptions } from './client';
export {
  DATABASE_BUSY_MESSAGE,
  DATABASE_BUSY_RETRY_AFTER_S,
  DatabaseBusyError,
  isDatabaseBusy,
  withDatabaseWaitLimit,
  withoutDatabaseWaitLimit,
} from './embedded-gate';
export type { Database } from './database';
export { acquireDataDirLock, type DataDirLock, readDataDirLock } from './lock';
export { migrateToLatest } from './migrate';
