/** The dated legal table (`@hr/core/legal-tables`, issue 18 §4; docs/legal-tables.md). */
export * from './schema';
export * from './outputs';
export type { LegalTableTables } from './tables';
export { type LegalValueRow, markLegalValuesUsed } from './queries';
export { addLegalValue, deleteLegalValue, legalValuesOn, listLegalValues } from './service';
