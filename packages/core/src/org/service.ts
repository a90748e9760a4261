import type { Selectable } from 'kysely';
import type { Database } from '../db/database';
import { audit } from '../audit/service';
import type { Grant } from '../permissions/grant';
import { guardPlacementChange, type PlacementChange, renewSessionsAfterPlacement } from '../permissions/placement';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError, type FieldIssue } from '../shared/errors';
import type { Page, In } from '../shared/zod';
import { camelRow, dbWrite, refuseIfUsed, type Use } from '../shared/db-errors';
import { nextEmployeeNumber } from './numbering';
import {
  departmentUsage,
  divisionUsage,
  jobLevelUsage,
  type JobPositionFilter,
  jobPositionUsage,
  officeUsage,
  orgChartRows,
  queryDepartments,
  queryDivisions,
  queryIdIndexes,
  queryJobLevels,
  queryJobPosition,
  queryJobPositions,
  queryOffices,
  querySections,
  sectionUsage,
} from './queries';
import {
  createDepartmentInput,
  createDivisionInput,
  createIdIndexInput,
  createJobLevelInput,
  createJobPositionInput,
  createOfficeInput,
  createSectionInput,
  type DepartmentRow,
  type DivisionRow,
  type IdIndexRow,
  idInput,
  type JobLevelRow,
  type JobPositionRow,
  listDepartmentsInput,
  listDivisionsInput,
  listIdIndexesInput,
  listJobLevelsInput,
  listJobPositionsInput,
  listOfficesInput,
  listSectionsInput,
  mappingInput,
  officeAssignInput,
  type OfficeRow,
  type OrgChart,
  type OrgChartDepartment,
  type OrgChartDivision,
  type OrgChartOffice,
  type OrgChartPosition,
  type OrgChartSection,
  orgChartInput,
  type SectionRow,
  sectionAssignInput,
  assignJobPositionInput,
  updateDepartmentInput,
  updateDivisionInput,
  updateIdIndexInput,
  updateJobLevelInput,
  updateJobPositionInput,
  updateOfficeInput,
  updateSectionInput,
} from './schema';

export { nextEmployeeNumber };

type View = Grant<'org.view'>;
type Manage = Grant<'org.manage'>;

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

// ---------------------------------------------------------------------------------------------
// Placement: parents must exist and belong together (GL0001 naming the field)

interface Want {
  companyOfficeId?: number | null | undefined;
  departmentId?: number | null | undefined;
  divisionId?: number | null | undefined;
  sectionId?: number | null | undefined;
}

interface Placement {
  companyOfficeId: number | null;
  departmentId: number | null;
  divisionId: number | null;
  sectionId: number | null;
}

/**
 * Checks the given parents and fills in the missing upper ones from the lower ones (a section
 * gives its division, a division its department, a department its office). `required` is the
 * lowest level that must end up set.
 */
async function resolvePlacement(
  db: Db,
  want: Want,
  required: 'companyOfficeId' | 'departmentId' | 'divisionId',
): Promise<Placement> {
  const [o, d, v, s] = await Promise.all([
    want.companyOfficeId
      ? db.selectFrom('company_offices').select(['id', 'name']).where('id', '=', want.companyOfficeId).executeTakeFirst()
      : undefined,
    want.departmentId
      ? db
          .selectFrom('departments')
          .select(['id', 'name', 'company_office_id'])
          .where('id', '=', want.departmentId)
          .executeTakeFirst()
      : undefined,
    want.divisionId
      ? db
          .selectFrom('divisions')
          .select(['id', 'name', 'company_office_id', 'department_id'])
          .where('id', '=', want.divisionId)
          .executeTakeFirst()
      : undefined,
    want.sectionId
      ? db
          .selectFrom('sections')
          .select(['id', 'name', 'company_office_id', 'department_id', 'division_id'])
          .where('id', '=', want.sectionId)
          .executeTakeFirst()
      : undefined,
  ]);
  const fields: FieldIssue[] = [];
  if (want.companyOfficeId && !o) fields.push({ param: 'companyOfficeId', msg: 'is not a known company office' });
  if (want.departmentId && !d) fields.push({ param: 'departmentId', msg: 'is not a known department' });
  if (want.divisionId && !v) fields.push({ param: 'divisionId', msg: 'is not a known division' });
  if (want.sectionId && !s) fields.push({ param: 'sectionId', msg: 'is not a known section' });
  if (fields.length) throw new AppError('VALIDATION', 'Invalid input', { fields });

  if (s && v && s.division_id !== v.id)
    fields.push({ param: 'sectionId', msg: `Section ${s.name} is not in division ${v.name}` });
  const lowerDept = v ?? s;
  if (d && lowerDept && lowerDept.department_id !== d.id) {
    const param = v ? 'divisionId' : 'sectionId';
    fields.push({ param, msg: `${v ? `Division ${v.name}` : `Section ${s!.name}`} is not in department ${d.name}` });
  }
  const lowerOffice = d ?? v ?? s;
  if (o && lowerOffice && lowerOffice.company_office_id !== o.id) {
    const [param, what] = d
      ? ['departmentId', `Department ${d.name}`]
      : v
        ? ['divisionId', `Division ${v.name}`]
        : ['sectionId', `Section ${s!.name}`];
    fields.push({ param, msg: `${what} is not in office ${o.name}` });
  }
  const placement: Placement = {
    companyOfficeId: o?.id ?? lowerOffice?.company_office_id ?? null,
    departmentId: d?.id ?? lowerDept?.department_id ?? null,
    divisionId: v?.id ?? s?.division_id ?? null,
    sectionId: s?.id ?? null,
  };
  if (placement[required] === null) fields.push({ param: required, msg: 'is required' });
  if (fields.length) throw new AppError('VALIDATION', 'Invalid input', { fields });
  return placement;
}

