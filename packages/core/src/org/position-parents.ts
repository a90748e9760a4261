/*
 * The org levels a job position hangs under, for the "mapping", "assignation", "assign" and "unassign"
 * sub-paths (job-positions.ts, assignments.ts).
 */

export type PositionParent = 'companyOffice' | 'department' | 'division' | 'section' | 'jobLevel';

/** The parents job positions hang under ("mapping" and "assignation" sub-paths). */
export const PARENTS = {
  companyOffice: { table: 'company_offices', label: 'Company office', key: 'companyOfficeId' },
  department: { table: 'departments', label: 'Department', key: 'departmentId' },
  division: { table: 'divisions', label: 'Division', key: 'divisionId' },
  section: { table: 'sections', label: 'Section', key: 'sectionId' },
  jobLevel: { table: 'job_levels', label: 'Job level', key: 'jobLevelId' },
} as const;
