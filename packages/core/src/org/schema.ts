import { z } from 'zod';
import { id, optionalId, pageInput, requiredText, text } from '../shared/zod';
import { nullableId, optionalText } from '../shared/zod-optional';

/**
 * Organisation structure (spec §3 "Organisation"): company offices, departments, divisions,
 * sections (the spec's "sectionDepartment"), job positions, job levels and the ID index.
 * Browser-safe: the web forms validate with these same schemas.
 *
 * Update inputs are partial: a field left out keeps its value; `null` (or "") clears an optional one.
 */

const search = text(100).optional();
const name = requiredText(100);

/** Limits of the ID index (employee-number scheme). */
export const ID_INDEX_LIMITS = { prefixMax: 20, paddingMin: 1, paddingMax: 12, nextMax: 1_000_000_000 } as const;

// ---------------------------------------------------------------------------------------------
// Company offices

export const officeCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{0,9}$/, 'must be 1 to 10 letters, digits, "-" or "_"');

export const createOfficeInput = z.object({
  code: officeCode,
  name,
  address: optionalText(500),
  city: optionalText(100),
});
export const updateOfficeInput = createOfficeInput.partial().extend({ id });
export const listOfficesInput = pageInput.extend({ search });

export interface OfficeRow {
  id: number;
  code: string;
  name: string;
  address: string | null;
  city: string | null;
  departments: number;
  divisions: number;
  sections: number;
  employees: number;
  idIndex: { id: number; prefix: string; nextNumber: number; padding: number; next: string } | null;
  /** The number the next new employee of the office gets (from the ID index, else `<code>-NNNNN`). */
  nextEmployeeNumber: string;
}

// ---------------------------------------------------------------------------------------------
// Departments, divisions, sections (placement in the tree; parents must belong together)

export const createDepartmentInput = z.object({ companyOfficeId: id, name });
export const updateDepartmentInput = createDepartmentInput.partial().extend({ id });
export const listDepartmentsInput = pageInput.extend({ search, companyOfficeId: optionalId });

export interface DepartmentRow {
  id: number;
  name: string;
  companyOfficeId: number;
  companyOffice: string;
  divisions: number;
  employees: number;
}

/** The office is taken from the department when not given; when given it must be the department's. */
export const createDivisionInput = z.object({ companyOfficeId: optionalId, departmentId: id, name });
export const updateDivisionInput = createDivisionInput.partial().extend({ id });
export const listDivisionsInput = pageInput.extend({ search, companyOfficeId: optionalId, departmentId: optionalId });

export interface DivisionRow {
  id: number;
  name: string;
  companyOfficeId: number;
  companyOffice: string;
  departmentId: number;
  department: string;
  sections: number;
  employees: number;
}

/** Office and department are taken from the division when not given; when given they must match it. */
export const createSectionInput = z.object({ companyOfficeId: optionalId, departmentId: optionalId, divisionId: id, name });
export const updateSectionInput = createSectionInput.partial().extend({ id });
export const listSectionsInput = pageInput.extend({
  search,
  companyOfficeId: optionalId,
  departmentId: optionalId,
  divisionId: optionalId,
});

export interface SectionRow {
  id: number;
  name: string;
  companyOfficeId: number;
  companyOffice: string;
  departmentId: number;
  department: string;
  divisionId: number;
  division: string;
  jobPositions: number;
  employees: number;
}

// ---------------------------------------------------------------------------------------------
// Job levels and job positions

export const createJobLevelInput = z.object({
  name,
  /** Seniority order (1 = most junior); lists are sorted by it. */
  rank: z.coerce.number().int().min(0).max(1000).default(0),
});
export const updateJobLevelInput = z.object({
  id,
  name: name.optional(),
  rank: z.coerce.number().int().min(0).max(1000).optional(),
});
export const listJobLevelsInput = pageInput.extend({ search });

export interface JobLevelRow {
  id: number;
  name: string;
  rank: number;
  jobPositions: number;
  employees: number;
}

/**
 * A job position sits in a department, optionally in one of its divisions and one of that
 * division's sections. Missing upper parents are taken from the lower ones.
 */
export const createJobPositionInput = z.object({
  name,
  companyOfficeId: optionalId,
  departmentId: optionalId,
  divisionId: nullableId,
  sectionId: nullableId,
  jobLevelId: nullableId,
});
export const updateJobPositionInput = createJobPositionInput.partial().extend({ id });
export const listJobPositionsInput = pageInput.extend({
  search,
  companyOfficeId: optionalId,
  departmentId: optionalId,
  divisionId: optionalId,
  sectionId: optionalId,
  jobLevelId: optionalId,
});

