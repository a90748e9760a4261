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
} from '@hr/core';
import { permissionProcedure, router } from '../trpc/procedures';

/*
 * Organisation structure (spec §7 component/* path families). The plain GETs of
 * /v2/h/component/{companyOffice,department,division,section,jobPosition,jobLevel} stay with the
 * lookups (lookup.router.ts, used by the selectors); the paginated admin lists answer at `<family>/list`.
 */
const C = '/v2/h/component';
const view = () => permissionProcedure('org.view');
const manage = () => permissionProcedure('org.manage');

export const orgRouter = router({
  office: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${C}/companyOffice/list`, message: 'Company offices', results: true } })
      .input(listOfficesInput)
      .query(({ ctx, input }) => findCompanyOffices(ctx.svc, ctx.grant, input)),
    create: manage()
      .meta({ rest: { method: 'POST', path: `${C}/companyOffice`, message: 'Company office created' } })
      .input(createOfficeInput)
      .mutation(({ ctx, input }) => createCompanyOffice(ctx.svc, ctx.grant, input)),
    update: manage()
      .meta({ rest: { method: 'POST', path: `${C}/companyOffice/{id}/update`, message: 'Company office updated' } })
      .input(updateOfficeInput)
      .mutation(({ ctx, input }) => updateCompanyOffice(ctx.svc, ctx.grant, input)),
    delete: manage()
      .meta({ rest: { method: 'POST', path: `${C}/companyOffice/{id}/delete`, message: 'Company office deleted' } })
      .input(idInput)
      .mutation(({ ctx, input }) => deleteCompanyOffice(ctx.svc, ctx.grant, input)),
    mapping: view()
      .meta({ rest: { method: 'GET', path: `${C}/companyOffice/{id}/mapping`, message: 'Job positions', results: true } })
      .input(mappingInput)
      .query(({ ctx, input }) => jobPositionsOf(ctx.svc, ctx.grant, 'companyOffice', input)),
    assignation: view()
      .meta({
        rest: { method: 'GET', path: `${C}/companyOffice/{id}/assignation`, message: 'Assignable job positions', results: true },
      })
      .input(mappingInput)
      .query(({ ctx, input }) => jobPositionAssignation(ctx.svc, ctx.grant, 'companyOffice', input)),
    assign: manage()
      .meta({ rest: { method: 'POST', path: `${C}/companyOffice/{id}/assign`, message: 'Job position assigned to the office' } })
      .input(officeAssignInput)
      .mutation(({ ctx, input }) => assignJobPositionToOffice(ctx.svc, ctx.grant, input)),
    unassign: manage()
      .meta({
        rest: { method: 'POST', path: `${C}/companyOffice/{id}/unassign`, message: 'Job position taken out of the office' },
      })
      .input(assignJobPositionInput)
      .mutation(({ ctx, input }) => unassignJobPositionFromOfficeOrDepartment(ctx.svc, ctx.grant, 'companyOffice', input)),
  }),
  department: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${C}/department/list`, message: 'Departments', results: true } })
      .input(listDepartmentsInput)
      .query(({ ctx, input }) => findDepartments(ctx.svc, ctx.grant, input)),
    create: manage()
      .meta({ rest: { method: 'POST', path: `${C}/department`, message: 'Department created' } })
      .input(createDepartmentInput)
      .mutation(({ ctx, input }) => createDepartment(ctx.svc, ctx.grant, input)),
    update: manage()
      .meta({ rest: { method: 'POST', path: `${C}/department/{id}/update`, message: 'Department updated' } })
      .input(updateDepartmentInput)
      .mutation(({ ctx, input }) => updateDepartment(ctx.svc, ctx.grant, input)),
    delete: manage()
      .meta({ rest: { method: 'POST', path: `${C}/department/{id}/delete`, message: 'Department deleted' } })
      .input(idInput)
      .mutation(({ ctx, input }) => deleteDepartment(ctx.svc, ctx.grant, input)),
    mapping: view()
      .meta({ rest: { method: 'GET', path: `${C}/department/{id}/mapping`, message: 'Job positions', results: true } })
      .input(mappingInput)
      .query(({ ctx, input }) => jobPositionsOf(ctx.svc, ctx.grant, 'department', input)),
    assignation: view()
      .meta({
        rest: { method: 'GET', path: `${C}/department/{id}/assignation`, message: 'Assignable job positions', results: true },
      })
      .input(mappingInput)
      .query(({ ctx, input }) => jobPositionAssignation(ctx.svc, ctx.grant, 'department', input)),
    assign: manage()
      .meta({ rest: { method: 'POST', path: `${C}/department/{id}/assign`, message: 'Job position assigned to the department' } })
      .input(assignJobPositionInput)
      .mutation(({ ctx, input }) => assignJobPositionToDepartment(ctx.svc, ctx.grant, input)),
    unassign: manage()
      .meta({
        rest: { method: 'POST', path: `${C}/department/{id}/unassign`, message: 'Job position taken out of the department' },
      })
      .input(assignJobPositionInput)
      .mutation(({ ctx, input }) => unassignJobPositionFromOfficeOrDepartment(ctx.svc, ctx.grant, 'department', input)),
  }),
  division: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${C}/division/list`, message: 'Divisions', results: true } })
      .input(listDivisionsInput)
      .query(({ ctx, input }) => findDivisions(ctx.svc, ctx.grant, input)),
    create: manage()
      .meta({ rest: { method: 'POST', path: `${C}/division`, message: 'Division created' } })
      .input(createDivisionInput)
      .mutation(({ ctx, input }) => createDivision(ctx.svc, ctx.grant, input)),
    update: manage()
      .meta({ rest: { method: 'POST', path: `${C}/division/{id}/update`, message: 'Division updated' } })
      .input(updateDivisionInput)
      .mutation(({ ctx, input }) => updateDivision(ctx.svc, ctx.grant, input)),
    delete: manage()
      .meta({ rest: { method: 'POST', path: `${C}/division/{id}/delete`, message: 'Division deleted' } })
      .input(idInput)
      .mutation(({ ctx, input }) => deleteDivision(ctx.svc, ctx.grant, input)),
    mapping: view()
      .meta({ rest: { method: 'GET', path: `${C}/division/{id}/mapping`, message: 'Job positions', results: true } })
      .input(mappingInput)
      .query(({ ctx, input }) => jobPositionsOf(ctx.svc, ctx.grant, 'division', input)),
    assignation: view()
      .meta({
        rest: { method: 'GET', path: `${C}/division/{id}/assignation`, message: 'Assignable job positions', results: true },
      })
      .input(mappingInput)
      .query(({ ctx, input }) => divisionAssignation(ctx.svc, ctx.grant, input)),
    assign: manage()
      .meta({ rest: { method: 'POST', path: `${C}/division/{id}/assign`, message: 'Job position assigned to the division' } })
      .input(assignJobPositionInput)
      .mutation(({ ctx, input }) => assignJobPositionToDivision(ctx.svc, ctx.grant, input)),
    unassign: manage()
      .meta({ rest: { method: 'POST', path: `${C}/division/{id}/unassign`, message: 'Job position taken out of the division' } })
      .input(assignJobPositionInput)
      .mutation(({ ctx, input }) => unassignJobPositionFromDivision(ctx.svc, ctx.grant, input)),
  }),
  section: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${C}/sectionDepartment/list`, message: 'Sections', results: true } })
      .input(listSectionsInput)
      .query(({ ctx, input }) => findSections(ctx.svc, ctx.grant, input)),
    create: manage()
      .meta({ rest: { method: 'POST', path: `${C}/sectionDepartment`, message: 'Section created' } })
      .input(createSectionInput)
      .mutation(({ ctx, input }) => createSection(ctx.svc, ctx.grant, input)),
    update: manage()
      .meta({ rest: { method: 'POST', path: `${C}/sectionDepartment/{id}/update`, message: 'Section updated' } })
      .input(updateSectionInput)
      .mutation(({ ctx, input }) => updateSection(ctx.svc, ctx.grant, input)),
    delete: manage()
      .meta({ rest: { method: 'POST', path: `${C}/sectionDepartment/{id}/delete`, message: 'Section deleted' } })
      .input(idInput)
      .mutation(({ ctx, input }) => deleteSection(ctx.svc, ctx.grant, input)),
    mapping: view()
      .meta({ rest: { method: 'GET', path: `${C}/sectionDepartment/{id}/mapping`, message: 'Job positions', results: true } })
      .input(mappingInput)
      .query(({ ctx, input }) => jobPositionsOf(ctx.svc, ctx.grant, 'section', input)),
    assignation: view()
      .meta({
        rest: {
          method: 'GET',
          path: `${C}/sectionDepartment/{id}/assignation`,
          message: 'Assignable job positions',
          results: true,
        },
      })
      .input(mappingInput)
      .query(({ ctx, input }) => sectionAssignation(ctx.svc, ctx.grant, input)),
    assign: manage()
      .meta({
        rest: { method: 'POST', path: `${C}/sectionDepartment/{id}/assign`, message: 'Job position assigned to the section' },
      })
      .input(sectionAssignInput)
      .mutation(({ ctx, input }) => assignJobPositionToSection(ctx.svc, ctx.grant, input)),
    unassign: manage()
      .meta({
        rest: { method: 'POST', path: `${C}/sectionDepartment/{id}/unassign`, message: 'Job position taken out of the section' },
      })
      .input(sectionAssignInput)
      .mutation(({ ctx, input }) => unassignJobPositionFromSection(ctx.svc, ctx.grant, input)),
  }),
  jobPosition: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${C}/jobPosition/list`, message: 'Job positions', results: true } })
      .input(listJobPositionsInput)
      .query(({ ctx, input }) => findJobPositions(ctx.svc, ctx.grant, input)),
    get: view()
      .meta({ rest: { method: 'GET', path: `${C}/jobPosition/{id}`, message: 'Job position' } })
      .input(idInput)
      .query(({ ctx, input }) => getJobPosition(ctx.svc, ctx.grant, input)),
    create: manage()
      .meta({ rest: { method: 'POST', path: `${C}/jobPosition`, message: 'Job position created' } })
      .input(createJobPositionInput)
      .mutation(({ ctx, input }) => createJobPosition(ctx.svc, ctx.grant, input)),
    update: manage()
      .meta({ rest: { method: 'POST', path: `${C}/jobPosition/{id}/update`, message: 'Job position updated' } })
      .input(updateJobPositionInput)
      .mutation(({ ctx, input }) => updateJobPosition(ctx.svc, ctx.grant, input)),
    delete: manage()
      .meta({ rest: { method: 'POST', path: `${C}/jobPosition/{id}/delete`, message: 'Job position deleted' } })
      .input(idInput)
      .mutation(({ ctx, input }) => deleteJobPosition(ctx.svc, ctx.grant, input)),
    mapping: view()
      .meta({ rest: { method: 'GET', path: `${C}/jobPosition/{id}/mapping`, message: 'Employees', results: true } })
      .input(mappingInput)
      .query(({ ctx, input }) => jobPositionEmployees(ctx.svc, ctx.grant, input)),
    assignation: view()
      .meta({
        rest: { method: 'GET', path: `${C}/jobPosition/{id}/assignation`, message: 'Assignable employees', results: true },
      })
      .input(mappingInput)
      .query(({ ctx, input }) => jobPositionEmployeeAssignation(ctx.svc, ctx.grant, input)),
    assign: manage()
      .meta({ rest: { method: 'POST', path: `${C}/jobPosition/{id}/assign`, message: 'Employee assigned to the job position' } })
      .input(assignEmployeeInput)
      .mutation(({ ctx, input }) => assignEmployeeToJobPosition(ctx.svc, ctx.grant, input)),
    unassign: manage()
      .meta({
        rest: { method: 'POST', path: `${C}/jobPosition/{id}/unassign`, message: 'Employee taken out of the job position' },
      })
      .input(assignEmployeeInput)
      .mutation(({ ctx, input }) => unassignEmployeeFromJobPosition(ctx.svc, ctx.grant, input)),
  }),
  jobLevel: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${C}/jobLevel/list`, message: 'Job levels', results: true } })
      .input(listJobLevelsInput)
      .query(({ ctx, input }) => findJobLevels(ctx.svc, ctx.grant, input)),
    create: manage()
      .meta({ rest: { method: 'POST', path: `${C}/jobLevel`, message: 'Job level created' } })
      .input(createJobLevelInput)
      .mutation(({ ctx, input }) => createJobLevel(ctx.svc, ctx.grant, input)),
    update: manage()
      .meta({ rest: { method: 'POST', path: `${C}/jobLevel/{id}/update`, message: 'Job level updated' } })
      .input(updateJobLevelInput)
      .mutation(({ ctx, input }) => updateJobLevel(ctx.svc, ctx.grant, input)),
    delete: manage()
      .meta({ rest: { method: 'POST', path: `${C}/jobLevel/{id}/delete`, message: 'Job level deleted' } })
      .input(idInput)
      .mutation(({ ctx, input }) => deleteJobLevel(ctx.svc, ctx.grant, input)),
    mapping: view()
      .meta({ rest: { method: 'GET', path: `${C}/jobLevel/{id}/mapping`, message: 'Job positions', results: true } })
      .input(mappingInput)
      .query(({ ctx, input }) => jobPositionsOf(ctx.svc, ctx.grant, 'jobLevel', input)),
    assignation: view()
      .meta({
        rest: { method: 'GET', path: `${C}/jobLevel/{id}/assignation`, message: 'Assignable job positions', results: true },
      })
      .input(mappingInput)
      .query(({ ctx, input }) => jobLevelAssignation(ctx.svc, ctx.grant, input)),
    assign: manage()
      .meta({ rest: { method: 'POST', path: `${C}/jobLevel/{id}/assign`, message: 'Job position assigned to the job level' } })
      .input(assignJobPositionInput)
      .mutation(({ ctx, input }) => assignJobPositionToJobLevel(ctx.svc, ctx.grant, input)),
    unassign: manage()
      .meta({ rest: { method: 'POST', path: `${C}/jobLevel/{id}/unassign`, message: 'Job position taken out of the job level' } })
      .input(assignJobPositionInput)
      .mutation(({ ctx, input }) => unassignJobPositionFromJobLevel(ctx.svc, ctx.grant, input)),
  }),
  idIndex: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${C}/IDIndex/list`, message: 'ID indexes', results: true } })
      .input(listIdIndexesInput)
      .query(({ ctx, input }) => findIdIndexes(ctx.svc, ctx.grant, input)),
    create: manage()
      .meta({ rest: { method: 'POST', path: `${C}/IDIndex`, message: 'ID index created' } })
      .input(createIdIndexInput)
      .mutation(({ ctx, input }) => createIdIndex(ctx.svc, ctx.grant, input)),
    update: manage()
      .meta({ rest: { method: 'POST', path: `${C}/IDIndex/{id}/update`, message: 'ID index updated' } })
      .input(updateIdIndexInput)
      .mutation(({ ctx, input }) => updateIdIndex(ctx.svc, ctx.grant, input)),
    delete: manage()
      .meta({ rest: { method: 'POST', path: `${C}/IDIndex/{id}/delete`, message: 'ID index deleted' } })
      .input(idInput)
      .mutation(({ ctx, input }) => deleteIdIndex(ctx.svc, ctx.grant, input)),
    mapping: view()
      .meta({ rest: { method: 'GET', path: `${C}/IDIndex/{id}/mapping`, message: 'Employees', results: true } })
      .input(mappingInput)
      .query(({ ctx, input }) => idIndexEmployees(ctx.svc, ctx.grant, input)),
    assignation: view()
      .meta({ rest: { method: 'GET', path: `${C}/IDIndex/{id}/assignation`, message: 'Employees to renumber', results: true } })
      .input(mappingInput)
      .query(({ ctx, input }) => idIndexAssignation(ctx.svc, ctx.grant, input)),
    assign: manage()
      .meta({ rest: { method: 'POST', path: `${C}/IDIndex/{id}/assign`, message: 'Employee renumbered' } })
      .input(assignEmployeeInput)
      .mutation(({ ctx, input }) => assignEmployeeToIdIndex(ctx.svc, ctx.grant, input)),
    unassign: manage()
      .meta({ rest: { method: 'POST', path: `${C}/IDIndex/{id}/unassign`, message: 'Employee number removed' } })
      .input(assignEmployeeInput)
      .mutation(({ ctx, input }) => unassignEmployeeFromIdIndex(ctx.svc, ctx.grant, input)),
  }),
  chart: view()
    .meta({ rest: { method: 'GET', path: `${C}/orgChart`, message: 'Org chart' } })
    .input(orgChartInput)
    .query(({ ctx, input }) => orgChart(ctx.svc, ctx.grant, input)),
});