const PLACEMENT_KEYS = ['companyOfficeId', 'departmentId', 'divisionId', 'sectionId'] as const;
/** Placement fields change together: an update that names any of them is placed by those alone. */
const namesPlacement = (input: Want) => PLACEMENT_KEYS.some((k) => input[k] !== undefined);

const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
const stillInUse = (what: string) => () =>
  new AppError('CONFLICT', `${what} is still in use`, { detail: 'Move or delete what uses it first.' });
const changedMeanwhile = () =>
  new AppError('CONFLICT', 'A parent was deleted meanwhile; reload and try again', { detail: 'Reload the page.' });
const nameTaken = (message: string) => () =>
  new AppError('CONFLICT', message, { fields: [{ param: 'name', msg: 'is already used' }] });

/** Updates only the given keys (undefined = keep). */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// ---------------------------------------------------------------------------------------------
// Company offices

/** Offices (paginated, search by name, code or city) with counts and their ID index. */
export async function findCompanyOffices(ctx: Ctx, _grant: View, raw: In<typeof listOfficesInput>): Promise<Page<OfficeRow>> {
  return queryOffices(ctx.db, listOfficesInput.parse(raw));
}

const officeUnique = (code: string, name: string) => ({
  company_offices_code_key: () =>
    new AppError('CONFLICT', `Office code ${code} is already used`, { fields: [{ param: 'code', msg: 'is already used' }] }),
  company_offices_name_uq: nameTaken(`An office named ${name} already exists`),
});

export async function createCompanyOffice(ctx: Ctx, _grant: Manage, raw: In<typeof createOfficeInput>) {
  const input = createOfficeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () =>
        trx
          .insertInto('company_offices')
          .values({ code: input.code, name: input.name, address: input.address ?? null, city: input.city ?? null })
          .returningAll()
          .executeTakeFirstOrThrow(),
      { unique: officeUnique(input.code, input.name) },
    );
    const after = camelRow(row);
    await audit(ctx, trx, { action: 'company_office.create', entity: 'company_office', entityId: row.id, after });
    return after as { id: number };
  });
}

export async function updateCompanyOffice(ctx: Ctx, _grant: Manage, raw: In<typeof updateOfficeInput>) {
  const { id, ...input } = updateOfficeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('company_offices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Company office');
    const row = await dbWrite(
      () =>
        trx
          .updateTable('company_offices')
          .set({ ...defined(input), updated_at: ctx.clock() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      { unique: officeUnique(input.code ?? before.code, input.name ?? before.name) },
    );
    const after = camelRow(row);
    await audit(ctx, trx, {
      action: 'company_office.update',
      entity: 'company_office',
      entityId: id,
      before: camelRow(before),
      after,
    });
    return after as { id: number };
  });
}

/** Deletes an office nothing uses any more (its ID index goes with it). */
export async function deleteCompanyOffice(ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> {
  const { id } = idInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('company_offices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Company office');
    const u = await officeUsage(trx, id);
    refuseIfUsed(`Company office ${before.name}`, [
      [u.employees, 'employee', 'employees'],
      [u.departments, 'department', 'departments'],
      [u.divisions, 'division', 'divisions'],
      [u.sections, 'section', 'sections'],
      [u.jobPositions, 'job position', 'job positions'],
    ]);
    const idIndex = await trx.selectFrom('id_indexes').selectAll().where('company_office_id', '=', id).executeTakeFirst();
    await dbWrite(() => trx.deleteFrom('company_offices').where('id', '=', id).execute(), {
      onForeignKey: stillInUse(`Company office ${before.name}`),
    });
    await audit(ctx, trx, {
      action: 'company_office.delete',
      entity: 'company_office',
      entityId: id,
      before: { ...camelRow(before), idIndex: idIndex ? camelRow(idIndex) : null },
    });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Departments

export async function findDepartments(
  ctx: Ctx,
  _grant: View,
  raw: In<typeof listDepartmentsInput>,
): Promise<Page<DepartmentRow>> {
  return queryDepartments(ctx.db, listDepartmentsInput.parse(raw));
}

const departmentUses = (u: Awaited<ReturnType<typeof departmentUsage>>): Use[] => [
  [u.employees, 'employee', 'employees'],
  [u.divisions, 'division', 'divisions'],
  [u.sections, 'section', 'sections'],
  [u.jobPositions, 'job position', 'job positions'],
];

export async function createDepartment(ctx: Ctx, _grant: Manage, raw: In<typeof createDepartmentInput>) {
  const input = createDepartmentInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const at = await resolvePlacement(trx, { companyOfficeId: input.companyOfficeId }, 'companyOfficeId');
    const row = await dbWrite(
      () =>
        trx
          .insertInto('departments')
          .values({ company_office_id: at.companyOfficeId!, name: input.name })
          .returningAll()
          .executeTakeFirstOrThrow(),
      {
        unique: { departments_office_name_uq: nameTaken(`A department named ${input.name} already exists in this office`) },
        onForeignKey: changedMeanwhile,
      },
    );
    const after = camelRow(row);
    await audit(ctx, trx, { action: 'department.create', entity: 'department', entityId: row.id, after });
    return after as { id: number };
  });
}

export async function updateDepartment(ctx: Ctx, _grant: Manage, raw: In<typeof updateDepartmentInput>) {
  const { id, ...input } = updateDepartmentInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('departments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Department');
    const officeId = input.companyOfficeId ?? before.company_office_id;
    if (officeId !== before.company_office_id) {
      await resolvePlacement(trx, { companyOfficeId: officeId }, 'companyOfficeId');
      refuseIfUsed(`Department ${before.name} cannot move to another office: it`, departmentUses(await departmentUsage(trx, id)));
    }
    const name = input.name ?? before.name;
    const row = await dbWrite(
      () =>
        trx
          .updateTable('departments')
          .set({ name, company_office_id: officeId })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      {
        unique: { departments_office_name_uq: nameTaken(`A department named ${name} already exists in this office`) },
        onForeignKey: changedMeanwhile,
      },
    );
    const after = camelRow(row);
    await audit(ctx, trx, { action: 'department.update', entity: 'department', entityId: id, before: camelRow(before), after });
    return after as { id: number };
  });
}

