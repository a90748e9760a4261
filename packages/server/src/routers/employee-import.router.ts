import {
  dryRunEmployeeImport,
  employeeImportFileInput,
  employeeImportInput,
  employeeImportTemplate,
  importEmployees,
} from '@hr/core/employees';
import { permissionProcedure, router } from '../trpc/procedures';
import { dryRunEmployeeImportOutput, importEmployeesOutput } from '@hr/core/employees';
import { fileResult, returns } from '../trpc/output';

const I = '/v2/h/employee/import';

/**
 * Employee import from CSV/XLSX (issue 3): the template, a dry run that writes nothing, and the
 * import itself (one transaction; with invalid rows nothing is written unless `skipInvalid`).
 * The file travels base64 in JSON, within the server's 1 MiB body limit.
 */
export const employeeImportRouter = router({
  template: permissionProcedure('employee.create')
    .meta({ rest: { method: 'GET', path: `${I}/template`, message: 'Employee import template', download: true } })
    .output(returns(fileResult))
    .query(({ ctx }) => employeeImportTemplate(ctx.svc, ctx.grant)),
  dryRun: permissionProcedure('employee.create')
    .meta({ rest: { method: 'POST', path: `${I}/dryRun`, message: 'Import checked; nothing was written' } })
    .input(employeeImportFileInput)
    .output(returns(dryRunEmployeeImportOutput))
    .mutation(({ ctx, input }) => dryRunEmployeeImport(ctx.svc, ctx.grant, input)),
  commit: permissionProcedure('employee.create')
    .meta({ rest: { method: 'POST', path: I, message: 'Employees imported' } })
    .input(employeeImportInput)
    .output(returns(importEmployeesOutput))
    .mutation(({ ctx, input }) => importEmployees(ctx.svc, ctx.grant, input)),
});
