export { audit, type AuditEntry } from './service';
export type { AuditTables } from './tables';
