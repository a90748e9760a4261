/** THR (holiday allowance) runs: tables. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the THR runs module
export interface ThrRunTables {}
