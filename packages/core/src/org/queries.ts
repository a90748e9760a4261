import { type SelectQueryBuilder, sql } from 'kysely';
import type { Scope } from '../access/index';
import { scopeSql } from '../access/index';
import type { z } from 'zod';
import type { Ctx, Db } from '../shared/context';
import { employeeName, employeePlacementColumns, placementColumns } from '../shared/employee-sql';
import { type PageArgs, pageOffset, windowedPage } from '../shared/page';
import { likePattern } from '../shared/sql';
import type { In, Page } from '../shared/zod';
import type { View } from './grants';
import {
  type DepartmentRow,
  type DivisionRow,
  formatEmployeeNumber,
  type IdIndexRow,
  type JobLevelRow,
  type JobPositionRow,
  type OfficeRow,
  type OrgEmployeeRow,
  type SectionRow,
} from './schema';

/**
 * One page and the total in one statement (window count); only a page past the end needs the
 * second, counting query.
 */
async function paged<O extends { total: number }, R>(
  // biome-ignore lint/suspicious/noExplicitAny: any select query whose rows carry `total`
  q: SelectQueryBuilder<any, any, O>,
  // biome-ignore lint/suspicious/noExplicitAny: the same query without the page's columns
  countQ: SelectQueryBuilder<any, any, unknown>,
  args: PageArgs,
  map: (row: Omit<O, 'total'>) => R,
): Promise<Page<R>> {
  const found = (await q.limit(args.pageSize).offset(pageOffset(args)).execute()) as O[];
  const countAll = async () =>
    ((await countQ.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()) as { n: number }).n;
  return windowedPage(found, args, countAll, map);
}

/** The list procedure of an org record (`GET …`): the filters `schema` parses, and the page `query` reads. */
export function listProcedure<S extends z.ZodType, R>(schema: S, query: (db: Db, f: z.output<S>) => Promise<Page<R>>) {
  return async (ctx: Ctx, _grant: View, raw: In<S>): Promise<Page<R>> => query(ctx.db, schema.parse(raw));
}

const totalCol = sql<number>`(count(*) over ())::int`.as('total');
const count = (expr: ReturnType<typeof sql>) => sql<number>`(${expr})::int`;

/** The org levels a unit may lie under, outermost first: the filter's key and the unit's column. */
const PARENT_COLUMNS = [
  ['companyOfficeId', 'company_office_id'],
  ['departmentId', 'department_id'],
  ['divisionId', 'division_id'],
  ['sectionId', 'section_id'],
] as const;

/** What the lists of org units filter on: the unit's name contains `search`; it lies under the office, department, … given. */
type UnitFilter = { search?: string | undefined } & { [K in (typeof PARENT_COLUMNS)[number][0]]?: number | undefined };

/** The list's filters on the org unit under alias `a` ({@link UnitFilter}). */
// biome-ignore lint/suspicious/noExplicitAny: any select query over an org table under alias `a`
function unitFilters<Q extends SelectQueryBuilder<any, any, any>>(q: Q, a: string, f: UnitFilter): Q {
  let out = q;
  if (f.search) out = out.where(sql.ref(`${a}.name`), 'ilike', likePattern(f.search)) as Q;
  for (const [key, column] of PARENT_COLUMNS) {
    const id = f[key];
    if (id) out = out.where(sql.ref(`${a}.${column}`), '=', id) as Q;
  }
  return out;
}

