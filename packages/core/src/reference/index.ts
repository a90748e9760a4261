export * from './schema';
export { listPtkp, listReference, referenceExists } from './service';
export type { ReferenceTables } from './tables';
