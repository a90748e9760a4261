export * from './schema';
export type { OrgTables } from './tables';
export { nextEmployeeNumber } from './numbering';
export { placementChainIssues } from './placement';
export * from './lookups';
export * from './offices';
export * from './departments';
export * from './divisions';
export * from './sections';
export {
  createJobPosition,
  deleteJobPosition,
  findJobPositions,
  getJobPosition,
  jobPositionAssignation,
  jobPositionsOf,
  updateJobPosition,
} from './job-positions';
export * from './assignments';
export * from './job-levels';
export * from './id-indexes';
export * from './org-chart';
export * from './employees';
export * from './outputs';
