/** Leave (issue 4): tables. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the module
export interface LeaveTables {}
