import { type SqlBool, sql } from 'kysely';
import type { Db } from '../shared/context';
import { employeeName } from '../shared/employee-sql';
import type { BpjsEmployeeRow } from './schema';

/* SQL only (Kysely): the employee record's numbers the BPJS files need. Payslips are read through @hr/core/payroll. */

/** The employee record's part of a report row, with what the row is derived from. */
export type BpjsEmployee = Pick<
  BpjsEmployeeRow,
  'employeeNumber' | 'name' | 'nationalId' | 'jknNumber' | 'kpjNumber' | 'jobPosition'
> & { id: number; contractType: number | null; companyOfficeId: number };

/** NIK, JKN card and KPJ numbers, position and contract type of these employees (already scoped by their payslips). */
export async function queryBpjsEmployees(db: Db, employeeIds: readonly number[]): Promise<Map<number, BpjsEmployee>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('employees as e')
    .leftJoin('job_positions as p', 'p.id', 'e.job_position_id')
    .where(sql<SqlBool>`e.id = any(${sql.val(employeeIds)}::int[])`)
    .select([
      'e.id',
      'e.employee_number as employeeNumber',
      employeeName.as('name'),
      'e.national_id as nationalId',
      'e.bpjs_kesehatan_number as jknNumber',
      'e.bpjs_ketenagakerjaan_number as kpjNumber',
      'p.name as jobPosition',
      'e.contract_type as contractType',
      'e.company_office_id as companyOfficeId',
    ])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}
