import { z } from 'zod';
import { optionalId, pageInput, text } from '../shared/zod';

export const EMPLOYEE_SORTS = ['name', 'employeeNumber', 'entryDate', 'office', 'department'] as const;

export const listEmployeesInput = pageInput.extend({
  search: text(100).optional(),
  companyOfficeId: optionalId,
  departmentId: optionalId,
  divisionId: optionalId,
  /** Resigned/working, spec §3: Resigned=1, Work=0. */
  resigned: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
  sort: z.enum(EMPLOYEE_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListEmployeesInput = z.input<typeof listEmployeesInput>;

export interface EmployeeListRow {
  id: number;
  employeeNumber: string;
  name: string;
  email: string;
  gender: string;
  companyOfficeId: number;
  companyOffice: string;
  departmentId: number | null;
  department: string | null;
  divisionId: number | null;
  division: string | null;
  jobPosition: string | null;
  entryDate: string;
  resigned: number;
}
