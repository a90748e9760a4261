import { sql } from 'kysely';
import type { Scope } from '../../access/index';
import { scopeSql } from '../../access/index';
import type { Db } from '../../shared/context';
import type { PayslipLineRow } from '../runs/schema';
import { employeeRefColumns } from '../employee-columns';

/* SQL only (Kysely): payslips with what their PDF and e-mail show. */

export interface PayslipDocRow {
  id: number;
  runId: number;
  runStatus: 'draft' | 'finalised' | 'cancelled';
  period: string;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  position: string | null;
  department: string | null;
  office: string;
  /** The company's legal name from the payroll settings ('' until set). */
  companyName: string;
  email: string | null;
  /** 'yyyy-mm-dd' */
  birthDate: string;
  ptkpStatus: string;
  basicSalary: string;
  gross: string;
  totalDeductions: string;
  pph21: string;
  net: string;
  lines: Pick<PayslipLineRow, 'code' | 'name' | 'kind' | 'amount'>[];
}

/** Payslips in the scope matching the filter, by employee number. Lines are read from the payslip's JSON. */
export async function queryPayslipDocs(
  db: Db,
  scope: Scope,
  filter: { payslipId?: number; runId?: number; employeeId?: number; employeeIds?: readonly number[] },
): Promise<PayslipDocRow[]> {
  let q = db
    .selectFrom('payslips as s')
    .innerJoin('payroll_runs as r', 'r.id', 's.run_id')
    .innerJoin('employees as e', 'e.id', 's.employee_id')
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .leftJoin('job_positions as jp', 'jp.id', 'e.job_position_id')
    .leftJoin('departments as d', 'd.id', 'e.department_id')
    .where(scopeSql(scope, 'e'))
    .select([
      's.id',
      's.run_id as runId',
      'r.status as runStatus',
      's.period',
      's.employee_id as employeeId',
      ...employeeRefColumns,
      'jp.name as position',
      'd.name as department',
      'o.name as office',
      sql<string>`(select ps.company_name from payroll_settings ps where ps.id = 1)`.as('companyName'),
      sql<string | null>`coalesce(nullif(trim(e.email), ''), nullif(trim(e.personal_email), ''))`.as('email'),
      'e.birth_date as birthDate',
      's.ptkp_status as ptkpStatus',
      's.basic_salary as basicSalary',
      's.gross',
      's.total_deductions as totalDeductions',
      's.pph21',
      's.net',
      's.lines',
    ]);
  if (filter.payslipId !== undefined) q = q.where('s.id', '=', filter.payslipId);
  if (filter.runId !== undefined) q = q.where('s.run_id', '=', filter.runId);
  if (filter.employeeId !== undefined) q = q.where('s.employee_id', '=', filter.employeeId);
  if (filter.employeeIds) q = q.where(sql<boolean>`s.employee_id = any(${sql.val(filter.employeeIds)}::int[])`);
  const rows = await q.orderBy('e.employee_number').orderBy('s.id').execute();
  return rows.map(({ lines, ...r }) => ({
    ...r,
    gross: String(r.gross),
    totalDeductions: String(r.totalDeductions),
    pph21: String(r.pph21),
    net: String(r.net),
    basicSalary: String(r.basicSalary),
    lines: (
      (typeof lines === 'string' ? JSON.parse(lines) : lines) as {
        code: string;
        name: string;
        kind: PayslipLineRow['kind'];
        amount: number | string;
      }[]
    ).map((l) => ({ code: l.code, name: l.name, kind: l.kind, amount: String(l.amount) })),
  }));
}

/** The employees' own payslip PDF passwords (issue 16 item 8), for encrypting e-mailed PDFs only. */
export async function queryPdfPasswords(db: Db, employeeIds: readonly number[]): Promise<Map<number, string>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('payslip_pdf_passwords')
    .select(['employee_id', 'password'])
    .where(sql<boolean>`employee_id = any(${sql.val(employeeIds)}::int[])`)
    .execute();
  return new Map(rows.map((r) => [r.employee_id, r.password]));
}

/** Payslip ids among `payslipIds` that already have a message that was not failed (queued, sent or stored). */
export async function queryAlreadyMailed(db: Db, payslipIds: readonly number[]): Promise<Set<number>> {
  if (payslipIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('mail_outbox')
    .select('related_id')
    .distinct()
    .where('related_entity', '=', 'payslip')
    .where(sql<boolean>`related_id = any(${sql.val(payslipIds)}::int[])`)
    .where('status', 'in', ['queued', 'sent', 'stored'])
    .execute();
  return new Set(rows.map((r) => r.related_id!));
}

/** The newest outbox message of each payslip among `payslipIds`. */
export async function queryLatestMessages(
  db: Db,
  payslipIds: readonly number[],
): Promise<Map<number, { id: number; status: 'queued' | 'sent' | 'failed' | 'stored' }>> {
  if (payslipIds.length === 0) return new Map();
  const rows = await sql<{ related_id: number; id: number; status: 'queued' | 'sent' | 'failed' | 'stored' }>`
    select distinct on (related_id) related_id, id, status from mail_outbox
    where related_entity = 'payslip' and related_id = any(${sql.val(payslipIds)}::int[])
    order by related_id, id desc`.execute(db);
  return new Map(rows.rows.map((r) => [r.related_id, { id: r.id, status: r.status }]));
}
