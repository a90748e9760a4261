import { employeeName, userName } from '../shared/employee-sql';
import { sql } from 'kysely';
import type { Db } from '../shared/context';
import { type HalfDay, LEAVE_STATUS_LABELS, type LeaveRow, type LeaveStatus } from './schema';

/** A leave request as lists and details read it (aliases r request, e employee, o office, d department, t type). */
export function requestBase(db: Db) {
  return db
    .selectFrom('leave_requests as r')
    .innerJoin('employees as e', 'e.id', 'r.employee_id')
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .leftJoin('departments as d', 'd.id', 'e.department_id')
    .innerJoin('leave_types as t', 't.id', 'r.leave_type_id')
    .leftJoin('users as du', 'du.id', 'r.decided_by_user_id')
    .leftJoin('employees as de', 'de.id', 'du.employee_id');
}

export const requestColumns = [
  'r.id',
  'r.employee_id as employeeId',
  'e.employee_number as employeeNumber',
  employeeName.as('employeeName'),
  'o.name as companyOffice',
  'd.name as department',
  'r.leave_type_id as leaveTypeId',
  't.name as leaveType',
  't.code as leaveTypeCode',
  'r.start_date as startDate',
  'r.end_date as endDate',
  'r.half_day as halfDay',
  sql<number>`r.days::float8`.as('days'),
  'r.counts_annual as countsAnnual',
  'r.be_paid as bePaid',
  'r.reason',
  'r.status',
  'r.attachment_name as attachmentName',
  'r.created_at as createdAt',
  'r.decided_at as decidedAt',
  sql<string | null>`case when du.id is null then null
    else ${userName('du', 'de')} end`.as('decidedBy'),
  'r.decision_note as decisionNote',
  'r.approval_steps as approvalSteps',
  'r.approved_steps as approvedSteps',
] as const;

export type RawRow = Omit<LeaveRow, 'statusLabel' | 'status' | 'halfDay'> & { status: number; halfDay: string };
export const toRow = (r: RawRow): LeaveRow => ({
  ...r,
  halfDay: r.halfDay as HalfDay,
  status: r.status as LeaveStatus,
  statusLabel: LEAVE_STATUS_LABELS[r.status as LeaveStatus],
});
