import { sql } from 'kysely';
import type { Grant } from '../permissions/grant';
import { employeeInScope } from '../permissions/scope';
import type { Ctx } from '../shared/context';
import type { Page } from '../shared/zod';
import { type EmployeeListRow, listEmployeesInput, type ListEmployeesInput } from './schema';

const SORT_COLUMNS = {
  name: sql`e.given_name || ' ' || e.surname`,
  employeeNumber: sql`e.employee_number`,
  entryDate: sql`e.entry_date`,
  office: sql`o.name`,
  department: sql`d.name`,
} as const;

/** The employee list (spec `GET /v2/h/employee/all`), server-paginated, scoped per spec §6. */
export async function listEmployees(
  ctx: Ctx,
  grant: Grant<'employee.view'>,
  raw: ListEmployeesInput,
): Promise<Page<EmployeeListRow>> {
  const input = listEmployeesInput.parse(raw);
  // Filters touch employees only, so the count needs no joins; the page query joins the names.
  let q = ctx.db.selectFrom('employees as e').where((eb) => employeeInScope(eb as never, grant.scope));
  if (input.search) {
    const like = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`e.given_name || ' ' || e.surname`, 'ilike', like),
        eb('e.employee_number', 'ilike', like),
        eb('e.email', 'ilike', like),
      ]),
    );
  }
  if (input.companyOfficeId) q = q.where('e.company_office_id', '=', input.companyOfficeId);
  if (input.departmentId) q = q.where('e.department_id', '=', input.departmentId);
  if (input.divisionId) q = q.where('e.division_id', '=', input.divisionId);
  if (input.resigned !== undefined) q = q.where('e.resigned', '=', input.resigned);

  // One statement: the page and the total (window count); only a page past the end needs a second query.
  const found = await q
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .leftJoin('departments as d', 'd.id', 'e.department_id')
    .leftJoin('divisions as v', 'v.id', 'e.division_id')
    .leftJoin('job_positions as p', 'p.id', 'e.job_position_id')
    .select([
      'e.id',
      'e.employee_number as employeeNumber',
      sql<string>`trim(e.given_name || ' ' || e.surname)`.as('name'),
      'e.email',
      'e.gender',
      'e.company_office_id as companyOfficeId',
      'o.name as companyOffice',
      'e.department_id as departmentId',
      'd.name as department',
      'e.division_id as divisionId',
      'v.name as division',
      'p.name as jobPosition',
      'e.entry_date as entryDate',
      'e.resigned',
      sql<number>`(count(*) over ())::int`.as('total'),
    ])
    .orderBy(SORT_COLUMNS[input.sort], input.order)
    .orderBy('e.id')
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .execute();
  const total =
    found[0]?.total ?? (input.page > 1 ? (await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n : 0);
  const rows: EmployeeListRow[] = found.map(({ total: _t, ...row }) => row);
  return { rows, total, page: input.page, pageSize: input.pageSize };
}