export async function deleteDepartment(ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> {
  const { id } = idInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('departments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Department');
    refuseIfUsed(`Department ${before.name}`, departmentUses(await departmentUsage(trx, id)));
    await dbWrite(() => trx.deleteFrom('departments').where('id', '=', id).execute(), {
      onForeignKey: stillInUse(`Department ${before.name}`),
    });
    await audit(ctx, trx, { action: 'department.delete', entity: 'department', entityId: id, before: camelRow(before) });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Divisions

export async function findDivisions(ctx: Ctx, _grant: View, raw: In<typeof listDivisionsInput>): Promise<Page<DivisionRow>> {
  return queryDivisions(ctx.db, listDivisionsInput.parse(raw));
}

const divisionUses = (u: Awaited<ReturnType<typeof divisionUsage>>): Use[] => [
  [u.employees, 'employee', 'employees'],
  [u.sections, 'section', 'sections'],
  [u.jobPositions, 'job position', 'job positions'],
];

export async function createDivision(ctx: Ctx, _grant: Manage, raw: In<typeof createDivisionInput>) {
  const input = createDivisionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const at = await resolvePlacement(trx, input, 'departmentId');
    const row = await dbWrite(
      () =>
        trx
          .insertInto('divisions')
          .values({ company_office_id: at.companyOfficeId!, department_id: at.departmentId!, name: input.name })
          .returningAll()
          .executeTakeFirstOrThrow(),
      {
        unique: { divisions_department_name_uq: nameTaken(`A division named ${input.name} already exists in this department`) },
        onForeignKey: changedMeanwhile,
      },
    );
    const after = camelRow(row);
    await audit(ctx, trx, { action: 'division.create', entity: 'division', entityId: row.id, after });
    return after as { id: number };
  });
}

export async function updateDivision(ctx: Ctx, _grant: Manage, raw: In<typeof updateDivisionInput>) {
  const { id, name: newName, ...placed } = updateDivisionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('divisions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Division');
    let at = { companyOfficeId: before.company_office_id, departmentId: before.department_id };
    if (namesPlacement(placed)) {
      const p = await resolvePlacement(trx, placed, 'departmentId');
      at = { companyOfficeId: p.companyOfficeId!, departmentId: p.departmentId! };
    }
    if (at.departmentId !== before.department_id) {
      refuseIfUsed(`Division ${before.name} cannot move to another department: it`, divisionUses(await divisionUsage(trx, id)));
    }
    const name = newName ?? before.name;
    const row = await dbWrite(
      () =>
        trx
          .updateTable('divisions')
          .set({ name, company_office_id: at.companyOfficeId, department_id: at.departmentId })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      {
        unique: { divisions_department_name_uq: nameTaken(`A division named ${name} already exists in this department`) },
        onForeignKey: changedMeanwhile,
      },
    );
    const after = camelRow(row);
    await audit(ctx, trx, { action: 'division.update', entity: 'division', entityId: id, before: camelRow(before), after });
    return after as { id: number };
  });
}

export async function deleteDivision(ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> {
  const { id } = idInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('divisions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Division');
    refuseIfUsed(`Division ${before.name}`, divisionUses(await divisionUsage(trx, id)));
    await dbWrite(() => trx.deleteFrom('divisions').where('id', '=', id).execute(), {
      onForeignKey: stillInUse(`Division ${before.name}`),
    });
    await audit(ctx, trx, { action: 'division.delete', entity: 'division', entityId: id, before: camelRow(before) });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Sections (the spec's "sectionDepartment")

export async function findSections(ctx: Ctx, _grant: View, raw: In<typeof listSectionsInput>): Promise<Page<SectionRow>> {
  return querySections(ctx.db, listSectionsInput.parse(raw));
}

const sectionUses = (u: Awaited<ReturnType<typeof sectionUsage>>): Use[] => [
  [u.employees, 'employee', 'employees'],
  [u.jobPositions, 'job position', 'job positions'],
];
/** Deleting also needs the section's role grants gone (unassigned first). */
const sectionDeleteUses = (u: Awaited<ReturnType<typeof sectionUsage>>): Use[] => [
  ...sectionUses(u),
  [u.grants, 'role grant', 'role grants'],
];

export async function createSection(ctx: Ctx, _grant: Manage, raw: In<typeof createSectionInput>) {
  const input = createSectionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const at = await resolvePlacement(trx, input, 'divisionId');
    const row = await dbWrite(
      () =>
        trx
          .insertInto('sections')
          .values({
            company_office_id: at.companyOfficeId!,
            department_id: at.departmentId!,
            division_id: at.divisionId!,
            name: input.name,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      {
        unique: { sections_division_name_uq: nameTaken(`A section named ${input.name} already exists in this division`) },
        onForeignKey: changedMeanwhile,
      },
    );
    const after = camelRow(row);
    await audit(ctx, trx, { action: 'section.create', entity: 'section', entityId: row.id, after });
    return after as { id: number };
  });
}

export async function updateSection(ctx: Ctx, _grant: Manage, raw: In<typeof updateSectionInput>) {
  const { id, name: newName, ...placed } = updateSectionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('sections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Section');
    let at = { companyOfficeId: before.company_office_id, departmentId: before.department_id, divisionId: before.division_id };
    if (namesPlacement(placed)) {
      const p = await resolvePlacement(trx, placed, 'divisionId');
      at = { companyOfficeId: p.companyOfficeId!, departmentId: p.departmentId!, divisionId: p.divisionId! };
    }
    if (at.divisionId !== before.division_id) {
      refuseIfUsed(`Section ${before.name} cannot move to another division: it`, sectionUses(await sectionUsage(trx, id)));
    }
    const name = newName ?? before.name;
    const row = await dbWrite(
      () =>
        trx
          .updateTable('sections')
          .set({ name, company_office_id: at.companyOfficeId, department_id: at.departmentId, division_id: at.divisionId })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      {
        unique: { sections_division_name_uq: nameTaken(`A section named ${name} already exists in this division`) },
        onForeignKey: changedMeanwhile,
      },
    );
    const after = camelRow(row);
    await audit(ctx, trx, { action: 'section.update', entity: 'section', entityId: id, before: camelRow(before), after });
    return after as { id: number };
  });
}

export async function deleteSection(ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> {
  const { id } = idInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('sections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Section');
    refuseIfUsed(`Section ${before.name}`, sectionDeleteUses(await sectionUsage(trx, id)));
    await dbWrite(() => trx.deleteFrom('sections').where('id', '=', id).execute(), {
      onForeignKey: stillInUse(`Section ${before.name}`),
    });
    await audit(ctx, trx, { action: 'section.delete', entity: 'section', entityId: id, before: camelRow(before) });
    return { ok: true as const };
  });
}

