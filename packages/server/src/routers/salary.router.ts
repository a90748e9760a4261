import {
  bonusCutLookup,
  bonusCutLookupInput,
  bonusCutLookupOutput,
  createBonusCutType,
  createBonusCutTypeInput,
  createBonusCutTypeOutput,
  deleteBonusCutType,
  deleteBonusCutTypeOutput,
  listBonusCutTypes,
  listBonusCutTypesInput,
  listBonusCutTypesOutput,
  updateBonusCutType,
  updateBonusCutTypeInput,
  updateBonusCutTypeOutput,
} from '@hr/core/payroll';
import {
  cancelPayroll,
  checkSalaryFormula,
  createBonusCut,
  createBonusCutInput,
  createComponentInput,
  createEmployeeComponent,
  createEmployeeComponentInput,
  createQueueInput,
  createSalaryComponent,
  createSalaryQueue,
  deleteBonusCut,
  deleteEmployeeComponent,
  deleteSalaryComponent,
  deleteSalaryQueue,
  downloadPayrollRun,
  dryRunPayroll,
  finalisePayroll,
  generatePayroll,
  generateRunInput,
  getPayrollRun,
  getPayrollSettings,
  getPayslip,
  getSalaryEmployee,
  listBonusCuts,
  listBonusCutsInput,
  listEmployeeComponents,
  listEmployeeComponentsInput,
  listPayrollRuns,
  listQueueInput,
  listRunsInput,
  listSalaryComponents,
  listSalaryEmployees,
  listSalaryEmployeesInput,
  listSalaryQueue,
  myPayslips,
  payslipInput,
  personalSalaryInput,
  runDetailInput,
  salaryEmployeeInput,
  salaryIdInput,
  updateBonusCut,
  updateBonusCutInput,
  updateComponentInput,
  updateEmployeeComponent,
  updateEmployeeComponentInput,
  updatePayrollSettings,
  updatePayrollSettingsInput,
  updateQueueInput,
  updateSalaryComponent,
  updateSalaryQueue,
  validateFormulaInput,
} from '@hr/core/payroll';
import { enqueueJob, JOB_KINDS, requireCompanyScope } from '../jobs/kinds';
import { permissionProcedure, router } from '../trpc/procedures';
import { payslipRouter } from './salary-payslip.router';
import { incomeTaxRouter, reportBonusRouter } from './salary-tax.router';
import { holidayAllowanceRouter } from './salary-thr.router';
import { taxReportRouter } from './tax-reporting.router';
import { pieceRouter } from './salary-piece.router';
import {
  cancelPayrollOutput,
  checkSalaryFormulaOutput,
  createBonusCutOutput,
  createEmployeeComponentOutput,
  createSalaryComponentOutput,
  createSalaryQueueOutput,
  deleteBonusCutOutput,
  deleteEmployeeComponentOutput,
  deleteSalaryComponentOutput,
  deleteSalaryQueueOutput,
  dryRunPayrollOutput,
  finalisePayrollOutput,
  generatePayrollOutput,
  getPayrollRunOutput,
  getPayrollSettingsOutput,
  getPayslipOutput,
  getSalaryEmployeeOutput,
  listBonusCutsOutput,
  listEmployeeComponentsOutput,
  listPayrollRunsOutput,
  listSalaryComponentsOutput,
  listSalaryEmployeesOutput,
  listSalaryQueueOutput,
  myPayslipsOutput,
  updateBonusCutOutput,
  updateEmployeeComponentOutput,
  updatePayrollSettingsOutput,
  updateSalaryComponentOutput,
  updateSalaryQueueOutput,
} from '@hr/core/payroll';
import { enqueueJobOutput, fileResult, returns } from '../trpc/output';
import { call, crudProcedures, writeProcedures } from '../trpc/crud';

/*
 * Salary data, payroll runs and payslips (issue 5 part 2; spec §7 "salary/report, /queue,
 * /employee/{id}/..., /setting, /bonusCut, /formula, /employeeComponent" and /personal/salary; §6 salary
 * permissions). Methods are not in the spec: lists GET, creates POST on the family, updates, deletes and
 * actions POST on {id}/<verb> like the rest of /v2/h. Salary components live under salary/formula.
 */
const S = '/v2/h/salary';
const view = () => permissionProcedure('salary.view');
const update = () => permissionProcedure('salary.update');

