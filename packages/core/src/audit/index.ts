export { audit, type AuditEntry, type SettingsTable, saveAuditedSettings, updateAuditedSettings } from './service';
export type { AuditTables } from './tables';
export { exportLogs, getLog, listLogs, redactSecrets } from './logs';
export * from './logs-schema';
export * from './outputs';