/** Job positions of the section's department that are not in the section (candidates for "assign"). */
export async function sectionAssignation(ctx: Ctx, grant: View, raw: In<typeof mappingInput>): Promise<Page<JobPositionRow>> {
  return jobPositionAssignation(ctx, grant, 'section', raw);
}

/** A job position locked for a move, or a VALIDATION error on `jobPositionId`. */
async function lockedPosition(trx: Db, id: number): Promise<JobPositionDbRow> {
  const p = await trx.selectFrom('job_positions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!p)
    throw new AppError('VALIDATION', 'Invalid input', {
      fields: [{ param: 'jobPositionId', msg: 'is not a known job position' }],
    });
  return p;
}

const otherDepartment = (position: string, what: string) =>
  new AppError('VALIDATION', 'Invalid input', {
    fields: [{ param: 'jobPositionId', msg: `Job position ${position} is not in the department of ${what}` }],
  });

/**
 * Moves a job position into a section of its own department (its division becomes the section's).
 * The position's working employees move with it, so the org chart stays consistent.
 */
export async function assignJobPositionToSection(ctx: Ctx, _grant: Manage, raw: In<typeof sectionAssignInput>) {
  const input = sectionAssignInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const section = await trx.selectFrom('sections').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!section) throw notFound('Section');
    const before = await lockedPosition(trx, input.jobPositionId);
    if (before.department_id !== section.department_id) throw otherDepartment(before.name, `section ${section.name}`);
    if (before.section_id === section.id) return { changed: false, employeesMoved: 0 };
    return placeJobPosition(ctx, trx, before, { divisionId: section.division_id, sectionId: section.id }, 'job_position.assign');
  });
}

/** Takes a job position out of a section (it stays in the section's division). */
export async function unassignJobPositionFromSection(ctx: Ctx, _grant: Manage, raw: In<typeof sectionAssignInput>) {
  const input = sectionAssignInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const section = await trx.selectFrom('sections').select(['id', 'name']).where('id', '=', input.id).executeTakeFirst();
    if (!section) throw notFound('Section');
    const before = await lockedPosition(trx, input.jobPositionId);
    if (before.section_id !== section.id) {
      throw new AppError('CONFLICT', `Job position ${before.name} is not in section ${section.name}`);
    }
    return placeJobPosition(ctx, trx, before, { divisionId: before.division_id, sectionId: null }, 'job_position.unassign');
  });
}

/** `GET component/division/{id}/assignation`: job positions of the division's department that are not in it. */
export async function divisionAssignation(ctx: Ctx, grant: View, raw: In<typeof mappingInput>): Promise<Page<JobPositionRow>> {
  return jobPositionAssignation(ctx, grant, 'division', raw);
}

/**
 * `POST component/division/{id}/assign`: moves a job position of the same department into the
 * division (out of any section of another division); its working employees move with it.
 */
export async function assignJobPositionToDivision(ctx: Ctx, _grant: Manage, raw: In<typeof assignJobPositionInput>) {
  const input = assignJobPositionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const division = await trx.selectFrom('divisions').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!division) throw notFound('Division');
    const before = await lockedPosition(trx, input.jobPositionId);
    if (before.department_id !== division.department_id) throw otherDepartment(before.name, `division ${division.name}`);
    if (before.division_id === division.id) return { changed: false, employeesMoved: 0 };
    return placeJobPosition(ctx, trx, before, { divisionId: division.id, sectionId: null }, 'job_position.assign');
  });
}

/** `POST component/division/{id}/unassign`: the job position leaves the division (and its section); it stays in the department. */
export async function unassignJobPositionFromDivision(ctx: Ctx, _grant: Manage, raw: In<typeof assignJobPositionInput>) {
  const input = assignJobPositionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const division = await trx.selectFrom('divisions').select(['id', 'name']).where('id', '=', input.id).executeTakeFirst();
    if (!division) throw notFound('Division');
    const before = await lockedPosition(trx, input.jobPositionId);
    if (before.division_id !== division.id) {
      throw new AppError('CONFLICT', `Job position ${before.name} is not in division ${division.name}`);
    }
    return placeJobPosition(ctx, trx, before, { divisionId: null, sectionId: null }, 'job_position.unassign');
  });
}

/** `GET component/jobLevel/{id}/assignation`: job positions at another level or none. */
export async function jobLevelAssignation(ctx: Ctx, grant: View, raw: In<typeof mappingInput>): Promise<Page<JobPositionRow>> {
  return jobPositionAssignation(ctx, grant, 'jobLevel', raw);
}

