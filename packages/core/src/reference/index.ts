export * from './schema';
export {
  createReference,
  deleteReference,
  findReference,
  listPtkp,
  listReference,
  lookupReference,
  referenceExists,
  updateReference,
} from './service';
export type { ReferenceTables } from './tables';
export * from './outputs';
