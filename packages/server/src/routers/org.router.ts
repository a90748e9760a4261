import {
  assignEmployeeInput,
  assignEmployeeToIdIndex,
  assignEmployeeToJobPosition,
  assignJobPositionInput,
  assignJobPositionToDepartment,
  assignJobPositionToOffice,
  idIndexAssignation,
  idIndexEmployees,
  jobPositionAssignation,
  jobPositionEmployeeAssignation,
  jobPositionEmployees,
  officeAssignInput,
  unassignEmployeeFromIdIndex,
  unassignEmployeeFromJobPosition,
  unassignJobPositionFromOfficeOrDepartment,
  assignJobPositionToDivision,
  assignJobPositionToJobLevel,
  assignJobPositionToSection,
  divisionAssignation,
  jobLevelAssignation,
  unassignJobPositionFromDivision,
  unassignJobPositionFromJobLevel,
  createCompanyOffice,
  createOfficeInput,
  createDepartment,
  createDepartmentInput,
  createDivision,
  createDivisionInput,
  createIdIndex,
  createIdIndexInput,
  createJobLevel,
  createJobLevelInput,
  createJobPosition,
  createJobPositionInput,
  createSection,
  createSectionInput,
  deleteCompanyOffice,
  deleteDepartment,
  deleteDivision,
  deleteIdIndex,
  deleteJobLevel,
  deleteJobPosition,
  deleteSection,
  findCompanyOffices,
  findDepartments,
  findDivisions,
  findIdIndexes,
  findJobLevels,
  findJobPositions,
  findSections,
  getJobPosition,
  idInput,
  jobPositionsOf,
  listDepartmentsInput,
  listDivisionsInput,
  listIdIndexesInput,
  listJobLevelsInput,
  listJobPositionsInput,
  listOfficesInput,
  listSectionsInput,
  mappingInput,
  orgChart,
  orgChartInput,
  sectionAssignation,
  sectionAssignInput,
  unassignJobPositionFromSection,
  updateCompanyOffice,
  updateDepartment,
  updateDepartmentInput,
  updateDivision,
  updateDivisionInput,
  updateIdIndex,
  updateIdIndexInput,
  updateJobLevel,
  updateJobLevelInput,
  updateJobPosition,
  updateJobPositionInput,
  updateOfficeInput,
  updateSection,
  updateSectionInput,
} from '@hr/core/org';
import { router } from '../trpc/procedures';
import {
  assignEmployeeToIdIndexOutput,
  assignEmployeeToJobPositionOutput,
  assignJobPositionToDepartmentOutput,
  assignJobPositionToDivisionOutput,
  assignJobPositionToJobLevelOutput,
  assignJobPositionToOfficeOutput,
  assignJobPositionToSectionOutput,
  createCompanyOfficeOutput,
  createDepartmentOutput,
  createDivisionOutput,
  createIdIndexOutput,
  createJobLevelOutput,
  createJobPositionOutput,
  createSectionOutput,
  deleteCompanyOfficeOutput,
  deleteDepartmentOutput,
  deleteDivisionOutput,
  deleteIdIndexOutput,
  deleteJobLevelOutput,
  deleteJobPositionOutput,
  deleteSectionOutput,
  divisionAssignationOutput,
  findCompanyOfficesOutput,
  findDepartmentsOutput,
  findDivisionsOutput,
  findIdIndexesOutput,
  findJobLevelsOutput,
  findJobPositionsOutput,
  findSectionsOutput,
  getJobPositionOutput,
  idIndexAssignationOutput,
  idIndexEmployeesOutput,
  jobLevelAssignationOutput,
  jobPositionAssignationOutput,
  jobPositionEmployeeAssignationOutput,
  jobPositionEmployeesOutput,
  jobPositionsOfOutput,
  orgChartOutput,
  sectionAssignationOutput,
  unassignEmployeeFromIdIndexOutput,
  unassignEmployeeFromJobPositionOutput,
  unassignJobPositionFromDivisionOutput,
  unassignJobPositionFromJobLevelOutput,
  unassignJobPositionFromOfficeOrDepartmentOutput,
  unassignJobPositionFromSectionOutput,
  updateCompanyOfficeOutput,
  updateDepartmentOutput,
  updateDivisionOutput,
  updateIdIndexOutput,
  updateJobLevelOutput,
  updateJobPositionOutput,
  updateSectionOutput,
} from '@hr/core/org';

import type { Grant } from '@hr/core/access';
import { assignmentProcedures, call, crudProcedures, gate, type AssignmentMessages } from '../trpc/crud';

