/*
 * Output schemas of the org procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { idOutput, okOutput, pageOutput } from '../shared/outputs';

const officeRowShape = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  departments: z.number(),
  divisions: z.number(),
  sections: z.number(),
  employees: z.number(),
  idIndex: z
    .object({ id: z.number(), prefix: z.string(), nextNumber: z.number(), padding: z.number(), next: z.string() })
    .nullable(),
  nextEmployeeNumber: z.string(),
});
const jobPositionRowShape = z.object({
  id: z.number(),
  name: z.string(),
  companyOfficeId: z.number(),
  companyOffice: z.string(),
  departmentId: z.number(),
  department: z.string(),
  divisionId: z.number().nullable(),
  division: z.string().nullable(),
  sectionId: z.number().nullable(),
  section: z.string().nullable(),
  jobLevelId: z.number().nullable(),
  jobLevel: z.string().nullable(),
  employees: z.number(),
});
const departmentRowShape = z.object({
  id: z.number(),
  name: z.string(),
  companyOfficeId: z.number(),
  companyOffice: z.string(),
  divisions: z.number(),
  employees: z.number(),
});
const divisionRowShape = z.object({
  id: z.number(),
  name: z.string(),
  companyOfficeId: z.number(),
  companyOffice: z.string(),
  departmentId: z.number(),
  department: z.string(),
  sections: z.number(),
  employees: z.number(),
});
const sectionRowShape = z.object({
  id: z.number(),
  name: z.string(),
  companyOfficeId: z.number(),
  companyOffice: z.string(),
  departmentId: z.number(),
  department: z.string(),
  divisionId: z.number(),
  division: z.string(),
  jobPositions: z.number(),
  employees: z.number(),
});
const orgEmployeeRowShape = z.object({
  id: z.number(),
  employeeNumber: z.string(),
  name: z.string(),
  companyOfficeId: z.number(),
  companyOffice: z.string(),
  departmentId: z.number().nullable(),
  department: z.string().nullable(),
  divisionId: z.number().nullable(),
  division: z.string().nullable(),
  sectionId: z.number().nullable(),
  section: z.string().nullable(),
  jobPositionId: z.number().nullable(),
  jobPosition: z.string().nullable(),
  resigned: z.number(),
  followsIndex: z.boolean().optional(),
});
const jobLevelRowShape = z.object({
  id: z.number(),
  name: z.string(),
  rank: z.number(),
  jobPositions: z.number(),
  employees: z.number(),
});
const idIndexRowShape = z.object({
  id: z.number(),
  companyOfficeId: z.number(),
  companyOffice: z.string(),
  officeCode: z.string(),
  prefix: z.string(),
  nextNumber: z.number(),
  padding: z.number(),
  next: z.string(),
});
const orgChartPositionShape = z.object({
  id: z.number(),
  name: z.string(),
  jobLevel: z.string().nullable(),
  headcount: z.number(),
});
const orgChartSectionShape = z.object({
  id: z.number(),
  name: z.string(),
  headcount: z.number(),
  positions: z.array(orgChartPositionShape),
});
const orgChartDivisionShape = z.object({
  id: z.number(),
  name: z.string(),
  headcount: z.number(),
  sections: z.array(orgChartSectionShape),
  positions: z.array(orgChartPositionShape),
});
const orgChartDepartmentShape = z.object({
  id: z.number(),
  name: z.string(),
  headcount: z.number(),
  divisions: z.array(orgChartDivisionShape),
  positions: z.array(orgChartPositionShape),
});
const orgChartOfficeShape = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  headcount: z.number(),
  departments: z.array(orgChartDepartmentShape),
});
const orgChartShape = z.object({ offices: z.array(orgChartOfficeShape), headcount: z.number() });

export const listCompanyOfficesOutput = z.array(z.object({ id: z.number(), name: z.string(), code: z.string() }));
export const listDepartmentsOutput = z.array(z.object({ id: z.number(), name: z.string(), companyOfficeId: z.number() }));
export const listDivisionsOutput = z.array(
  z.object({ id: z.number(), name: z.string(), companyOfficeId: z.number(), departmentId: z.number() }),
);
export const listSectionsOutput = z.array(
  z.object({ id: z.number(), name: z.string(), companyOfficeId: z.number(), departmentId: z.number(), divisionId: z.number() }),
);
export const listJobPositionsOutput = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    departmentId: z.number(),
    divisionId: z.number().nullable(),
    sectionId: z.number().nullable(),
  }),
);
export const listJobLevelsOutput = z.array(z.object({ id: z.number(), name: z.string() }));
export const findCompanyOfficesOutput = pageOutput(officeRowShape);
export const createCompanyOfficeOutput = idOutput;
export const updateCompanyOfficeOutput = idOutput;
export const deleteCompanyOfficeOutput = okOutput;
export const jobPositionsOfOutput = pageOutput(jobPositionRowShape);
export const jobPositionAssignationOutput = pageOutput(jobPositionRowShape);
export const assignJobPositionToOfficeOutput = z.object({ changed: z.boolean(), employeesMoved: z.number() });
export const unassignJobPositionFromOfficeOrDepartmentOutput = z.never();
export const findDepartmentsOutput = pageOutput(departmentRowShape);
export const createDepartmentOutput = idOutput;
export const updateDepartmentOutput = idOutput;
export const deleteDepartmentOutput = okOutput;
export const assignJobPositionToDepartmentOutput = z.object({ changed: z.boolean(), employeesMoved: z.number() });
export const findDivisionsOutput = pageOutput(divisionRowShape);
export const createDivisionOutput = idOutput;
export const updateDivisionOutput = idOutput;
export const deleteDivisionOutput = okOutput;
export const divisionAssignationOutput = pageOutput(jobPositionRowShape);
export const assignJobPositionToDivisionOutput = z.object({ changed: z.boolean(), employeesMoved: z.number() });
export const unassignJobPositionFromDivisionOutput = z.object({ changed: z.literal(true), employeesMoved: z.number() });
export const findSectionsOutput = pageOutput(sectionRowShape);
export const createSectionOutput = idOutput;
export const updateSectionOutput = idOutput;
export const deleteSectionOutput = okOutput;
export const sectionAssignationOutput = pageOutput(jobPositionRowShape);
export const assignJobPositionToSectionOutput = z.object({ changed: z.boolean(), employeesMoved: z.number() });
export const unassignJobPositionFromSectionOutput = z.object({ changed: z.literal(true), employeesMoved: z.number() });
export const findJobPositionsOutput = pageOutput(jobPositionRowShape);
export const getJobPositionOutput = jobPositionRowShape;
export const createJobPositionOutput = idOutput;
export const updateJobPositionOutput = idOutput;
export const deleteJobPositionOutput = okOutput;
export const jobPositionEmployeesOutput = pageOutput(orgEmployeeRowShape);
export const jobPositionEmployeeAssignationOutput = pageOutput(orgEmployeeRowShape);
export const assignEmployeeToJobPositionOutput = z.object({ changed: z.boolean() });
export const unassignEmployeeFromJobPositionOutput = z.object({ changed: z.boolean() });
export const findJobLevelsOutput = pageOutput(jobLevelRowShape);
export const createJobLevelOutput = idOutput;
export const updateJobLevelOutput = idOutput;
export const deleteJobLevelOutput = okOutput;
export const jobLevelAssignationOutput = pageOutput(jobPositionRowShape);
export const assignJobPositionToJobLevelOutput = z.union([
  z.object({ changed: z.literal(true) }),
  z.object({ changed: z.literal(false) }),
]);
export const unassignJobPositionFromJobLevelOutput = z.object({ changed: z.literal(true) });
export const findIdIndexesOutput = pageOutput(idIndexRowShape);
export const createIdIndexOutput = idOutput;
export const updateIdIndexOutput = idOutput;
export const deleteIdIndexOutput = okOutput;
export const idIndexEmployeesOutput = pageOutput(orgEmployeeRowShape);
export const idIndexAssignationOutput = pageOutput(orgEmployeeRowShape);
export const assignEmployeeToIdIndexOutput = z.object({ changed: z.boolean(), employeeNumber: z.string() });
export const unassignEmployeeFromIdIndexOutput = z.never();
export const orgChartOutput = orgChartShape;
