export * from './schema';
export * from './service';
export type { CooperativeTables } from './tables';