/*
 * Organisation structure (spec §7 component/* path families). The plain GETs of
 * /v2/h/component/{companyOffice,department,division,section,jobPosition,jobLevel} stay with the
 * lookups (lookup.router.ts, used by the selectors); the paginated admin lists answer at `<family>/list`.
 */
const C = '/v2/h/component';
const ORG = { view: 'org.view', manage: 'org.manage' } as const;

/** The families whose members hold job positions. */
type JobPositionHolder = Parameters<typeof jobPositionsOf>[2];

/** The job positions held by an office, department, division, section or job level (`<path>/{id}/mapping`). */
const positionsOf = (kind: JobPositionHolder) =>
  call(mappingInput, (ctx, grant: Grant<'org.view'>, input) => jobPositionsOf(ctx, grant, kind, input), jobPositionsOfOutput);

/** The job positions an office or a department could take (`<path>/{id}/assignation`). */
const assignablePositions = (kind: 'companyOffice' | 'department') =>
  call(
    mappingInput,
    (ctx, grant: Grant<'org.view'>, input) => jobPositionAssignation(ctx, grant, kind, input),
    jobPositionAssignationOutput,
  );

/** Takes a job position out of an office or a department (`<path>/{id}/unassign`). */
const unassignPosition = (kind: 'companyOffice' | 'department') =>
  call(
    assignJobPositionInput,
    (ctx, grant: Grant<'org.manage'>, input) => unassignJobPositionFromOfficeOrDepartment(ctx, grant, kind, input),
    unassignJobPositionFromOfficeOrDepartmentOutput,
  );

/** The answers of a family whose members hold job positions; `holder` is "the office", "the section"… */
const positionMessages = (holder: string): AssignmentMessages => ({
  mapping: 'Job positions',
  assignation: 'Assignable job positions',
  assign: `Job position assigned to ${holder}`,
  unassign: `Job position taken out of ${holder}`,
});

const view = gate('org.view');

