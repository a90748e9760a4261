/** Canteen (issue 8): tables. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the module
export interface CanteenTables {}