/** Orders by the names of the units under `aliases`, case-insensitively, outermost first. */
// biome-ignore lint/suspicious/noExplicitAny: any select query joining those units
function byNames<Q extends SelectQueryBuilder<any, any, any>>(q: Q, ...aliases: string[]): Q {
  let out = q;
  for (const a of aliases) out = out.orderBy(sql`lower(${sql.ref(`${a}.name`)})`) as Q;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Lists

export async function queryOffices(db: Db, f: PageArgs & { search?: string | undefined }): Promise<Page<OfficeRow>> {
  let q = db.selectFrom('company_offices as o');
  if (f.search) {
    const like = likePattern(f.search);
    q = q.where((eb) => eb.or([eb('o.name', 'ilike', like), eb('o.code', 'ilike', like), eb('o.city', 'ilike', like)]));
  }
  const page = q
    .leftJoin('id_indexes as x', 'x.company_office_id', 'o.id')
    .select([
      'o.id',
      'o.code',
      'o.name',
      'o.address',
      'o.city',
      'o.time_zone as timeZone',
      count(sql`select count(*) from departments where company_office_id = o.id`).as('departments'),
      count(sql`select count(*) from divisions where company_office_id = o.id`).as('divisions'),
      count(sql`select count(*) from sections where company_office_id = o.id`).as('sections'),
      count(sql`select count(*) from employees where company_office_id = o.id and resigned = 0`).as('employees'),
      // Without an ID index: <office code>-NNNNN, one more than the highest (as numbering.ts allocates).
      sql<number>`(select coalesce(max(nullif(regexp_replace(employee_number, '^.*-', ''), '')::bigint), 0) + 1
        from employees where employee_number ~ ('^' || o.code || '-[0-9]+$'))::bigint`.as('fallbackNext'),
      'x.id as idIndexId',
      'x.prefix',
      'x.next_number as nextNumber',
      'x.padding',
      totalCol,
    ])
    .orderBy(sql`lower(o.name)`)
    .orderBy('o.id');
  return paged(page, q, f, ({ idIndexId, prefix, nextNumber, padding, fallbackNext, ...o }) => {
    const idIndex =
      idIndexId !== null && prefix !== null && nextNumber !== null && padding !== null
        ? { id: idIndexId, prefix, nextNumber, padding, next: formatEmployeeNumber(prefix, nextNumber, padding) }
        : null;
    return { ...o, idIndex, nextEmployeeNumber: idIndex?.next ?? formatEmployeeNumber(`${o.code}-`, Number(fallbackNext), 5) };
  });
}

export async function queryDepartments(
  db: Db,
  f: PageArgs & { search?: string | undefined; companyOfficeId?: number | undefined },
): Promise<Page<DepartmentRow>> {
  const q = unitFilters(db.selectFrom('departments as d'), 'd', f);
  const page = q
    .innerJoin('company_offices as o', 'o.id', 'd.company_office_id')
    .select([
      'd.id',
      'd.name',
      'd.company_office_id as companyOfficeId',
      'o.name as companyOffice',
      count(sql`select count(*) from divisions where department_id = d.id`).as('divisions'),
      count(sql`select count(*) from employees where department_id = d.id and resigned = 0`).as('employees'),
      totalCol,
    ])
    .$call((b) => byNames(b, 'o', 'd'))
    .orderBy('d.id');
  return paged(page, q, f, (r) => r);
}

export async function queryDivisions(
  db: Db,
  f: PageArgs & { search?: string | undefined; companyOfficeId?: number | undefined; departmentId?: number | undefined },
): Promise<Page<DivisionRow>> {
  const q = unitFilters(db.selectFrom('divisions as v'), 'v', f);
  const page = q
    .innerJoin('company_offices as o', 'o.id', 'v.company_office_id')
    .innerJoin('departments as d', 'd.id', 'v.department_id')
    .select([
      'v.id',
      'v.name',
      'v.company_office_id as companyOfficeId',
      'o.name as companyOffice',
      'v.department_id as departmentId',
      'd.name as department',
      count(sql`select count(*) from sections where division_id = v.id`).as('sections'),
      count(sql`select count(*) from employees where division_id = v.id and resigned = 0`).as('employees'),
      totalCol,
    ])
    .$call((b) => byNames(b, 'o', 'd', 'v'))
    .orderBy('v.id');
  return paged(page, q, f, (r) => r);
}

export async function querySections(
  db: Db,
  f: PageArgs & {
    search?: string | undefined;
    companyOfficeId?: number | undefined;
    departmentId?: number | undefined;
    divisionId?: number | undefined;
  },
): Promise<Page<SectionRow>> {
  const q = unitFilters(db.selectFrom('sections as s'), 's', f);
  const page = q
    .innerJoin('company_offices as o', 'o.id', 's.company_office_id')
    .innerJoin('departments as d', 'd.id', 's.department_id')
    .innerJoin('divisions as v', 'v.id', 's.division_id')
    .select([
      's.id',
      's.name',
      ...placementColumns('s'),
      count(sql`select count(*) from job_positions where section_id = s.id`).as('jobPositions'),
      count(sql`select count(*) from employees where section_id = s.id and resigned = 0`).as('employees'),
      totalCol,
    ])
    .$call((b) => byNames(b, 'o', 'd', 'v', 's'))
    .orderBy('s.id');
  return paged(page, q, f, (r) => r);
}

export interface JobPositionFilter {
  search?: string | undefined;
  companyOfficeId?: number | undefined;
  departmentId?: number | undefined;
  divisionId?: number | undefined;
  sectionId?: number | undefined;
  jobLevelId?: number | undefined;
  /** Positions not in this office / department / section / division / level ("assignation" candidates). */
  notCompanyOfficeId?: number | undefined;
  notDepartmentId?: number | undefined;
  notSectionId?: number | undefined;
  notDivisionId?: number | undefined;
  notJobLevelId?: number | undefined;
  id?: number | undefined;
}

function jobPositionRows(db: Db, f: JobPositionFilter) {
  let q = db.selectFrom('job_positions as p');
  if (f.id) q = q.where('p.id', '=', f.id);
  q = unitFilters(q, 'p', f);
  if (f.jobLevelId) q = q.where('p.job_level_id', '=', f.jobLevelId);
  const not = [
    ['p.company_office_id', f.notCompanyOfficeId],
    ['p.department_id', f.notDepartmentId],
    ['p.section_id', f.notSectionId],
    ['p.division_id', f.notDivisionId],
    ['p.job_level_id', f.notJobLevelId],
  ] as const;
  for (const [column, other] of not) {
    if (other) q = q.where((eb) => eb.or([eb(column, 'is', null), eb(column, '!=', other)]));
  }
  return q;
}

function selectJobPosition(q: ReturnType<typeof jobPositionRows>) {
  return q
    .innerJoin('company_offices as o', 'o.id', 'p.company_office_id')
    .innerJoin('departments as d', 'd.id', 'p.department_id')
    .leftJoin('divisions as v', 'v.id', 'p.division_id')
    .leftJoin('sections as s', 's.id', 'p.section_id')
    .leftJoin('job_levels as l', 'l.id', 'p.job_level_id')
    .select([
      'p.id',
      'p.name',
      ...placementColumns('p'),
      'p.section_id as sectionId',
      's.name as section',
      'p.job_level_id as jobLevelId',
      'l.name as jobLevel',
      count(sql`select count(*) from employees where job_position_id = p.id and resigned = 0`).as('employees'),
    ]);
}

export async function queryJobPositions(db: Db, f: PageArgs & JobPositionFilter): Promise<Page<JobPositionRow>> {
  const q = jobPositionRows(db, f);
  const page = selectJobPosition(q)
    .select(totalCol)
    .$call((b) => byNames(b, 'o', 'd'))
    .orderBy(sql`lower(coalesce(v.name, ''))`)
    .orderBy(sql`lower(coalesce(s.name, ''))`)
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id');
  return paged(page, q, f, (r) => r);
}

export async function queryJobPosition(db: Db, id: number): Promise<JobPositionRow | undefined> {
  return selectJobPosition(jobPositionRows(db, { id })).executeTakeFirst();
}

export async function queryJobLevels(db: Db, f: PageArgs & { search?: string | undefined }): Promise<Page<JobLevelRow>> {
  const q = unitFilters(db.selectFrom('job_levels as l'), 'l', f);
  const page = q
    .select([
      'l.id',
      'l.name',
      'l.rank',
      count(sql`select count(*) from job_positions where job_level_id = l.id`).as('jobPositions'),
      count(sql`select count(*) from employees where job_level_id = l.id and resigned = 0`).as('employees'),
      totalCol,
    ])
    .orderBy('l.rank')
    .orderBy(sql`lower(l.name)`)
    .orderBy('l.id');
  return paged(page, q, f, (r) => r);
}

export async function queryIdIndexes(
  db: Db,
  f: PageArgs & { search?: string | undefined; companyOfficeId?: number | undefined },
): Promise<Page<IdIndexRow>> {
  let q = db.selectFrom('id_indexes as x').innerJoin('company_offices as o', 'o.id', 'x.company_office_id');
  if (f.search) {
    const like = likePattern(f.search);
    q = q.where((eb) => eb.or([eb('o.name', 'ilike', like), eb('o.code', 'ilike', like), eb('x.prefix', 'ilike', like)]));
  }
  if (f.companyOfficeId) q = q.where('x.company_office_id', '=', f.companyOfficeId);
  const page = q
    .select([
      'x.id',
      'x.company_office_id as companyOfficeId',
      'o.name as companyOffice',
      'o.code as officeCode',
      'x.prefix',
      'x.next_number as nextNumber',
      'x.padding',
      totalCol,
    ])
    .orderBy(sql`lower(o.name)`)
    .orderBy('x.id');
  return paged(page, q, f, (r) => ({ ...r, next: formatEmployeeNumber(r.prefix, r.nextNumber, r.padding) }));
}

// ---------------------------------------------------------------------------------------------
// Employees under a job position or an ID index (always within the data scope of spec §6)

export interface OrgEmployeeFilter {
  search?: string | undefined;
  companyOfficeId?: number | undefined;
  jobPositionId?: number | undefined;
  /** Employees not in this job position (none or another one). */
  notJobPositionId?: number | undefined;
  /** Only working (not resigned) employees. */
  working?: boolean | undefined;
  /** An ID index prefix: rows tell whether their number follows it (`followsIndex`). */
  prefix?: string | undefined;
  /** With `prefix`: only the employees whose number does not follow it. */
  notFollowing?: boolean | undefined;
}

/** Whether `e.employee_number` is `prefix` followed by digits (as {@link firstFreeNumber} reads numbers). */
export const followsPrefix = (prefix: string) =>
  sql<boolean>`(left(e.employee_number, ${prefix.length}) = ${prefix}
    and substr(e.employee_number, ${prefix.length + 1}) ~ '^[0-9]{1,15}$')`;

export async function queryOrgEmployees(db: Db, scope: Scope, f: PageArgs & OrgEmployeeFilter): Promise<Page<OrgEmployeeRow>> {
  let q = db.selectFrom('employees as e').where(scopeSql(scope, 'e'));
  if (f.search) {
    const like = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([eb(sql`e.given_name || ' ' || e.surname`, 'ilike', like), eb('e.employee_number', 'ilike', like)]),
    );
  }
  if (f.companyOfficeId) q = q.where('e.company_office_id', '=', f.companyOfficeId);
  if (f.jobPositionId) q = q.where('e.job_position_id', '=', f.jobPositionId);
  const other = f.notJobPositionId;
  if (other) q = q.where((eb) => eb.or([eb('e.job_position_id', 'is', null), eb('e.job_position_id', '!=', other)]));
  if (f.working) q = q.where('e.resigned', '=', 0);
  const follows = f.prefix === undefined ? null : followsPrefix(f.prefix);
  if (follows && f.notFollowing) q = q.where(sql<boolean>`not ${follows}`);
  const page = q
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .leftJoin('departments as d', 'd.id', 'e.department_id')
    .leftJoin('divisions as v', 'v.id', 'e.division_id')
    .leftJoin('sections as s', 's.id', 'e.section_id')
    .leftJoin('job_positions as p', 'p.id', 'e.job_position_id')
    .select([
      'e.id',
      'e.employee_number as employeeNumber',
      employeeName.as('name'),
      ...employeePlacementColumns,
      'e.section_id as sectionId',
      's.name as section',
      'e.job_position_id as jobPositionId',
      'p.name as jobPosition',
      'e.resigned',
      sql<boolean | null>`${follows ?? sql`null`}`.as('followsIndex'),
      totalCol,
    ])
    .orderBy('e.resigned')
    .orderBy(sql`lower(e.given_name || ' ' || e.surname)`)
    .orderBy('e.id');
  return paged(page, q, f, ({ followsIndex, ...r }) => (followsIndex === null ? r : { ...r, followsIndex }));
}

// ---------------------------------------------------------------------------------------------
// Employee numbers

/**
 * The smallest number ≥ `from` such that `prefix` + number is not an employee number yet. A number
 * already used in any zero-padding ("JKT-42" or "JKT-00042") counts as taken. One statement: the
 * answer is `from` itself or right after a taken number ≥ `from`.
 */
export async function firstFreeNumber(db: Db, prefix: string, from: number): Promise<number> {
  const len = prefix.length;
  const r = await sql<{ n: string }>`
    with used as (
      select substr(employee_number, ${len + 1})::bigint as n
      from employees
      where left(employee_number, ${len}) = ${prefix}
        and substr(employee_number, ${len + 1}) ~ '^[0-9]{1,15}$'
    )
    select min(c)::text as n from (
      select ${from}::bigint as c
      union all
      select n + 1 from used where n >= ${from}
    ) cand
    where not exists (select 1 from used u where u.n = cand.c)`.execute(db);
  return Number(r.rows[0]!.n);
}
