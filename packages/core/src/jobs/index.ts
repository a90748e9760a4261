// Used by other modules (their deep imports moved here, issue 17).
export type { JobTables } from './tables';
