import { type SqlBool, sql } from 'kysely';
import type { Scope } from '../../access/index';
import { employeeInScope, scopeSql } from '../../access/index';
import type { Db } from '../../shared/context';
import { employeeName, employeeSearch } from '../../shared/employee-sql';
import { pageLimit } from '../../shared/page';
import { likePattern } from '../../shared/sql';
import type { ReportBonusLineRow } from './schema';

/* SQL only (Kysely). Everything reads FINALISED payroll runs' payslips; scope is the spec §6 employee rule. */

export interface TaxEmployeeFilter {
  year: number;
  month?: number | undefined;
  search?: string | undefined;
  companyOfficeId?: number | undefined;
  employeeId?: number;
}

export interface TaxEmployee {
  id: number;
  employeeNumber: string;
  name: string;
  companyOffice: string | null;
  resigned: number;
  taxId: string | null;
  nationalId: string | null;
}

function taxEmployeesQuery(db: Db, scope: Scope, f: TaxEmployeeFilter) {
  const from = `${f.year}-01`;
  const to = `${f.year}-12`;
  const period = f.month ? `${f.year}-${String(f.month).padStart(2, '0')}` : null;
  let q = db
    .selectFrom('employees as e')
    .leftJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .where((eb) => employeeInScope(eb as never, scope))
    .where(
      sql<SqlBool>`exists (select 1 from payslips s join payroll_runs r on r.id = s.run_id
        where s.employee_id = e.id and r.status = 'finalised' and s.period between ${from} and ${to}
        ${period ? sql`and s.period = ${period}` : sql``})`,
    );
  if (f.companyOfficeId) q = q.where('e.company_office_id', '=', f.companyOfficeId);
  if (f.employeeId) q = q.where('e.id', '=', f.employeeId);
  if (f.search) q = q.where(employeeSearch(f.search));
  return q;
}

const employeeCols = [
  'e.id',
  'e.employee_number as employeeNumber',
  employeeName.as('name'),
  'o.name as companyOffice',
  'e.resigned',
  'e.tax_id as taxId',
  'e.national_id as nationalId',
] as const;

/** Employees in scope with at least one finalised payslip in the year (and month), by employee number. */
export async function queryTaxEmployees(
  db: Db,
  scope: Scope,
  f: TaxEmployeeFilter,
  page?: { page: number; pageSize: number },
): Promise<{ rows: TaxEmployee[]; total: number }> {
  const q = taxEmployeesQuery(db, scope, f);
  let rowsQ = q.select(employeeCols).orderBy('e.employee_number').orderBy('e.id');
  if (page) rowsQ = rowsQ.limit(page.pageSize).offset((page.page - 1) * page.pageSize);
  const [rows, total] = await Promise.all([
    rowsQ.execute(),
    page ? q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow() : Promise.resolve(null),
  ]);
  return { rows, total: total ? Number(total.n) : rows.length };
}

/** One employee in scope (any payslips or none), or undefined. */
export async function queryTaxEmployee(db: Db, scope: Scope, employeeId: number): Promise<TaxEmployee | undefined> {
  return db
    .selectFrom('employees as e')
    .leftJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .where((eb) => employeeInScope(eb as never, scope))
    .where('e.id', '=', employeeId)
    .select(employeeCols)
    .executeTakeFirst();
}

export interface YearSlip {
  id: number;
  runId: number;
  employeeId: number;
  period: string;
  ptkpStatus: string;
  taxableGross: string;
  annualDeductions: string;
  pph21: string;
  lines?: { code: string; amount: number }[];
}

/** Finalised payslips of a tax year for some employees, by employee and period (lines only when asked). */
export async function queryYearSlips(
  db: Db,
  employeeIds: readonly number[],
  year: number,
  withLines = false,
): Promise<Map<number, YearSlip[]>> {
  const out = new Map<number, YearSlip[]>();
  if (employeeIds.length === 0) return out;
  const rows = await db
    .selectFrom('payslips as s')
    .innerJoin('payroll_runs as r', 'r.id', 's.run_id')
    .where('r.status', '=', 'finalised')
    .where('s.period', '>=', `${year}-01`)
    .where('s.period', '<=', `${year}-12`)
    .where(sql<SqlBool>`s.employee_id = any(${sql.val(employeeIds)}::int[])`)
    .select([
      's.id',
      's.run_id as runId',
      's.employee_id as employeeId',
      's.period',
      's.ptkp_status as ptkpStatus',
      sql<string>`s.taxable_gross::text`.as('taxableGross'),
      sql<string>`s.annual_deductions::text`.as('annualDeductions'),
      sql<string>`s.pph21::text`.as('pph21'),
    ])
    .$if(withLines, (qb) => qb.select('s.lines'))
    .orderBy('s.employee_id')
    .orderBy('s.period')
    .execute();
  for (const r of rows) {
    const { lines, ...rest } = r as typeof r & { lines?: unknown };
    const slip: YearSlip = rest;
    if (withLines) slip.lines = (typeof lines === 'string' ? JSON.parse(lines) : lines) as YearSlip['lines'];
    const list = out.get(r.employeeId) ?? [];
    list.push(slip);
    out.set(r.employeeId, list);
  }
  return out;
}

