export * from './service';
export type { OrgTables } from './tables';
