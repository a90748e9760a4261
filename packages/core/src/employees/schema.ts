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
  /** Count every matching employee; otherwise the total stops at EMPLOYEE_TOTAL_CAP (`totalCapped`). */
  exactTotal: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().default(false)),
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

/** Columns of the employee list a user can show, hide and download (`employee/download/data`). */
export const EMPLOYEE_LIST_COLUMNS = [
  'number',
  'name',
  'email',
  'gender',
  'office',
  'department',
  'division',
  'jobPosition',
  'entryDate',
  'status',
] as const;
export type EmployeeListColumn = (typeof EMPLOYEE_LIST_COLUMNS)[number];
export const EMPLOYEE_LIST_COLUMN_LABELS: Record<EmployeeListColumn, string> = {
  number: 'Employee ID',
  name: 'Name',
  email: 'E-mail',
  gender: 'Gender',
  office: 'Company office',
  department: 'Department',
  division: 'Division',
  jobPosition: 'Job position',
  entryDate: 'Entry date',
  status: 'Status',
};
/** Shown until the user chooses (gender is hidden by default). */
export const EMPLOYEE_LIST_DEFAULT_COLUMNS: readonly EmployeeListColumn[] = EMPLOYEE_LIST_COLUMNS.filter((c) => c !== 'gender');
/** An export of more rows than this is refused: narrow the filters. */
export const EMPLOYEE_DOWNLOAD_MAX_ROWS = 50_000;

export const downloadEmployeesInput = listEmployeesInput.omit({ page: true, pageSize: true }).extend({
  /** A list, or over REST a comma-separated query value (`?columns=number,name`). */
  columns: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z
      .array(z.enum(EMPLOYEE_LIST_COLUMNS))
      .min(1, 'choose at least one column')
      .max(EMPLOYEE_LIST_COLUMNS.length)
      .default([...EMPLOYEE_LIST_DEFAULT_COLUMNS]),
  ),
});
export type DownloadEmployeesInput = z.input<typeof downloadEmployeesInput>;