export const orgRouter = router({
  office: router({
    ...crudProcedures(
      ORG,
      { path: `${C}/companyOffice`, noun: 'Company office', plural: 'Company offices' },
      {
        list: call(listOfficesInput, findCompanyOffices, findCompanyOfficesOutput),
        create: call(createOfficeInput, createCompanyOffice, createCompanyOfficeOutput),
        update: call(updateOfficeInput, updateCompanyOffice, updateCompanyOfficeOutput),
        delete: call(idInput, deleteCompanyOffice, deleteCompanyOfficeOutput),
      },
    ),
    ...assignmentProcedures(ORG, `${C}/companyOffice`, positionMessages('the office'), {
      mapping: positionsOf('companyOffice'),
      assignation: assignablePositions('companyOffice'),
      assign: call(officeAssignInput, assignJobPositionToOffice, assignJobPositionToOfficeOutput),
      unassign: unassignPosition('companyOffice'),
    }),
  }),
  department: router({
    ...crudProcedures(
      ORG,
      { path: `${C}/department`, noun: 'Department', plural: 'Departments' },
      {
        list: call(listDepartmentsInput, findDepartments, findDepartmentsOutput),
        create: call(createDepartmentInput, createDepartment, createDepartmentOutput),
        update: call(updateDepartmentInput, updateDepartment, updateDepartmentOutput),
        delete: call(idInput, deleteDepartment, deleteDepartmentOutput),
      },
    ),
    ...assignmentProcedures(ORG, `${C}/department`, positionMessages('the department'), {
      mapping: positionsOf('department'),
      assignation: assignablePositions('department'),
      assign: call(assignJobPositionInput, assignJobPositionToDepartment, assignJobPositionToDepartmentOutput),
      unassign: unassignPosition('department'),
    }),
  }),
  division: router({
    ...crudProcedures(
      ORG,
      { path: `${C}/division`, noun: 'Division', plural: 'Divisions' },
      {
        list: call(listDivisionsInput, findDivisions, findDivisionsOutput),
        create: call(createDivisionInput, createDivision, createDivisionOutput),
        update: call(updateDivisionInput, updateDivision, updateDivisionOutput),
        delete: call(idInput, deleteDivision, deleteDivisionOutput),
      },
    ),
    ...assignmentProcedures(ORG, `${C}/division`, positionMessages('the division'), {
      mapping: positionsOf('division'),
      assignation: call(mappingInput, divisionAssignation, divisionAssignationOutput),
      assign: call(assignJobPositionInput, assignJobPositionToDivision, assignJobPositionToDivisionOutput),
      unassign: call(assignJobPositionInput, unassignJobPositionFromDivision, unassignJobPositionFromDivisionOutput),
    }),
  }),
  section: router({
    ...crudProcedures(
      ORG,
      { path: `${C}/sectionDepartment`, noun: 'Section', plural: 'Sections' },
      {
        list: call(listSectionsInput, findSections, findSectionsOutput),
        create: call(createSectionInput, createSection, createSectionOutput),
        update: call(updateSectionInput, updateSection, updateSectionOutput),
        delete: call(idInput, deleteSection, deleteSectionOutput),
      },
    ),
    ...assignmentProcedures(ORG, `${C}/sectionDepartment`, positionMessages('the section'), {
      mapping: positionsOf('section'),
      assignation: call(mappingInput, sectionAssignation, sectionAssignationOutput),
      assign: call(sectionAssignInput, assignJobPositionToSection, assignJobPositionToSectionOutput),
      unassign: call(sectionAssignInput, unassignJobPositionFromSection, unassignJobPositionFromSectionOutput),
    }),
  }),
  jobPosition: router({
    ...crudProcedures(
      ORG,
      { path: `${C}/jobPosition`, noun: 'Job position', plural: 'Job positions' },
      {
        list: call(listJobPositionsInput, findJobPositions, findJobPositionsOutput),
        create: call(createJobPositionInput, createJobPosition, createJobPositionOutput),
        update: call(updateJobPositionInput, updateJobPosition, updateJobPositionOutput),
        delete: call(idInput, deleteJobPosition, deleteJobPositionOutput),
      },
    ),
    get: view.get(`${C}/jobPosition/{id}`, 'Job position', call(idInput, getJobPosition, getJobPositionOutput)),
    ...assignmentProcedures(
      ORG,
      `${C}/jobPosition`,
      {
        mapping: 'Employees',
        assignation: 'Assignable employees',
        assign: 'Employee assigned to the job position',
        unassign: 'Employee taken out of the job position',
      },
      {
        mapping: call(mappingInput, jobPositionEmployees, jobPositionEmployeesOutput),
        assignation: call(mappingInput, jobPositionEmployeeAssignation, jobPositionEmployeeAssignationOutput),
        assign: call(assignEmployeeInput, assignEmployeeToJobPosition, assignEmployeeToJobPositionOutput),
        unassign: call(assignEmployeeInput, unassignEmployeeFromJobPosition, unassignEmployeeFromJobPositionOutput),
      },
    ),
  }),
  jobLevel: router({
    ...crudProcedures(
      ORG,
      { path: `${C}/jobLevel`, noun: 'Job level', plural: 'Job levels' },
      {
        list: call(listJobLevelsInput, findJobLevels, findJobLevelsOutput),
        create: call(createJobLevelInput, createJobLevel, createJobLevelOutput),
        update: call(updateJobLevelInput, updateJobLevel, updateJobLevelOutput),
        delete: call(idInput, deleteJobLevel, deleteJobLevelOutput),
      },
    ),
    ...assignmentProcedures(ORG, `${C}/jobLevel`, positionMessages('the job level'), {
      mapping: positionsOf('jobLevel'),
      assignation: call(mappingInput, jobLevelAssignation, jobLevelAssignationOutput),
      assign: call(assignJobPositionInput, assignJobPositionToJobLevel, assignJobPositionToJobLevelOutput),
      unassign: call(assignJobPositionInput, unassignJobPositionFromJobLevel, unassignJobPositionFromJobLevelOutput),
    }),
  }),
  idIndex: router({
    ...crudProcedures(
      ORG,
      { path: `${C}/IDIndex`, noun: 'ID index', plural: 'ID indexes' },
      {
        list: call(listIdIndexesInput, findIdIndexes, findIdIndexesOutput),
        create: call(createIdIndexInput, createIdIndex, createIdIndexOutput),
        update: call(updateIdIndexInput, updateIdIndex, updateIdIndexOutput),
        delete: call(idInput, deleteIdIndex, deleteIdIndexOutput),
      },
    ),
    ...assignmentProcedures(
      ORG,
      `${C}/IDIndex`,
      {
        mapping: 'Employees',
        assignation: 'Employees to renumber',
        assign: 'Employee renumbered',
        unassign: 'Employee number removed',
      },
      {
        mapping: call(mappingInput, idIndexEmployees, idIndexEmployeesOutput),
        assignation: call(mappingInput, idIndexAssignation, idIndexAssignationOutput),
        assign: call(assignEmployeeInput, assignEmployeeToIdIndex, assignEmployeeToIdIndexOutput),
        unassign: call(assignEmployeeInput, unassignEmployeeFromIdIndex, unassignEmployeeFromIdIndexOutput),
      },
    ),
  }),
  chart: view.get(`${C}/orgChart`, 'Org chart', call(orgChartInput, orgChart, orgChartOutput)),
});
