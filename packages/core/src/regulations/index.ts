export * from './schema';
export * from './service';
export type { RegulationTables } from './tables';
export * from './outputs';

// Used by other modules (their deep imports moved here, issue 17).
export { seedRegulationsDemo } from './seed';
