import type { Ctx } from '../shared/context';

/** Lookup lists for the selectors of spec §2 (org data is not secret inside the company). */
export async function listCompanyOffices(ctx: Ctx) {
  return ctx.db.selectFrom('company_offices').select(['id', 'name', 'code']).orderBy('name').execute();
}

export async function listDepartments(ctx: Ctx, filter: { companyOfficeId?: number | undefined }) {
  let q = ctx.db.selectFrom('departments').select(['id', 'name', 'company_office_id as companyOfficeId']);
  if (filter.companyOfficeId) q = q.where('company_office_id', '=', filter.companyOfficeId);
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
