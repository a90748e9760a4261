export * from './schema';
export * from './service';
export type { DeviceTables } from './tables';
export * from './ingest';
export * from './commands';
export * from './outputs';
export { listRefusals, type RefusalReport, recordDeviceRefusal } from './refusals';
