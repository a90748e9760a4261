// THR (holiday allowance) runs (issue 5): generate per holiday and year, dry run, list, detail, finalise,
// cancel, XLSX; and the finalised THR of a month for the monthly payroll.
export type { FinalisedThr } from './queries';
export { holidayForReligion, type ThrCandidate, thrLineFor, thrPayDateFor } from './rules';
export * from './schema';
export {
  cancelThr,
  downloadThrRun,
  dryRunThr,
  finalisedThrFor,
  finaliseThr,
  generateThr,
  getThrRun,
  listThrRuns,
  thrDates,
  thrDatesFor,
} from './service';
export type { ThrRunTables } from './tables';
export * from './outputs';