/** Sets (or clears) a job position's level; audited. The employees keep their own level (promotions change it). */
async function setPositionLevel(ctx: Ctx, trx: Db, before: JobPositionDbRow, jobLevelId: number | null, action: string) {
  await trx.updateTable('job_positions').set({ job_level_id: jobLevelId }).where('id', '=', before.id).execute();
  await audit(ctx, trx, {
    action,
    entity: 'job_position',
    entityId: before.id,
    before: { jobLevelId: before.job_level_id },
    after: { jobLevelId },
  });
  return { changed: true as const };
}

/** `POST component/jobLevel/{id}/assign`: the job position is at this level from now on. */
export async function assignJobPositionToJobLevel(ctx: Ctx, _grant: Manage, raw: In<typeof assignJobPositionInput>) {
  const input = assignJobPositionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const level = await trx.selectFrom('job_levels').select('id').where('id', '=', input.id).executeTakeFirst();
    if (!level) throw notFound('Job level');
    const before = await lockedPosition(trx, input.jobPositionId);
    if (before.job_level_id === level.id) return { changed: false as const };
    return setPositionLevel(ctx, trx, before, level.id, 'job_position.assignLevel');
  });
}

/** `POST component/jobLevel/{id}/unassign`: the job position no longer has this level. */
export async function unassignJobPositionFromJobLevel(ctx: Ctx, _grant: Manage, raw: In<typeof assignJobPositionInput>) {
  const input = assignJobPositionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const level = await trx.selectFrom('job_levels').select(['id', 'name']).where('id', '=', input.id).executeTakeFirst();
    if (!level) throw notFound('Job level');
    const before = await lockedPosition(trx, input.jobPositionId);
    if (before.job_level_id !== level.id) {
      throw new AppError('CONFLICT', `Job position ${before.name} is not at job level ${level.name}`);
    }
    return setPositionLevel(ctx, trx, before, null, 'job_position.unassignLevel');
  });
}

/**
 * `POST component/department/{id}/assign`: moves a job position of the same office into the
 * department (out of its division and section, which belong to the old department); its working
 * employees move with it.
 */
export async function assignJobPositionToDepartment(ctx: Ctx, _grant: Manage, raw: In<typeof assignJobPositionInput>) {
  const input = assignJobPositionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const department = await trx.selectFrom('departments').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!department) throw notFound('Department');
    const before = await lockedPosition(trx, input.jobPositionId);
    if (before.company_office_id !== department.company_office_id) {
      throw new AppError('VALIDATION', 'Invalid input', {
        fields: [
          {
            param: 'jobPositionId',
            msg: `Job position ${before.name} is not in the office of department ${department.name}; assign it to the office instead`,
          },
        ],
      });
    }
    if (before.department_id === department.id) return { changed: false, employeesMoved: 0 };
    const to = { departmentId: department.id, divisionId: null, sectionId: null };
    return placeJobPosition(ctx, trx, before, to, 'job_position.assign');
  });
}

/**
 * `POST component/companyOffice/{id}/assign`: moves a job position into the office, into its
 * department `departmentId` (required when the position comes from another office; within the
 * office it moves the position to that department). Division and section are cleared; the working
 * employees of the position move with it (their employee numbers stay: see `IDIndex/{id}/assign`).
 */
export async function assignJobPositionToOffice(ctx: Ctx, _grant: Manage, raw: In<typeof officeAssignInput>) {
  const input = officeAssignInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const office = await trx.selectFrom('company_offices').select(['id', 'name']).where('id', '=', input.id).executeTakeFirst();
    if (!office) throw notFound('Company office');
    const before = await lockedPosition(trx, input.jobPositionId);
    const inOffice = before.company_office_id === office.id;
    if (!input.departmentId && !inOffice) {
      throw new AppError('VALIDATION', 'Invalid input', {
        fields: [{ param: 'departmentId', msg: `is required to move job position ${before.name} to office ${office.name}` }],
      });
    }
    const departmentId = input.departmentId ?? before.department_id;
    await resolvePlacement(trx, { companyOfficeId: office.id, departmentId }, 'departmentId');
    if (departmentId === before.department_id) return { changed: false, employeesMoved: 0 };
    const to = { companyOfficeId: office.id, departmentId, divisionId: null, sectionId: null };
    return placeJobPosition(ctx, trx, before, to, 'job_position.assign');
  });
}

/**
 * `POST component/companyOffice/{id}/unassign` and `component/department/{id}/unassign`: always
 * `409`. A job position always belongs to one office and one department; it leaves them only by
 * being assigned to another one.
 */
export async function unassignJobPositionFromOfficeOrDepartment(
  ctx: Ctx,
  _grant: Manage,
  parent: 'companyOffice' | 'department',
  raw: In<typeof assignJobPositionInput>,
): Promise<never> {
  const input = assignJobPositionInput.parse(raw);
  const what = parent === 'companyOffice' ? 'office' : 'department';
  const found = await ctx.db
    .selectFrom(PARENTS[parent].table)
    .select(['id', 'name'])
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!found) throw notFound(PARENTS[parent].label);
  const p = await lockedPosition(ctx.db, input.jobPositionId);
  const current = parent === 'companyOffice' ? p.company_office_id : p.department_id;
  if (current !== found.id) throw new AppError('CONFLICT', `Job position ${p.name} is not in ${what} ${found.name}`);
  throw new AppError(
    'CONFLICT',
    `Job position ${p.name} cannot leave ${what} ${found.name}: every job position belongs to one ${what}; assign it to another ${what} instead`,
  );
}

type JobPositionDbRow = Selectable<Database['job_positions']>;

/** Where a job position goes: office and department only when they change. */
interface PositionMove {
  companyOfficeId?: number;
  departmentId?: number;
  divisionId: number | null;
  sectionId: number | null;
}

