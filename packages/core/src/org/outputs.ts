/*
 * Output schemas of the org procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { idOutput, okOutput, pageOutput } from '../shared/outputs';
import {
  departmentRowShape,
  divisionRowShape,
  idIndexRowShape,
  jobLevelRowShape,
  jobPositionRowShape,
  officeRowShape,
  orgChartShape,
  orgEmployeeRowShape,
  sectionRowShape,
} from './schema';

/** What assigning a job position to a level of the tree answers. */
const positionMoveShape = z.object({ changed: z.boolean(), employeesMoved: z.number() });

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
export const assignJobPositionToOfficeOutput = positionMoveShape;
export const unassignJobPositionFromOfficeOrDepartmentOutput = z.never();
export const findDepartmentsOutput = pageOutput(departmentRowShape);
export const createDepartmentOutput = idOutput;
export const updateDepartmentOutput = idOutput;
export const deleteDepartmentOutput = okOutput;
export const assignJobPositionToDepartmentOutput = positionMoveShape;
export const findDivisionsOutput = pageOutput(divisionRowShape);
export const createDivisionOutput = idOutput;
export const updateDivisionOutput = idOutput;
export const deleteDivisionOutput = okOutput;
export const divisionAssignationOutput = pageOutput(jobPositionRowShape);
export const assignJobPositionToDivisionOutput = positionMoveShape;
export const unassignJobPositionFromDivisionOutput = z.object({ changed: z.literal(true), employeesMoved: z.number() });
export const findSectionsOutput = pageOutput(sectionRowShape);
export const createSectionOutput = idOutput;
export const updateSectionOutput = idOutput;
export const deleteSectionOutput = okOutput;
export const sectionAssignationOutput = pageOutput(jobPositionRowShape);
export const assignJobPositionToSectionOutput = positionMoveShape;
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
