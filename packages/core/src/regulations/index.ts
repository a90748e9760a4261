export * from './schema';
export * from './service';
export type { RegulationTables } from './tables';
