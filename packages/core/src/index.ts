export * from './attendance/index';
export * from './audit/index';
export * from './auth/index';
export * from './cooperative/index';
export * from './dashboard/index';
export * from './storage-servers/index';
export * from './purchase-of-goods/index';
export * from './attendance-requests/index';
export * from './leave/index';
export * from './canteen/index';
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
} from './db/backup';
export { openDb, type DbHandle, type DbKind, type OpenDbOptions } from './db/client';
export {
  DATABASE_BUSY_MESSAGE,
  DATABASE_BUSY_RETRY_AFTER_S,
  DatabaseBusyError,
  isDatabaseBusy,
  withDatabaseWaitLimit,
  withoutDatabaseWaitLimit,
} from './db/embedded-gate';
export type { Database } from './db/database';
export { acquireDataDirLock, type DataDirLock, readDataDirLock } from './db/lock';
export { migrateToLatest } from './db/migrate';
export * from './devices/index';
export * from './employees/index';
export * from './inventory/index';
export * from './org/index';
export * from './payroll/index';
export * from './payroll/runs/index';
export * from './payroll/thr-runs/index';
export * from './payroll/income-tax/index';
export * from './payroll/payslip-documents/index';
export * from './mail/index';
export * from './access/index';
export * from './permissions/index';
export * from './reference/index';
export * from './registration/index';
export * from './regulations/index';
export { createServices, type Services } from './services';
export { type Ctx, type Db, inTransaction, systemClock } from './shared/context';
export { AppError, ERROR_CODES, type ErrorCode, type FieldIssue } from './shared/errors';
export { type PdfColumn, type PdfDocumentSpec, type PdfTable, renderPdf } from './shared/pdf';
export { COMPANY_TIME_ZONE } from './shared/time-zone';
export * from './shared/zod';
export * from './seed/index';
export * from './shared/heavy';
