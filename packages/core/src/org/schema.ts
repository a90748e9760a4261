import { z } from 'zod';
import { namedRefs, nullableNamedRefs } from '../shared/outputs';
import { ianaTimeZone } from '../shared/time-zone';
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
  /** The office's own time zone (WIB, WITA, WIT …); null or absent: the company's. */
  timeZone: ianaTimeZone.nullable().optional(),
});
export const updateOfficeInput = createOfficeInput.partial().extend({ id });
export const listOfficesInput = pageInput.extend({ search });

/** Each level of the tree a row belongs to, with its id and name. */
const officeRef = namedRefs('companyOffice');

export const officeRowShape = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  timeZone: z.string().nullable(),
  departments: z.number(),
  divisions: z.number(),
  sections: z.number(),
  employees: z.number(),
  idIndex: z
    .object({ id: z.number(), prefix: z.string(), nextNumber: z.number(), padding: z.number(), next: z.string() })
    .nullable(),
  /** The number the next new employee of the office gets (from the ID index, else `<code>-NNNNN`). */
  nextEmployeeNumber: z.string(),
});
export type OfficeRow = z.infer<typeof officeRowShape>;

// ---------------------------------------------------------------------------------------------
// Departments, divisions, sections (placement in the tree; parents must belong together)

export const createDepartmentInput = z.object({ companyOfficeId: id, name });
export const updateDepartmentInput = createDepartmentInput.partial().extend({ id });
export const listDepartmentsInput = pageInput.extend({ search, companyOfficeId: optionalId });

export const departmentRowShape = z.object({
  id: z.number(),
  name: z.string(),
  ...officeRef,
  divisions: z.number(),
  employees: z.number(),
});
export type DepartmentRow = z.infer<typeof departmentRowShape>;

/** The office is taken from the department when not given; when given it must be the department's. */
export const createDivisionInput = z.object({ companyOfficeId: optionalId, departmentId: id, name });
export const updateDivisionInput = createDivisionInput.partial().extend({ id });
export const listDivisionsInput = pageInput.extend({ search, companyOfficeId: optionalId, departmentId: optionalId });

export const divisionRowShape = z.object({
  id: z.number(),
  name: z.string(),
  ...namedRefs('companyOffice', 'department'),
  sections: z.number(),
  employees: z.number(),
});
export type DivisionRow = z.infer<typeof divisionRowShape>;

/** Office and department are taken from the division when not given; when given they must match it. */
export const createSectionInput = z.object({ companyOfficeId: optionalId, departmentId: optionalId, divisionId: id, name });
export const updateSectionInput = createSectionInput.partial().extend({ id });
export const listSectionsInput = pageInput.extend({
  search,
  companyOfficeId: optionalId,
  departmentId: optionalId,
  divisionId: optionalId,
});

export const sectionRowShape = z.object({
  id: z.number(),
  name: z.string(),
  ...namedRefs('companyOffice', 'department', 'division'),
  jobPositions: z.number(),
  employees: z.number(),
});
export type SectionRow = z.infer<typeof sectionRowShape>;

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

export const jobLevelRowShape = z.object({
  id: z.number(),
  name: z.string(),
  rank: z.number(),
  jobPositions: z.number(),
  employees: z.number(),
});
export type JobLevelRow = z.infer<typeof jobLevelRowShape>;

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

export const jobPositionRowShape = z.object({
  id: z.number(),
  name: z.string(),
  ...namedRefs('companyOffice', 'department'),
  ...nullableNamedRefs('division', 'section', 'jobLevel'),
  employees: z.number(),
});
export type JobPositionRow = z.infer<typeof jobPositionRowShape>;

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
export const orgEmployeeRowShape = z.object({
  id: z.number(),
  employeeNumber: z.string(),
  name: z.string(),
  ...officeRef,
  ...nullableNamedRefs('department', 'division', 'section', 'jobPosition'),
  resigned: z.number(),
  /** Whether the employee number is the ID index's prefix followed by digits (ID index rows only). */
  followsIndex: z.boolean().optional(),
});
export type OrgEmployeeRow = z.infer<typeof orgEmployeeRowShape>;

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

export const idIndexRowShape = z.object({
  id: z.number(),
  ...officeRef,
  officeCode: z.string(),
  prefix: z.string(),
  nextNumber: z.number(),
  padding: z.number(),
  /** The number the next new employee of this office gets (unless already taken). */
  next: z.string(),
});
export type IdIndexRow = z.infer<typeof idIndexRowShape>;

/** prefix + number, zero-padded to `padding` digits (never cut when longer). */
export function formatEmployeeNumber(prefixText: string, n: number, pad: number): string {
  return `${prefixText}${String(n).padStart(pad, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Common

export const idInput = z.object({ id });
export const orgChartInput = z.object({ companyOfficeId: optionalId }).optional();

/**
 * Org chart (spec §1): offices → departments → divisions → sections → positions, active headcount per node.
 * Every node says what it is and how many work there.
 */
const chartNode = { id: z.number(), name: z.string(), headcount: z.number() };
export const orgChartPositionShape = z.object({ ...chartNode, jobLevel: z.string().nullable() });
export const orgChartSectionShape = z.object({ ...chartNode, positions: z.array(orgChartPositionShape) });
export const orgChartDivisionShape = z.object({
  ...chartNode,
  sections: z.array(orgChartSectionShape),
  /** Positions of the division outside any section. */
  positions: z.array(orgChartPositionShape),
});
export const orgChartDepartmentShape = z.object({
  ...chartNode,
  divisions: z.array(orgChartDivisionShape),
  /** Positions of the department outside any division. */
  positions: z.array(orgChartPositionShape),
});
export const orgChartOfficeShape = z.object({ ...chartNode, code: z.string(), departments: z.array(orgChartDepartmentShape) });
export const orgChartShape = z.object({
  offices: z.array(orgChartOfficeShape),
  /** Active employees (Work) in the offices shown. */
  headcount: z.number(),
});
export type OrgChartPosition = z.infer<typeof orgChartPositionShape>;
export type OrgChartSection = z.infer<typeof orgChartSectionShape>;
export type OrgChartDivision = z.infer<typeof orgChartDivisionShape>;
export type OrgChartDepartment = z.infer<typeof orgChartDepartmentShape>;
export type OrgChartOffice = z.infer<typeof orgChartOfficeShape>;
export type OrgChart = z.infer<typeof orgChartShape>;
