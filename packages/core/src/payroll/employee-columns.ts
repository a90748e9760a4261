import { employeeName } from '../shared/employee-sql';

/**
 * How every payroll row names its employee (employees joined as `e`): the employee number and the display
 * name. Spread into a select list after the row's own `employeeId`.
 */
export const employeeRefColumns = ['e.employee_number as employeeNumber', employeeName.as('employeeName')] as const;
