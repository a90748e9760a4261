import { employeeName } from '../shared/employee-sql';
import { sql } from 'kysely';
import type { Db } from '../shared/context';
import { type CooperativeMemberRow, WITHDRAWAL_STATUS_LABELS, type WithdrawalRow, type WithdrawalStatus } from './schema';

/*
 * The member and withdrawal rows as lists, details and checks read them: which tables they join
 * (aliases m member, e employee, o office, d department, w withdrawal) and which columns they carry.
 */

export function memberBase(db: Db) {
  return db
    .selectFrom('cooperative_members as m')
    .innerJoin('employees as e', 'e.id', 'm.employee_id')
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .leftJoin('departments as d', 'd.id', 'e.department_id');
}

export const memberColumns = [
  'm.id',
  'm.employee_id as employeeId',
  'e.employee_number as employeeNumber',
  employeeName.as('name'),
  'o.name as companyOffice',
  'd.name as department',
  'm.join_date as joinDate',
  'm.status',
  sql<string>`(select coalesce(sum(l.amount), 0)::text from cooperative_ledger l where l.member_id = m.id)`.as('balance'),
] as const;

export type RawMember = Omit<CooperativeMemberRow, 'statusLabel'>;
export const toMember = (r: RawMember): CooperativeMemberRow => ({ ...r, statusLabel: r.status === 1 ? 'Active' : 'Inactive' });

export function withdrawalBase(db: Db) {
  return db
    .selectFrom('cooperative_withdrawals as w')
    .innerJoin('cooperative_members as m', 'm.id', 'w.member_id')
    .innerJoin('employees as e', 'e.id', 'm.employee_id')
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id');
}

export const withdrawalColumns = [
  'w.id',
  'w.member_id as memberId',
  'm.employee_id as employeeId',
  employeeName.as('employeeName'),
  'e.employee_number as employeeNumber',
  'o.name as companyOffice',
  'w.amount',
  'w.reason',
  'w.status',
  'w.approvals',
  'w.created_at as createdAt',
  'w.requester_user_id as requesterUserId',
  'w.first_approver_user_id as firstApproverUserId',
  'w.decided_at as decidedAt',
  'w.decision_note as decisionNote',
] as const;

/** A withdrawal as read (the list row without its label, with who requested and decided it). */
export interface RawWithdrawal extends Omit<WithdrawalRow, 'status' | 'statusLabel'> {
  status: number;
  requesterUserId: number;
  firstApproverUserId: number | null;
  decidedAt: Date | null;
  decisionNote: string | null;
}

export const toWithdrawal = (r: RawWithdrawal): WithdrawalRow => ({
  id: r.id,
  memberId: r.memberId,
  employeeId: r.employeeId,
  employeeName: r.employeeName,
  employeeNumber: r.employeeNumber,
  companyOffice: r.companyOffice,
  amount: r.amount,
  reason: r.reason,
  status: r.status as WithdrawalStatus,
  statusLabel: WITHDRAWAL_STATUS_LABELS[r.status as WithdrawalStatus],
  approvals: r.approvals,
  createdAt: r.createdAt,
});
