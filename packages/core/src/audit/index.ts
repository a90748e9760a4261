export { audit, type AuditEntry, saveAuditedSettings } from './service';
export type { AuditTables } from './tables';
export { exportLogs, getLog, listLogs, redactSecrets } from './logs';
export * from './logs-schema';
export * from './outputs';
