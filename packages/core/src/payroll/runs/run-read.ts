import { anyId, likePattern } from '../../shared/sql';
import { sql } from 'kysely';
import { employeeInScope } from '../../access/index';
import { pageOffset } from '../../shared/page';
import type { Ctx } from '../../shared/context';
import { employeeName } from '../../shared/employee-sql';
import { notFound } from '../../shared/errors';
import type { Page, In } from '../../shared/zod';
import { listRunsInput, type PayslipSummary, type RunRow, runDetailInput, type SkippedEmployee } from './schema';

import { payslipQuery } from './payslips';
import type { View } from './access';

/* Reading runs: the list with totals, one run with its payslips (salary/report). */

/** A run as its list and its detail show it (runs as `r`, their office as `o`); the totals come from the payslips. */
const runColumns = [
  'r.id',
  'r.period',
  'r.company_office_id as companyOfficeId',
  'o.name as companyOffice',
  'r.status',
  'r.created_at as createdAt',
  'r.finalised_at as finalisedAt',
] as const;

/** Runs with totals over the payslips the caller may see. */
export async function listPayrollRuns(ctx: Ctx, grant: View, raw: In<typeof listRunsInput>): Promise<Page<RunRow>> {
  const input = listRunsInput.parse(raw);
  let q = ctx.db.selectFrom('payroll_runs as r').leftJoin('company_offices as o', 'o.id', 'r.company_office_id');
  if (input.period) q = q.where('r.period', '=', input.period);
  if (input.status) q = q.where('r.status', '=', input.status);
  if (input.companyOfficeId) {
    const office = input.companyOfficeId;
    q = q.where((eb) => eb.or([eb('r.company_office_id', '=', office), eb('r.company_office_id', 'is', null)]));
  }
  const totalRow = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const runs = await q
    .select(runColumns)
    .orderBy('r.period', 'desc')
    .orderBy('r.id', 'desc')
    .limit(input.pageSize)
    .offset(pageOffset(input))
    .execute();
  const ids = runs.map((r) => r.id);
  const sums = ids.length
    ? await ctx.db
        .selectFrom('payslips as s')
        .innerJoin('employees as e', 'e.id', 's.employee_id')
        .where(anyId('s.run_id', ids))
        .where((eb) => employeeInScope(eb as never, grant.scope))
        .groupBy('s.run_id')
        .select([
          's.run_id',
          sql<string>`count(*)::int`.as('n'),
          sql<string>`coalesce(sum(s.gross), 0)::text`.as('gross'),
          sql<string>`coalesce(sum(s.pph21), 0)::text`.as('tax'),
          sql<string>`coalesce(sum(s.net), 0)::text`.as('net'),
        ])
        .execute()
    : [];
  const byRun = new Map(sums.map((s) => [s.run_id, s]));
  return {
    rows: runs.map((r) => {
      const s = byRun.get(r.id);
      return { ...r, employees: Number(s?.n ?? 0), gross: s?.gross ?? '0', tax: s?.tax ?? '0', net: s?.net ?? '0' };
    }),
    total: Number(totalRow.n),
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** A run with the payslips of the employees the caller may see (paginated). */
export async function getPayrollRun(
  ctx: Ctx,
  grant: View,
  raw: In<typeof runDetailInput>,
): Promise<RunRow & { skipped: SkippedEmployee[]; payslips: Page<PayslipSummary> }> {
  const input = runDetailInput.parse(raw);
  const run = await ctx.db
    .selectFrom('payroll_runs as r')
    .leftJoin('company_offices as o', 'o.id', 'r.company_office_id')
    .select([
      ...runColumns,
      'r.skipped',
      'r.employees as storedEmployees',
      'r.gross as storedGross',
      'r.tax as storedTax',
      'r.net as storedNet',
    ])
    .where('r.id', '=', input.id)
    .executeTakeFirst();
  if (!run) throw notFound('Payroll run');
  const { storedEmployees, storedGross, storedTax, storedNet, ...shown } = run;
  // Who sees every payslip gets the totals the run stored when it was generated (its payslips never change
  // afterwards; a cancelled run's are deleted): summing 100,000 payslips joined to their employees took 0.1–0.3 s
  // on every page turn (`pnpm bench web`, issue 22). Anyone else gets the totals of the payslips they may see.
  const stored =
    grant.scope.kind === 'all' && run.status !== 'cancelled'
      ? { n: String(storedEmployees), gross: String(storedGross), tax: String(storedTax), net: String(storedNet) }
      : null;
  const q = payslipQuery(ctx.db, grant.scope).where('s.run_id', '=', input.id);
  const term = input.search?.trim();
  const like = term && likePattern(term);
  const page = like ? q.where((eb) => eb.or([eb('e.employee_number', 'ilike', like), eb(employeeName, 'ilike', like)])) : q;
  const [rows, agg, matching, skipped] = await Promise.all([
    page.orderBy('e.employee_number').limit(input.pageSize).offset(pageOffset(input)).execute(),
    stored ??
      q
        .clearSelect()
        .select([
          sql<string>`count(*)::int`.as('n'),
          sql<string>`coalesce(sum(s.gross), 0)::text`.as('gross'),
          sql<string>`coalesce(sum(s.pph21), 0)::text`.as('tax'),
          sql<string>`coalesce(sum(s.net), 0)::text`.as('net'),
        ])
        .executeTakeFirstOrThrow(),
    term ? page.clearSelect().select(sql<string>`count(*)::int`.as('n')).executeTakeFirstOrThrow() : null,
    namedSkipped(ctx, grant, typeof run.skipped === 'string' ? JSON.parse(run.skipped) : run.skipped),
  ]);
  return {
    ...shown,
    skipped,
    employees: Number(agg.n),
    gross: agg.gross,
    tax: agg.tax,
    net: agg.net,
    payslips: {
      rows: rows.map(({ status: _s, ...r }) => r),
      total: Number((matching ?? agg).n),
      page: input.page,
      pageSize: input.pageSize,
    },
  };
}

/**
 * A run's skipped list as stored (`{ employeeId, reason }`; runs before issue 19 stored no names), named from the
 * employees table: number and name as they are now, and only employees in the caller's scope (others are not shown).
 */
async function namedSkipped(ctx: Ctx, grant: View, stored: unknown): Promise<SkippedEmployee[]> {
  const entries = (Array.isArray(stored) ? stored : []).filter(
    (s): s is { employeeId: number; reason: unknown } => typeof s?.employeeId === 'number',
  );
  if (!entries.length) return [];
  const named = await ctx.db
    .selectFrom('employees as e')
    .select(['e.id', 'e.employee_number as employeeNumber', employeeName.as('employeeName')])
    .where(
      anyId(
        'e.id',
        entries.map((s) => s.employeeId),
      ),
    )
    .where((eb) => employeeInScope(eb as never, grant.scope))
    .execute();
  const byId = new Map(named.map((e) => [e.id, e]));
  return entries.flatMap((s) => {
    const e = byId.get(s.employeeId);
    return e
      ? [{ employeeId: s.employeeId, employeeNumber: e.employeeNumber, employeeName: e.employeeName, reason: String(s.reason) }]
      : [];
  });
}