export interface JobPositionRow {
  id: number;
  name: string;
  companyOfficeId: number;
  companyOffice: string;
  departmentId: number;
  department: string;
  divisionId: number | null;
  division: string | null;
  sectionId: number | null;
  section: string | null;
  jobLevelId: number | null;
  jobLevel: string | null;
  employees: number;
}

/** Job positions under one office / department / division / section / level ("mapping" sub-paths). */
export const mappingInput = pageInput.extend({ id, search });

/** Section "assign"/"unassign": move a job position into or out of a section. */
export const sectionAssignInput = z.object({ id, jobPositionId: id });
/**
 * Department, division and job level "assign"/"unassign": put a job position in (or take it out
 * of) the department, division or level `id`.
 */
export const assignJobPositionInput = sectionAssignInput;
/**
 * Company office "assign": move a job position to the office `id`, into its department
 * `departmentId` (required when the position comes from another office).
 */
export const officeAssignInput = sectionAssignInput.extend({ departmentId: optionalId });

/** Job position and ID index "assign"/"unassign" over employees: the employee `employeeId` and the position or index `id`. */
export const assignEmployeeInput = z.object({ id, employeeId: id });

/** An employee under a job position or an ID index ("mapping" and "assignation" of those). */
export interface OrgEmployeeRow {
  id: number;
  employeeNumber: string;
  name: string;
  companyOfficeId: number;
  companyOffice: string;
  departmentId: number | null;
  department: string | null;
  divisionId: number | null;
  division: string | null;
  sectionId: number | null;
  section: string | null;
  jobPositionId: number | null;
  jobPosition: string | null;
  resigned: number;
  /** Whether the employee number is the ID index's prefix followed by digits (ID index rows only). */
  followsIndex?: boolean;
}

// ---------------------------------------------------------------------------------------------
// ID index (employee-number scheme per office)

const prefix = text(ID_INDEX_LIMITS.prefixMax).regex(
  /^[A-Za-z0-9._/-]*$/,
  'may hold only letters, digits, ".", "_", "/" and "-"',
);
const nextNumber = z.coerce.number().int().min(1).max(ID_INDEX_LIMITS.nextMax);
const padding = z.coerce.number().int().min(ID_INDEX_LIMITS.paddingMin).max(ID_INDEX_LIMITS.paddingMax);

export const createIdIndexInput = z.object({
  companyOfficeId: id,
  prefix,
  nextNumber: nextNumber.default(1),
  padding: padding.default(5),
});
export const updateIdIndexInput = z.object({
  id,
  prefix: prefix.optional(),
  nextNumber: nextNumber.optional(),
  padding: padding.optional(),
});
export const listIdIndexesInput = pageInput.extend({ search, companyOfficeId: optionalId });

export interface IdIndexRow {
  id: number;
  companyOfficeId: number;
  companyOffice: string;
  officeCode: string;
  prefix: string;
  nextNumber: number;
  padding: number;
  /** The number the next new employee of this office gets (unless already taken). */
  next: string;
}

/** prefix + number, zero-padded to `padding` digits (never cut when longer). */
export function formatEmployeeNumber(prefixText: string, n: number, pad: number): string {
  return `${prefixText}${String(n).padStart(pad, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Common

export const idInput = z.object({ id });
export const orgChartInput = z.object({ companyOfficeId: optionalId }).optional();

/** Org chart (spec §1): offices → departments → divisions → sections → positions, active headcount per node. */
export interface OrgChartPosition {
  id: number;
  name: string;
  jobLevel: string | null;
  headcount: number;
}
export interface OrgChartSection {
  id: number;
  name: string;
  headcount: number;
  positions: OrgChartPosition[];
}
export interface OrgChartDivision {
  id: number;
  name: string;
  headcount: number;
  sections: OrgChartSection[];
  /** Positions of the division outside any section. */
  positions: OrgChartPosition[];
}
export interface OrgChartDepartment {
  id: number;
  name: string;
  headcount: number;
  divisions: OrgChartDivision[];
  /** Positions of the department outside any division. */
  positions: OrgChartPosition[];
}
export interface OrgChartOffice {
  id: number;
  code: string;
  name: string;
  headcount: number;
  departments: OrgChartDepartment[];
}
export interface OrgChart {
  offices: OrgChartOffice[];
  /** Active employees (Work) in the offices shown. */
  headcount: number;
}