export const salaryRouter = router({
  setting: router({
    get: view()
      .meta({ rest: { method: 'GET', path: `${S}/setting`, message: 'Payroll settings' } })
      .output(returns(getPayrollSettingsOutput))
      .query(({ ctx }) => getPayrollSettings(ctx.svc, ctx.grant)),
    update: permissionProcedure('salary.setting')
      .meta({ rest: { method: 'POST', path: `${S}/setting/update`, message: 'Payroll settings updated' } })
      .input(updatePayrollSettingsInput)
      .output(returns(updatePayrollSettingsOutput))
      .mutation(({ ctx, input }) => updatePayrollSettings(ctx.svc, ctx.grant, input)),
  }),
  formula: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${S}/formula/list`, message: 'Salary components', results: true } })
      .output(returns(listSalaryComponentsOutput))
      .query(({ ctx }) => listSalaryComponents(ctx.svc, ctx.grant)),
    validate: view()
      .meta({ rest: { method: 'POST', path: `${S}/formula/validate`, message: 'Formula checked' } })
      .input(validateFormulaInput)
      .output(returns(checkSalaryFormulaOutput))
      .mutation(({ ctx, input }) => checkSalaryFormula(ctx.svc, ctx.grant, input)),
    ...writeProcedures(
      'salary.update',
      { path: `${S}/formula`, noun: 'Salary component' },
      {
        create: call(createComponentInput, createSalaryComponent, createSalaryComponentOutput),
        update: call(updateComponentInput, updateSalaryComponent, updateSalaryComponentOutput),
        delete: call(salaryIdInput, deleteSalaryComponent, deleteSalaryComponentOutput),
      },
    ),
  }),
  employeeComponent: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${S}/employeeComponent`, message: 'Employee components', results: true } })
      .input(listEmployeeComponentsInput)
      .output(returns(listEmployeeComponentsOutput))
      .query(({ ctx, input }) => listEmployeeComponents(ctx.svc, ctx.grant, input)),
    ...writeProcedures(
      'salary.update',
      { path: `${S}/employeeComponent`, noun: 'Employee component' },
      {
        create: call(createEmployeeComponentInput, createEmployeeComponent, createEmployeeComponentOutput),
        update: call(updateEmployeeComponentInput, updateEmployeeComponent, updateEmployeeComponentOutput),
        delete: call(salaryIdInput, deleteEmployeeComponent, deleteEmployeeComponentOutput),
      },
    ),
  }),
  bonusCut: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${S}/bonusCut`, message: 'Bonus/cuts', results: true } })
      .input(listBonusCutsInput)
      .output(returns(listBonusCutsOutput))
      .query(({ ctx, input }) => listBonusCuts(ctx.svc, ctx.grant, input)),
    ...writeProcedures(
      'salary.update',
      { path: `${S}/bonusCut`, noun: 'Bonus/cut' },
      {
        create: call(createBonusCutInput, createBonusCut, createBonusCutOutput),
        update: call(updateBonusCutInput, updateBonusCut, updateBonusCutOutput),
        delete: call(salaryIdInput, deleteBonusCut, deleteBonusCutOutput),
      },
    ),
    /** The catalogue (issue 20 item 2): listed with salary.view, kept with the payroll settings' permission. */
    types: router(
      crudProcedures(
        { view: 'salary.view', manage: 'salary.setting' },
        { path: `${S}/bonusCut/type`, noun: 'Bonus/cut type', plural: 'Bonus/cut types' },
        {
          list: call(listBonusCutTypesInput, listBonusCutTypes, listBonusCutTypesOutput),
          create: call(createBonusCutTypeInput, createBonusCutType, createBonusCutTypeOutput),
          update: call(updateBonusCutTypeInput, updateBonusCutType, updateBonusCutTypeOutput),
          delete: call(salaryIdInput, deleteBonusCutType, deleteBonusCutTypeOutput),
        },
      ),
    ),
    /** spec §7 bonusCuts lookup: active types, `selected` 0/1 for the employee's current ones. */
    lookup: view()
      .meta({ rest: { method: 'GET', path: '/v2/h/component/bonusCut', message: 'Bonus/cuts', results: true } })
      .input(bonusCutLookupInput)
      .output(returns(bonusCutLookupOutput))
      .query(({ ctx, input }) => bonusCutLookup(ctx.svc, ctx.grant, input)),
  }),
  queue: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${S}/queue`, message: 'Salary queue', results: true } })
      .input(listQueueInput)
      .output(returns(listSalaryQueueOutput))
      .query(({ ctx, input }) => listSalaryQueue(ctx.svc, ctx.grant, input)),
    create: update()
      .meta({ rest: { method: 'POST', path: `${S}/queue`, message: 'Salary change queued' } })
      .input(createQueueInput)
      .output(returns(createSalaryQueueOutput))
      .mutation(({ ctx, input }) => createSalaryQueue(ctx.svc, ctx.grant, input)),
    update: update()
      .meta({ rest: { method: 'POST', path: `${S}/queue/{id}/update`, message: 'Salary change updated' } })
      .input(updateQueueInput)
      .output(returns(updateSalaryQueueOutput))
      .mutation(({ ctx, input }) => updateSalaryQueue(ctx.svc, ctx.grant, input)),
    delete: update()
      .meta({ rest: { method: 'POST', path: `${S}/queue/{id}/delete`, message: 'Salary change deleted' } })
      .input(salaryIdInput)
      .output(returns(deleteSalaryQueueOutput))
      .mutation(({ ctx, input }) => deleteSalaryQueue(ctx.svc, ctx.grant, input)),
  }),
  report: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${S}/report`, message: 'Salary reports', results: true } })
      .input(listRunsInput)
      .output(returns(listPayrollRunsOutput))
      .query(({ ctx, input }) => listPayrollRuns(ctx.svc, ctx.grant, input)),
    generate: update()
      .meta({ rest: { method: 'POST', path: `${S}/report/generate`, message: 'Salary report generated' } })
      .input(generateRunInput)
      .output(returns(generatePayrollOutput))
      .mutation(({ ctx, input }) => generatePayroll(ctx.svc, ctx.grant, input)),
    /** The same run as a background job (docs/jobs.md): answers `{ jobId }` at once; job.get follows it. */
    generateJob: update()
      .meta({ rest: { method: 'POST', path: `${S}/report/generate/job`, message: 'Salary report generation started' } })
      .input(generateRunInput)
      .output(returns(enqueueJobOutput))
      .mutation(({ ctx, input }) => {
        requireCompanyScope(ctx.grant);
        return enqueueJob(ctx.services, JOB_KINDS.payroll, input, ctx.actor);
      }),
    dryRun: update()
      .meta({ rest: { method: 'POST', path: `${S}/report/generate/dryRun`, message: 'Salary report dry run' } })
      .input(generateRunInput)
      .output(returns(dryRunPayrollOutput))
      .mutation(({ ctx, input }) => dryRunPayroll(ctx.svc, ctx.grant, input)),
    detail: view()
      .meta({ rest: { method: 'GET', path: `${S}/report/{id}/detail`, message: 'Salary report' } })
      .input(runDetailInput)
      .output(returns(getPayrollRunOutput))
      .query(({ ctx, input }) => getPayrollRun(ctx.svc, ctx.grant, input)),
    payslip: view()
      .meta({ rest: { method: 'GET', path: `${S}/report/payslip/{id}`, message: 'Payslip' } })
      .input(payslipInput)
      .output(returns(getPayslipOutput))
      .query(({ ctx, input }) => getPayslip(ctx.svc, ctx.grant, input)),
    finalise: update()
      .meta({ rest: { method: 'POST', path: `${S}/report/{id}/finalise`, message: 'Salary report finalised' } })
      .input(salaryIdInput)
      .output(returns(finalisePayrollOutput))
      .mutation(({ ctx, input }) => finalisePayroll(ctx.svc, ctx.grant, input)),
    cancel: update()
      .meta({ rest: { method: 'POST', path: `${S}/report/{id}/cancel`, message: 'Salary report cancelled' } })
      .input(salaryIdInput)
      .output(returns(cancelPayrollOutput))
      .mutation(({ ctx, input }) => cancelPayroll(ctx.svc, ctx.grant, input)),
    download: view()
      .meta({ rest: { method: 'GET', path: `${S}/report/{id}/download`, message: 'Salary report download', download: true } })
      .input(salaryIdInput)
      .output(returns(fileResult))
      .query(({ ctx, input }) => downloadPayrollRun(ctx.svc, ctx.grant, input)),
  }),
  employee: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${S}/employee`, message: 'Employee salaries', results: true } })
      .input(listSalaryEmployeesInput)
      .output(returns(listSalaryEmployeesOutput))
      .query(({ ctx, input }) => listSalaryEmployees(ctx.svc, ctx.grant, input)),
    detail: view()
      .meta({ rest: { method: 'GET', path: `${S}/employee/{id}/detail`, message: 'Employee salary' } })
      .input(salaryEmployeeInput)
      .output(returns(getSalaryEmployeeOutput))
      .query(({ ctx, input }) => getSalaryEmployee(ctx.svc, ctx.grant, input)),
  }),
  personal: permissionProcedure('personal.access')
    .meta({ rest: { method: 'GET', path: '/v2/h/personal/salary', message: 'My payslips', results: true } })
    .input(personalSalaryInput)
    .output(returns(myPayslipsOutput))
    .query(({ ctx, input }) => myPayslips(ctx.svc, ctx.grant, input)),
  holidayAllowance: holidayAllowanceRouter,
  piece: pieceRouter,
  incomeTax: incomeTaxRouter,
  reportBonus: reportBonusRouter,
  taxReport: taxReportRouter,
  payslip: payslipRouter,
});
