export * from './schema';
export * from './service';
export type { DeviceTables } from './tables';
