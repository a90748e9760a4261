import {
  dryRunEmployeeImport,
  employeeImportFileInput,
  employeeImportInput,
  employeeImportTemplate,
  importEmployees,
} from '@hr/core/employees';
import { router } from '../trpc/procedures';
import { call, gate, noInput } from '../trpc/crud';
import { dryRunEmployeeImportOutput, importEmployeesOutput } from '@hr/core/employees';
import { fileResult } from '../trpc/output';

const I = '/v2/h/employee/import';

const employeeCreate = gate('employee.create');

/**
 * Employee import from CSV/XLSX (issue 3): the template, a dry run that writes nothing, and the
 * import itself (one transaction; with invalid rows nothing is written unless `skipInvalid`).
 * The file travels base64 in JSON, within the server's 1 MiB body limit.
 */
export const employeeImportRouter = router({
  template: employeeCreate.file(`${I}/template`, 'Employee import template', noInput(employeeImportTemplate, fileResult)),
  dryRun: employeeCreate.post(
    `${I}/dryRun`,
    'Import checked; nothing was written',
    call(employeeImportFileInput, dryRunEmployeeImport, dryRunEmployeeImportOutput),
  ),
  commit: employeeCreate.post(I, 'Employees imported', call(employeeImportInput, importEmployees, importEmployeesOutput)),
});
