import { sql } from 'kysely';
import type { Db } from '../shared/context';

// ---------------------------------------------------------------------------------------------
// Org chart

export interface OrgChartNodeRow {
  kind: 'office' | 'department' | 'division' | 'section' | 'position';
  id: number;
  officeId: number;
  departmentId: number | null;
  divisionId: number | null;
  sectionId: number | null;
  name: string;
  code: string | null;
  jobLevel: string | null;
  headcount: number;
}

/**
 * Every node of the tree with the headcount of active (Work) employees under it, in one
 * statement: the employees are scanned once (a CTE used five times is materialised) and counted
 * per office, department, division, section and position.
 */
export async function orgChartRows(db: Db, companyOfficeId: number | undefined): Promise<OrgChartNodeRow[]> {
  const only = (col: ReturnType<typeof sql.ref>) => (companyOfficeId ? sql`where ${col} = ${companyOfficeId}` : sql``);
  const r = await sql<OrgChartNodeRow>`
    with emp as (
      select company_office_id, department_id, division_id, section_id, job_position_id
      from employees where resigned = 0
    ),
    n_office as (select company_office_id as id, count(*)::int as n from emp group by 1),
    n_dept as (select department_id as id, count(*)::int as n from emp where department_id is not null group by 1),
    n_div as (select division_id as id, count(*)::int as n from emp where division_id is not null group by 1),
    n_sec as (select section_id as id, count(*)::int as n from emp where section_id is not null group by 1),
    n_pos as (select job_position_id as id, count(*)::int as n from emp where job_position_id is not null group by 1)
    select * from (
      select 'office' as kind, 1 as ord, o.id, o.id as "officeId", null::int as "departmentId", null::int as "divisionId",
        null::int as "sectionId", o.name, o.code, null::text as "jobLevel", coalesce(n.n, 0) as headcount
      from company_offices o left join n_office n on n.id = o.id ${only(sql.ref('o.id'))}
      union all
      select 'department', 2, d.id, d.company_office_id, null, null, null, d.name, null, null, coalesce(n.n, 0)
      from departments d left join n_dept n on n.id = d.id ${only(sql.ref('d.company_office_id'))}
      union all
      select 'division', 3, v.id, v.company_office_id, v.department_id, null, null, v.name, null, null, coalesce(n.n, 0)
      from divisions v left join n_div n on n.id = v.id ${only(sql.ref('v.company_office_id'))}
      union all
      select 'section', 4, s.id, s.company_office_id, s.department_id, s.division_id, null, s.name, null, null, coalesce(n.n, 0)
      from sections s left join n_sec n on n.id = s.id ${only(sql.ref('s.company_office_id'))}
      union all
      select 'position', 5, p.id, p.company_office_id, p.department_id, p.division_id, p.section_id, p.name, null, l.name,
        coalesce(n.n, 0)
      from job_positions p left join job_levels l on l.id = p.job_level_id left join n_pos n on n.id = p.id
      ${only(sql.ref('p.company_office_id'))}
    ) nodes
    order by ord, lower(name), id`.execute(db);
  return r.rows;
}
