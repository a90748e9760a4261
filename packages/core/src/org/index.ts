export * from './schema';
export * from './service';
export type { OrgTables } from './tables';
export * from './employees';