/**
 * Taxable flag of each `bonus-<n>` payslip line: the n-th bonus (by id) of the employee's bonus/cuts of
 * that period, which is how a run numbers them (runs/compute.ts). Bonus/cuts of a finalised period are
 * locked, so the flag is the one the run used. Key `${employeeId}:${period}:bonus-${n}`.
 */
export async function queryBonusTaxable(db: Db, employeeIds: readonly number[], year: number): Promise<Map<string, boolean>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await sql<{ employee_id: number; period: string; n: number; taxable: boolean }>`
    select employee_id, period, row_number() over (partition by employee_id, period order by id)::int as n, taxable
    from salary_bonus_cuts
    where kind = 'bonus' and period between ${`${year}-01`} and ${`${year}-12`}
      and employee_id = any(${sql.val(employeeIds)}::int[])`.execute(db);
  return new Map(rows.rows.map((r) => [`${r.employee_id}:${r.period}:bonus-${r.n}`, r.taxable]));
}

// ---------------------------------------------------------------------------------------------
// Report bonus: `bonus-<n>` and `thr…` lines of finalised payslips.

/**
 * One row per bonus/THR line of a finalised payslip the caller may see, with its taxable flag (the n-th
 * bonus/cut bonus of the employee and period; THR is always taxable, PMK 168/2023 Pasal 5(3)b).
 */
function bonusLinesSql(scope: Scope, f: { year?: number | undefined; period?: string | undefined; search?: string | undefined }) {
  const conds = [sql`r.status = 'finalised'`, scopeSql(scope, 'e')];
  if (f.year) conds.push(sql`s.period between ${`${f.year}-01`} and ${`${f.year}-12`}`);
  if (f.period) conds.push(sql`s.period = ${f.period}`);
  if (f.search) {
    const like = likePattern(f.search);
    conds.push(sql`(e.employee_number ilike ${like} or ${employeeName} ilike ${like})`);
  }
  return sql`
    select s.id as payslip_id, s.run_id, s.period, s.employee_id, e.employee_number, l.pos,
      ${employeeName} as name, l.v->>'name' as bonus_name,
      case when l.v->>'code' like 'thr%' then 'thr' else 'bonus' end as kind,
      (l.v->>'amount')::bigint as amount,
      case when l.v->>'code' like 'thr%' then true else coalesce(bt.taxable, true) end as taxable
    from payslips s
    join payroll_runs r on r.id = s.run_id
    join employees e on e.id = s.employee_id
    cross join lateral json_array_elements(s.lines) with ordinality as l(v, pos)
    left join lateral (
      select b.taxable from salary_bonus_cuts b
      where b.employee_id = s.employee_id and b.period = s.period and b.kind = 'bonus'
      order by b.id
      offset (case when l.v->>'code' ~ '^bonus-[0-9]+$' then substr(l.v->>'code', 7)::int - 1 else 0 end)
      limit 1
    ) bt on true
    where (l.v->>'code' ~ '^bonus-[0-9]+$' or l.v->>'code' like 'thr%') and ${sql.join(conds, sql` and `)}`;
}

export async function queryBonusPeriods(
  db: Db,
  scope: Scope,
  f: { year?: number | undefined },
  page: { page: number; pageSize: number },
): Promise<{ rows: { period: string; employees: number; lines: number; total: string; taxableTotal: string }[]; total: number }> {
  const grouped = sql`
    select period, count(distinct employee_id)::int as employees, count(*)::int as lines,
      sum(amount)::text as total, coalesce(sum(amount) filter (where taxable), 0)::text as taxable_total
    from (${bonusLinesSql(scope, f)}) x group by period`;
  const [rows, total] = await Promise.all([
    sql<{ period: string; employees: number; lines: number; total: string; taxable_total: string }>`
      ${grouped} order by period desc ${pageLimit(page)}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from (${grouped}) g`.execute(db),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      period: r.period,
      employees: r.employees,
      lines: r.lines,
      total: r.total,
      taxableTotal: r.taxable_total,
    })),
    total: total.rows[0]?.n ?? 0,
  };
}

export async function queryBonusLines(
  db: Db,
  scope: Scope,
  f: { year?: number | undefined; period?: string | undefined; search?: string | undefined },
  page?: { page: number; pageSize: number },
): Promise<{ rows: ReportBonusLineRow[]; total: number; sum: string }> {
  const base = bonusLinesSql(scope, f);
  const limit = page ? pageLimit(page) : sql``;
  const [rows, agg] = await Promise.all([
    sql<{
      payslip_id: number;
      pos: number;
      run_id: number;
      period: string;
      employee_id: number;
      employee_number: string;
      name: string;
      bonus_name: string;
      kind: 'bonus' | 'thr';
      amount: string;
      taxable: boolean;
    }>`select * from (${base}) x order by period desc, employee_number, payslip_id, pos ${limit}`.execute(db),
    sql<{
      n: number;
      total: string;
    }>`select count(*)::int as n, coalesce(sum(amount), 0)::text as total from (${base}) x`.execute(db),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      payslipId: r.payslip_id,
      position: Number(r.pos),
      runId: r.run_id,
      period: r.period,
      employeeId: r.employee_id,
      employeeNumber: r.employee_number,
      name: r.name,
      bonusName: r.bonus_name,
      kind: r.kind,
      amount: String(r.amount),
      taxable: r.taxable,
    })),
    total: agg.rows[0]?.n ?? 0,
    sum: agg.rows[0]?.total ?? '0',
  };
}
