import { employeeName } from '../shared/employee-sql';
import { type SqlBool, sql } from 'kysely';
import type { Ctx, Db } from '../shared/context';
import type { In } from '../shared/zod';
import { inScope } from './access';
import type { View } from './grants';
import { allOf, pageSql, pushEmployeeSearch } from './list-sql';
import { pageOf } from '../shared/page';
import { listMealCostsInput, type MealCost, type MealCostPage, type MealCostRow } from './schema';
import { anyId } from '../shared/sql';

// Meal costs

/**
 * Meals taken per employee in a date range, for payroll: the number of meals and the sums of the
 * employee prices (what payroll deducts) and of the company subsidies, integer rupiah as digit
 * strings, using the prices of the moment each meal was taken. Employees without meals are left
 * out. No permission check: payroll calls it inside its own (already permitted) run.
 */
export async function canteenMealCosts(
  db: Db,
  q: { from: string; to: string; employeeIds?: readonly number[] | undefined },
): Promise<MealCost[]> {
  if (q.employeeIds && q.employeeIds.length === 0) return [];
  const only = q.employeeIds ? sql`and ${anyId('p.employee_id', q.employeeIds)}` : sql``;
  const r = await sql<MealCost>`
    select p.employee_id as "employeeId", count(*)::int as meals, sum(p.employee_price)::text as "employeePaid",
      sum(p.subsidy)::text as subsidy
    from canteen_presences p
    where p.meal_date between ${q.from}::date and ${q.to}::date ${only}
    group by p.employee_id
    order by p.employee_id`.execute(db);
  return r.rows;
}

/** The month's meal costs per employee (in the caller's scope), with totals over all matching employees. */
export async function listMealCosts(ctx: Ctx, grant: View, raw: In<typeof listMealCostsInput>): Promise<MealCostPage> {
  const f = listMealCostsInput.parse(raw);
  const [y, m] = f.month.split('-').map(Number) as [number, number];
  const from = `${f.month}-01`;
  const to = `${f.month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
  const conds = inScope(grant);
  if (f.companyOfficeId) conds.push(sql<SqlBool>`e.company_office_id = ${f.companyOfficeId}`);
  if (f.departmentId) conds.push(sql<SqlBool>`e.department_id = ${f.departmentId}`);
  pushEmployeeSearch(conds, f.search);
  const rows = await sql<MealCostRow & { total: number; allMeals: number; allPaid: string; allSubsidy: string }>`
    with costs as (
      select p.employee_id, count(*)::int as meals, sum(p.employee_price) as paid, sum(p.subsidy) as subsidy
      from canteen_presences p where p.meal_date between ${from}::date and ${to}::date
      group by p.employee_id
    )
    select e.id as "employeeId", e.employee_number as "employeeNumber", ${employeeName} as name, o.name as "companyOffice",
      d.name as department, k.meals, k.paid::text as "employeePaid", k.subsidy::text as subsidy,
      (count(*) over ())::int as total, (sum(k.meals) over ())::int as "allMeals",
      (sum(k.paid) over ())::text as "allPaid", (sum(k.subsidy) over ())::text as "allSubsidy"
    from costs k
    join employees e on e.id = k.employee_id
    join company_offices o on o.id = e.company_office_id
    left join departments d on d.id = e.department_id
    where ${allOf(conds)}
    order by e.employee_number
    ${pageSql(f)}`.execute(ctx.db);
  const first = rows.rows[0];
  return {
    ...pageOf(rows.rows, f, ({ allMeals: _m, allPaid: _p, allSubsidy: _s, ...r }) => r),
    from,
    to,
    totals: { meals: first?.allMeals ?? 0, employeePaid: first?.allPaid ?? '0', subsidy: first?.allSubsidy ?? '0' },
  };
}
