import { sql } from 'kysely';
import type { Ctx } from '../shared/context';

/** Lookup lists for the selectors of spec §2 (org data is not secret inside the company). */
export async function listCompanyOffices(ctx: Ctx) {
  return ctx.db.selectFrom('company_offices').select(['id', 'name', 'code']).orderBy('name').execute();
}

/**
 * The departments lookup. `divisionLimitedTo` (spec §2: "the departments lookup uses a different endpoint
 * when a division-limited flag is set and the user is not an admin-like or top-level role", issue 20
 * item 8): the caller's own placement, given by the router only when the flag `divisionIncluded=1` is
 * set and the caller does not hold `hr.all`; the list is then the department of their division (or
 * their own department without a division), never a department they are not placed in.
 */
export async function listDepartments(
  ctx: Ctx,
  filter: {
    companyOfficeId?: number | undefined;
    divisionLimitedTo?: { departmentId: number | null; divisionId: number | null } | undefined;
  },
) {
  let q = ctx.db.selectFrom('departments').select(['id', 'name', 'company_office_id as companyOfficeId']);
  if (filter.companyOfficeId) q = q.where('company_office_id', '=', filter.companyOfficeId);
  const limit = filter.divisionLimitedTo;
  if (limit) {
    const { divisionId, departmentId } = limit;
    if (divisionId !== null)
      q = q.where('id', 'in', ctx.db.selectFrom('divisions').select('department_id').where('id', '=', divisionId));
    else q = departmentId === null ? q.where(sql<boolean>`false`) : q.where('id', '=', departmentId);
  }
  return q.orderBy('name').execute();
}

export async function listDivisions(
  ctx: Ctx,
  filter: { companyOfficeId?: number | undefined; departmentId?: number | undefined },
) {
  let q = ctx.db
    .selectFrom('divisions')
    .select(['id', 'name', 'company_office_id as companyOfficeId', 'department_id as departmentId']);
  if (filter.companyOfficeId) q = q.where('company_office_id', '=', filter.companyOfficeId);
  if (filter.departmentId) q = q.where('department_id', '=', filter.departmentId);
  return q.orderBy('name').execute();
}

export async function listSections(ctx: Ctx, filter: { divisionId?: number | undefined; departmentId?: number | undefined }) {
  let q = ctx.db
    .selectFrom('sections')
    .select(['id', 'name', 'division_id as divisionId', 'company_office_id as companyOfficeId', 'department_id as departmentId']);
  if (filter.divisionId) q = q.where('division_id', '=', filter.divisionId);
  if (filter.departmentId) q = q.where('department_id', '=', filter.departmentId);
  return q.orderBy('name').execute();
}

export async function listJobPositions(
  ctx: Ctx,
  filter: { departmentId?: number | undefined; divisionId?: number | undefined; sectionId?: number | undefined },
) {
  let q = ctx.db
    .selectFrom('job_positions')
    .select(['id', 'name', 'division_id as divisionId', 'department_id as departmentId', 'section_id as sectionId']);
  if (filter.departmentId) q = q.where('department_id', '=', filter.departmentId);
  if (filter.divisionId) q = q.where('division_id', '=', filter.divisionId);
  if (filter.sectionId) q = q.where('section_id', '=', filter.sectionId);
  return q.orderBy('name').execute();
}

export async function listJobLevels(ctx: Ctx) {
  return ctx.db.selectFrom('job_levels').select(['id', 'name']).orderBy('rank').execute();
}