/** Moves a position (and its working employees with it); audited. */
async function placeJobPosition(
  ctx: Ctx,
  trx: Db,
  before: JobPositionDbRow,
  to: PositionMove,
  action: string,
): Promise<{ changed: true; employeesMoved: number }> {
  const row = await dbWrite(
    () =>
      trx
        .updateTable('job_positions')
        .set({ ...placementColumns(to) })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    {
      unique: {
        job_positions_placement_name_uq: nameTaken(`A job position named ${before.name} already exists there`),
      },
      onForeignKey: changedMeanwhile,
    },
  );
  const moved = await followPosition(ctx, trx, before.id, to);
  await audit(ctx, trx, {
    action,
    entity: 'job_position',
    entityId: before.id,
    before: camelRow(before),
    after: { ...camelRow(row), employeesMoved: moved },
  });
  return { changed: true, employeesMoved: moved };
}

/** The columns of a move, shared by the position and its employees. */
function placementColumns(to: PositionMove) {
  return {
    ...(to.companyOfficeId !== undefined ? { company_office_id: to.companyOfficeId } : {}),
    ...(to.departmentId !== undefined ? { department_id: to.departmentId } : {}),
    division_id: to.divisionId,
    section_id: to.sectionId,
  };
}

/**
 * Working employees of a position follow it to its new office, department, division and section.
 * Moving the position one holds moves oneself, so it is refused (issue 16); a move into a section
 * whose role grants widen a holder's permissions waits for a second person's confirmation
 * (permissions/placement.ts), and the holders' sessions are renewed when their section changes.
 */
async function followPosition(ctx: Ctx, trx: Db, jobPositionId: number, to: PositionMove) {
  const set = placementColumns(to);
  const holders = await trx
    .selectFrom('employees')
    .select(['id', 'given_name', 'surname', 'section_id'])
    .where('job_position_id', '=', jobPositionId)
    .where('resigned', '=', 0)
    .forUpdate()
    .execute();
  const moves: PlacementChange[] = holders.map((e) => ({
    employeeId: e.id,
    name: `${e.given_name} ${e.surname}`.trim(),
    before: { jobPositionId, sectionId: e.section_id },
    after: { jobPositionId, sectionId: to.sectionId },
  }));
  if (ctx.actor) for (const m of moves) await guardPlacementChange(trx, ctx.actor, m);
  const r = await trx
    .updateTable('employees')
    .set(set)
    .where('job_position_id', '=', jobPositionId)
    .where('resigned', '=', 0)
    .where((eb) => eb.or(Object.entries(set).map(([column, value]) => eb(column as keyof typeof set, 'is distinct from', value))))
    .executeTakeFirst();
  for (const m of moves) await renewSessionsAfterPlacement({ ...ctx, db: trx }, m);
  return Number(r.numUpdatedRows);
}

// ---------------------------------------------------------------------------------------------
// Job positions

export async function findJobPositions(
  ctx: Ctx,
  _grant: View,
  raw: In<typeof listJobPositionsInput>,
): Promise<Page<JobPositionRow>> {
  return queryJobPositions(ctx.db, listJobPositionsInput.parse(raw));
}

export async function getJobPosition(ctx: Ctx, _grant: View, raw: In<typeof idInput>): Promise<JobPositionRow> {
  const { id } = idInput.parse(raw);
  const row = await queryJobPosition(ctx.db, id);
  if (!row) throw notFound('Job position');
  return row;
}

type PositionParent = 'companyOffice' | 'department' | 'division' | 'section' | 'jobLevel';

/** The parents job positions hang under ("mapping" and "assignation" sub-paths). */
const PARENTS = {
  companyOffice: { table: 'company_offices', label: 'Company office', key: 'companyOfficeId' },
  department: { table: 'departments', label: 'Department', key: 'departmentId' },
  division: { table: 'divisions', label: 'Division', key: 'divisionId' },
  section: { table: 'sections', label: 'Section', key: 'sectionId' },
  jobLevel: { table: 'job_levels', label: 'Job level', key: 'jobLevelId' },
} as const;

/** Job positions under one office, department, division, section or level (the "mapping" sub-paths). */
export const jobPositionsOf = (ctx: Ctx, _grant: View, parent: PositionParent, raw: In<typeof mappingInput>) =>
  positionsPage(ctx, parent, raw, async (db, id) => {
    const { table, key } = PARENTS[parent];
    const found = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
    return found && { [key]: id };
  });

/** `GET component/<parent>/{id}/assignation`: the job positions that parent's "assign" accepts (paginated, `search`). */
export const jobPositionAssignation = (ctx: Ctx, _grant: View, parent: PositionParent, raw: In<typeof mappingInput>) =>
  positionsPage(ctx, parent, raw, (db, id) => candidatesOf(db, parent, id));

/** One page of the positions a filter of the parent `id` selects (NOT_FOUND when there is no such parent). */
async function positionsPage(
  ctx: Ctx,
  parent: PositionParent,
  raw: In<typeof mappingInput>,
  filterOf: (db: Db, id: number) => Promise<JobPositionFilter | undefined>,
): Promise<Page<JobPositionRow>> {
  const { id, ...input } = mappingInput.parse(raw);
  const filter = await filterOf(ctx.db, id);
  if (!filter) throw notFound(PARENTS[parent].label);
  return queryJobPositions(ctx.db, { ...input, ...filter });
}

/**
 * Which positions may be assigned to a parent: for an office, those of other offices; for a
 * department, those of its office in other departments; for a division or section, those of its
 * department outside it; for a level, those at another level or none. Undefined: no such parent.
 */
