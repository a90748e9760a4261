import type { Grant, Scope } from '../../access/index';
import { employeeInScope, ownEmployeeRecordId } from '../../access/index';
import type { Ctx, Db } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { countedPage } from '../../shared/page';
import type { Page, In } from '../../shared/zod';
import { type PayslipDetail, type PayslipLineRow, payslipInput, personalSalaryInput } from './schema';

import type { View } from './access';
import { employeeRefColumns } from '../employee-columns';
import { anyId } from '../../shared/sql';

/* Payslips: one payslip with its lines and traces, and the caller's own (/personal/salary). */

/** Payslips with the employee and run status, limited to the caller's scope. */
export function payslipQuery(db: Db, scope: Scope) {
  return db
    .selectFrom('payslips as s')
    .innerJoin('employees as e', 'e.id', 's.employee_id')
    .innerJoin('payroll_runs as r', 'r.id', 's.run_id')
    .where((eb) => employeeInScope(eb as never, scope))
    .select([
      's.id',
      's.run_id as runId',
      's.period',
      's.employee_id as employeeId',
      ...employeeRefColumns,
      's.ptkp_status as ptkpStatus',
      's.basic_salary as basicSalary',
      's.gross',
      's.taxable_gross as taxableGross',
      's.total_deductions as totalDeductions',
      's.pph21',
      's.net',
      's.employer_cost as employerCost',
      'r.status',
    ]);
}

/** The lines (with traces) of these payslips, numbered from 1 in payslip order. */
export async function linesOf(db: Db, payslipIds: readonly number[]): Promise<Map<number, PayslipLineRow[]>> {
  if (payslipIds.length === 0) return new Map();
  const rows = await db.selectFrom('payslips').select(['id', 'lines']).where(anyId('id', payslipIds)).execute();
  const out = new Map<number, PayslipLineRow[]>();
  for (const r of rows) {
    const lines = (typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines) as {
      code: string;
      name: string;
      kind: PayslipLineRow['kind'];
      amount: number;
      trace: unknown;
    }[];
    out.set(
      r.id,
      lines.map((l, k) => ({
        position: k + 1,
        code: l.code,
        name: l.name,
        kind: l.kind,
        amount: String(l.amount),
        trace: l.trace,
      })),
    );
  }
  return out;
}

/** One payslip with its lines and traces (NOT_FOUND outside the caller's scope). */
export async function getPayslip(ctx: Ctx, grant: View, raw: In<typeof payslipInput>): Promise<PayslipDetail> {
  const { id } = payslipInput.parse(raw);
  const row = await payslipQuery(ctx.db, grant.scope).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Payslip');
  return { ...row, lines: (await linesOf(ctx.db, [id])).get(id) ?? [] };
}

/** The caller's own finalised payslips, newest first, with lines and traces. */
export async function myPayslips(
  ctx: Ctx,
  grant: Grant<'personal.access'>,
  raw: In<typeof personalSalaryInput>,
): Promise<Page<PayslipDetail>> {
  const input = personalSalaryInput.parse(raw);
  const employeeId = ownEmployeeRecordId(grant.actor);
  let q = payslipQuery(ctx.db, { kind: 'all' }).where('s.employee_id', '=', employeeId).where('r.status', '=', 'finalised');
  if (input.year) q = q.where('s.period', 'like', `${input.year}-%`);
  const page = await countedPage(q, input, (q) => q.orderBy('s.period', 'desc'));
  const lines = await linesOf(
    ctx.db,
    page.rows.map((r) => r.id),
  );
  return { ...page, rows: page.rows.map((r) => ({ ...r, lines: lines.get(r.id) ?? [] })) };
}
