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
  refuseUnconfirmedFuturePeriod,
  reopenPayroll,
  reopenRunInput,
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
import { jobProcedure } from '../jobs/job.router';
import { JOB_KINDS, requireCompanyScope } from '../jobs/kinds';
import { router } from '../trpc/procedures';
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
import { fileResult } from '../trpc/output';
import { call, crudProcedures, gate, noInput, writeProcedures } from '../trpc/crud';

/*
 * Salary data, payroll runs and payslips (issue 5 part 2; spec §7 "salary/report, /queue,
 * /employee/{id}/..., /setting, /bonusCut, /formula, /employeeComponent" and /personal/salary; §6 salary
 * permissions). Methods are not in the spec: lists GET, creates POST on the family, updates, deletes and
 * actions POST on {id}/<verb> like the rest of /v2/h. Salary components live under salary/formula.
 */
const S = '/v2/h/salary';

const setting = gate('salary.setting');
const view = gate('salary.view');
const salaryUpdate = gate('salary.update');
const personal = gate('personal.access');

export const salaryRouter = router({
  setting: router({
    get: view.get(`${S}/setting`, 'Payroll settings', noInput(getPayrollSettings, getPayrollSettingsOutput)),
    update: setting.post(
      `${S}/setting/update`,
      'Payroll settings updated',
      call(updatePayrollSettingsInput, updatePayrollSettings, updatePayrollSettingsOutput),
    ),
  }),
  formula: router({
    list: view.list(`${S}/formula/list`, 'Salary components', noInput(listSalaryComponents, listSalaryComponentsOutput)),
    validate: view.post(
      `${S}/formula/validate`,
      'Formula checked',
      call(validateFormulaInput, checkSalaryFormula, checkSalaryFormulaOutput),
    ),
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
    list: view.list(
      `${S}/employeeComponent`,
      'Employee components',
      call(listEmployeeComponentsInput, listEmployeeComponents, listEmployeeComponentsOutput),
    ),
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
    list: view.list(`${S}/bonusCut`, 'Bonus/cuts', call(listBonusCutsInput, listBonusCuts, listBonusCutsOutput)),
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
    lookup: view.list('/v2/h/component/bonusCut', 'Bonus/cuts', call(bonusCutLookupInput, bonusCutLookup, bonusCutLookupOutput)),
  }),
  queue: router({
    list: view.list(`${S}/queue`, 'Salary queue', call(listQueueInput, listSalaryQueue, listSalaryQueueOutput)),
    create: salaryUpdate.post(
      `${S}/queue`,
      'Salary change queued',
      call(createQueueInput, createSalaryQueue, createSalaryQueueOutput),
    ),
    update: salaryUpdate.post(
      `${S}/queue/{id}/update`,
      'Salary change updated',
      call(updateQueueInput, updateSalaryQueue, updateSalaryQueueOutput),
    ),
    delete: salaryUpdate.post(
      `${S}/queue/{id}/delete`,
      'Salary change deleted',
      call(salaryIdInput, deleteSalaryQueue, deleteSalaryQueueOutput),
    ),
  }),
  report: router({
    list: view.list(`${S}/report`, 'Salary reports', call(listRunsInput, listPayrollRuns, listPayrollRunsOutput)),
    generate: salaryUpdate.post(
      `${S}/report/generate`,
      'Salary report generated',
      call(generateRunInput, generatePayroll, generatePayrollOutput),
    ),
    /** The same run as a background job (docs/jobs.md): answers `{ jobId }` at once; job.get follows it. */
    generateJob: jobProcedure(
      'salary.update',
      JOB_KINDS.payroll,
      { path: `${S}/report/generate/job`, message: 'Salary report generation started' },
      generateRunInput,
      (ctx, grant, input) => {
        requireCompanyScope(grant);
        // The future-month warning answers at once, not from inside the job (issue 19 item 17).
        refuseUnconfirmedFuturePeriod(ctx, input);
      },
    ),
    dryRun: salaryUpdate.post(
      `${S}/report/generate/dryRun`,
      'Salary report dry run',
      // Either grant: a dry run is a read that salary.update also may do.
      { input: generateRunInput, run: dryRunPayroll, output: dryRunPayrollOutput },
    ),
    detail: view.get(`${S}/report/{id}/detail`, 'Salary report', call(runDetailInput, getPayrollRun, getPayrollRunOutput)),
    payslip: view.get(`${S}/report/payslip/{id}`, 'Payslip', call(payslipInput, getPayslip, getPayslipOutput)),
    finalise: salaryUpdate.post(
      `${S}/report/{id}/finalise`,
      'Salary report finalised',
      call(salaryIdInput, finalisePayroll, finalisePayrollOutput),
    ),
    /** HR reopens a finalised month (issue 19 item 17): audited, guarded, refused after a bank transfer export. */
    reopen: salaryUpdate.post(
      `${S}/report/{id}/reopen`,
      'Salary report reopened',
      call(reopenRunInput, reopenPayroll, finalisePayrollOutput),
    ),
    cancel: salaryUpdate.post(
      `${S}/report/{id}/cancel`,
      'Salary report cancelled',
      call(salaryIdInput, cancelPayroll, cancelPayrollOutput),
    ),
    download: view.file(
      `${S}/report/{id}/download`,
      'Salary report download',
      call(salaryIdInput, downloadPayrollRun, fileResult),
    ),
  }),
  employee: router({
    list: view.list(
      `${S}/employee`,
      'Employee salaries',
      call(listSalaryEmployeesInput, listSalaryEmployees, listSalaryEmployeesOutput),
    ),
    detail: view.get(
      `${S}/employee/{id}/detail`,
      'Employee salary',
      call(salaryEmployeeInput, getSalaryEmployee, getSalaryEmployeeOutput),
    ),
  }),
  personal: personal.list('/v2/h/personal/salary', 'My payslips', call(personalSalaryInput, myPayslips, myPayslipsOutput)),
  holidayAllowance: holidayAllowanceRouter,
  piece: pieceRouter,
  incomeTax: incomeTaxRouter,
  reportBonus: reportBonusRouter,
  taxReport: taxReportRouter,
  payslip: payslipRouter,
});