async function candidatesOf(db: Db, parent: PositionParent, id: number): Promise<JobPositionFilter | undefined> {
  switch (parent) {
    case 'companyOffice': {
      const o = await db.selectFrom('company_offices').select('id').where('id', '=', id).executeTakeFirst();
      return o && { notCompanyOfficeId: id };
    }
    case 'department': {
      const d = await db.selectFrom('departments').select('company_office_id').where('id', '=', id).executeTakeFirst();
      return d && { companyOfficeId: d.company_office_id, notDepartmentId: id };
    }
    case 'division': {
      const v = await db.selectFrom('divisions').select('department_id').where('id', '=', id).executeTakeFirst();
      return v && { departmentId: v.department_id, notDivisionId: id };
    }
    case 'section': {
      const s = await db.selectFrom('sections').select('department_id').where('id', '=', id).executeTakeFirst();
      return s && { departmentId: s.department_id, notSectionId: id };
    }
    case 'jobLevel': {
      const l = await db.selectFrom('job_levels').select('id').where('id', '=', id).executeTakeFirst();
      return l && { notJobLevelId: id };
    }
  }
}

async function checkJobLevel(db: Db, jobLevelId: number | null | undefined): Promise<void> {
  if (!jobLevelId) return;
  const l = await db.selectFrom('job_levels').select('id').where('id', '=', jobLevelId).executeTakeFirst();
  if (!l)
    throw new AppError('VALIDATION', 'Invalid input', { fields: [{ param: 'jobLevelId', msg: 'is not a known job level' }] });
}

const positionNameTaken = (name: string) => ({
  job_positions_placement_name_uq: nameTaken(
    `A job position named ${name} already exists in this department, division and section`,
  ),
});

export async function createJobPosition(ctx: Ctx, _grant: Manage, raw: In<typeof createJobPositionInput>) {
  const input = createJobPositionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const at = await resolvePlacement(trx, input, 'departmentId');
    await checkJobLevel(trx, input.jobLevelId);
    const row = await dbWrite(
      () =>
        trx
          .insertInto('job_positions')
          .values({
            name: input.name,
            company_office_id: at.companyOfficeId!,
            department_id: at.departmentId!,
            division_id: at.divisionId,
            section_id: at.sectionId,
            job_level_id: input.jobLevelId ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      { unique: positionNameTaken(input.name), onForeignKey: changedMeanwhile },
    );
    const after = camelRow(row);
    await audit(ctx, trx, { action: 'job_position.create', entity: 'job_position', entityId: row.id, after });
    return after as { id: number };
  });
}

/**
 * Updates a job position (the /misc/jobPosition/{id}/setting screen). Placement fields change
 * together. Within its department a position may move freely and its working employees follow;
 * to another department or office only while no employee holds it.
 */
export async function updateJobPosition(ctx: Ctx, _grant: Manage, raw: In<typeof updateJobPositionInput>) {
  const { id, name: newName, jobLevelId, ...placed } = updateJobPositionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('job_positions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Job position');
    let at: Placement = {
      companyOfficeId: before.company_office_id,
      departmentId: before.department_id,
      divisionId: before.division_id,
      sectionId: before.section_id,
    };
    if (namesPlacement(placed)) at = await resolvePlacement(trx, placed, 'departmentId');
    await checkJobLevel(trx, jobLevelId);
    if (at.departmentId !== before.department_id) {
      const u = await jobPositionUsage(trx, id);
      refuseIfUsed(`Job position ${before.name} cannot move to another department: it`, [[u.employees, 'employee', 'employees']]);
    }
    const name = newName ?? before.name;
    const row = await dbWrite(
      () =>
        trx
          .updateTable('job_positions')
          .set({
            name,
            company_office_id: at.companyOfficeId!,
            department_id: at.departmentId!,
            division_id: at.divisionId,
            section_id: at.sectionId,
            ...(jobLevelId !== undefined ? { job_level_id: jobLevelId } : {}),
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      { unique: positionNameTaken(name), onForeignKey: changedMeanwhile },
    );
    const moved =
      row.division_id !== before.division_id || row.section_id !== before.section_id
        ? await followPosition(ctx, trx, id, { divisionId: row.division_id, sectionId: row.section_id })
        : 0;
    const after = camelRow(row);
    await audit(ctx, trx, {
      action: 'job_position.update',
      entity: 'job_position',
      entityId: id,
      before: camelRow(before),
      after: { ...after, employeesMoved: moved },
    });
    return after as { id: number };
  });
}

export async function deleteJobPosition(ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> {
  const { id } = idInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('job_positions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Job position');
    const u = await jobPositionUsage(trx, id);
    refuseIfUsed(`Job position ${before.name}`, [
      [u.employees, 'employee', 'employees'],
      [u.grants, 'permission grant', 'permission grants'],
    ]);
    await dbWrite(() => trx.deleteFrom('job_positions').where('id', '=', id).execute(), {
      onForeignKey: stillInUse(`Job position ${before.name}`),
    });
    await audit(ctx, trx, { action: 'job_position.delete', entity: 'job_position', entityId: id, before: camelRow(before) });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Job levels

export async function findJobLevels(ctx: Ctx, _grant: View, raw: In<typeof listJobLevelsInput>): Promise<Page<JobLevelRow>> {
  return queryJobLevels(ctx.db, listJobLevelsInput.parse(raw));
}

export async function createJobLevel(ctx: Ctx, _grant: Manage, raw: In<typeof createJobLevelInput>) {
  const input = createJobLevelInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () => trx.insertInto('job_levels').values({ name: input.name, rank: input.rank }).returningAll().executeTakeFirstOrThrow(),
      { unique: { job_levels_name_uq: nameTaken(`A job level named ${input.name} already exists`) } },
    );
    const after = camelRow(row);
    await audit(ctx, trx, { action: 'job_level.create', entity: 'job_level', entityId: row.id, after });
    return after as { id: number };
  });
}

export async function updateJobLevel(ctx: Ctx, _grant: Manage, raw: In<typeof updateJobLevelInput>) {
  const { id, ...input } = updateJobLevelInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('job_levels').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Job level');
    const row = await dbWrite(
      () =>
        trx
          .updateTable('job_levels')
          .set({ name: input.name ?? before.name, rank: input.rank ?? before.rank })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      { unique: { job_levels_name_uq: nameTaken(`A job level named ${input.name ?? before.name} already exists`) } },
    );
    const after = camelRow(row);
    await audit(ctx, trx, { action: 'job_level.update', entity: 'job_level', entityId: id, before: camelRow(before), after });
    return after as { id: number };
  });
}

export async function deleteJobLevel(ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> {
  const { id } = idInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('job_levels').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Job level');
    const u = await jobLevelUsage(trx, id);
    refuseIfUsed(`Job level ${before.name}`, [
      [u.employees, 'employee', 'employees'],
      [u.jobPositions, 'job position', 'job positions'],
    ]);
    await dbWrite(() => trx.deleteFrom('job_levels').where('id', '=', id).execute(), {
      onForeignKey: stillInUse(`Job level ${before.name}`),
    });
    await audit(ctx, trx, { action: 'job_level.delete', entity: 'job_level', entityId: id, before: camelRow(before) });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------
// ID index (employee-number scheme per office)

export async function findIdIndexes(ctx: Ctx, _grant: View, raw: In<typeof listIdIndexesInput>): Promise<Page<IdIndexRow>> {
  return queryIdIndexes(ctx.db, listIdIndexesInput.parse(raw));
}

export async function createIdIndex(ctx: Ctx, _grant: Manage, raw: In<typeof createIdIndexInput>) {
  const input = createIdIndexInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const office = await trx
      .selectFrom('company_offices')
      .select(['id', 'name'])
      .where('id', '=', input.companyOfficeId)
      .executeTakeFirst();
    if (!office) {
      throw new AppError('VALIDATION', 'Invalid input', {
        fields: [{ param: 'companyOfficeId', msg: 'is not a known company office' }],
      });
    }
    const row = await dbWrite(
      () =>
        trx
          .insertInto('id_indexes')
          .values({ company_office_id: office.id, prefix: input.prefix, next_number: input.nextNumber, padding: input.padding })
          .returningAll()
          .executeTakeFirstOrThrow(),
      {
        unique: {
          id_indexes_company_office_id_key: () =>
            new AppError('CONFLICT', `${office.name} already has an ID index; edit that one`, {
              fields: [{ param: 'companyOfficeId', msg: 'already has an ID index' }],
            }),
        },
        onForeignKey: changedMeanwhile,
      },
    );
    const after = camelRow(row);
    await audit(ctx, trx, { action: 'id_index.create', entity: 'id_index', entityId: row.id, after });
    return after as { id: number };
  });
}

export async function updateIdIndex(ctx: Ctx, _grant: Manage, raw: In<typeof updateIdIndexInput>) {
  const { id, ...input } = updateIdIndexInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('id_indexes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('ID index');
    const row = await trx
      .updateTable('id_indexes')
      .set({
        ...(input.prefix !== undefined ? { prefix: input.prefix } : {}),
        ...(input.nextNumber !== undefined ? { next_number: input.nextNumber } : {}),
        ...(input.padding !== undefined ? { padding: input.padding } : {}),
        updated_at: ctx.clock(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = camelRow(row);
    await audit(ctx, trx, { action: 'id_index.update', entity: 'id_index', entityId: id, before: camelRow(before), after });
    return after as { id: number };
  });
}

/** Removes an office's ID index; its new employees are numbered `<office code>-NNNNN` again. */
export async function deleteIdIndex(ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> {
  const { id } = idInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.deleteFrom('id_indexes').where('id', '=', id).returningAll().executeTakeFirst();
    if (!before) throw notFound('ID index');
    await audit(ctx, trx, { action: 'id_index.delete', entity: 'id_index', entityId: id, before: camelRow(before) });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Org chart

/**
 * The org chart: offices → departments → divisions → sections → positions, each node with the
 * number of working employees under it. Positions hang at the lowest level they are placed at.
 */
export async function orgChart(ctx: Ctx, _grant: View, raw?: In<typeof orgChartInput>): Promise<OrgChart> {
  const input = orgChartInput.parse(raw);
  const rows = await orgChartRows(ctx.db, input?.companyOfficeId);
  const offices = new Map<number, OrgChartOffice>();
  const departments = new Map<number, OrgChartDepartment>();
  const divisions = new Map<number, OrgChartDivision>();
  const sections = new Map<number, OrgChartSection>();
  for (const r of rows) {
    const base = { id: r.id, name: r.name, headcount: r.headcount };
    if (r.kind === 'office') offices.set(r.id, { ...base, code: r.code ?? '', departments: [] });
    else if (r.kind === 'department') {
      const d: OrgChartDepartment = { ...base, divisions: [], positions: [] };
      departments.set(r.id, d);
      offices.get(r.officeId)?.departments.push(d);
    } else if (r.kind === 'division') {
      const v: OrgChartDivision = { ...base, sections: [], positions: [] };
      divisions.set(r.id, v);
      departments.get(r.departmentId!)?.divisions.push(v);
    } else if (r.kind === 'section') {
      const s: OrgChartSection = { ...base, positions: [] };
      sections.set(r.id, s);
      divisions.get(r.divisionId!)?.sections.push(s);
    } else {
      const p: OrgChartPosition = { ...base, jobLevel: r.jobLevel };
      const at =
        (r.sectionId !== null ? sections.get(r.sectionId) : undefined) ??
        (r.divisionId !== null ? divisions.get(r.divisionId) : undefined) ??
        (r.departmentId !== null ? departments.get(r.departmentId) : undefined);
      at?.positions.push(p);
    }
  }
  const list = [...offices.values()];
  return { offices: list, headcount: list.reduce((n, o) => n + o.headcount, 0) };
}
