import { audit } from '../audit/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { camelRow, refuseIfUsed } from '../shared/db-errors';
import { invalid, notFound } from '../shared/errors';
import type { In, Page } from '../shared/zod';
import type { Manage, View } from './grants';
import { namesPlacement, type Placement, resolvePlacement } from './placement';
import { PARENTS, type PositionParent } from './position-parents';
import { followPosition } from './position-moves';
import { type JobPositionFilter, listProcedure, queryJobPosition, queryJobPositions } from './queries';
import { jobPositionUses } from './usage';
import { auditRow, insertRow, updateRow, changedMeanwhile, deleteProcedure, lockedRow, nameTaken } from './records';
import {
  createJobPositionInput,
  idInput,
  type JobPositionRow,
  listJobPositionsInput,
  mappingInput,
  updateJobPositionInput,
} from './schema';

// Job positions

export const findJobPositions = listProcedure(listJobPositionsInput, queryJobPositions);

export async function getJobPosition(ctx: Ctx, _grant: View, raw: In<typeof idInput>): Promise<JobPositionRow> {
  const { id } = idInput.parse(raw);
  const row = await queryJobPosition(ctx.db, id);
  if (!row) throw notFound('Job position');
  return row;
}

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
  if (!l) throw invalid([{ param: 'jobLevelId', msg: 'is not a known job level' }]);
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
    const row = await insertRow(
      trx,
      'job_positions',
      {
        name: input.name,
        company_office_id: at.companyOfficeId!,
        department_id: at.departmentId!,
        division_id: at.divisionId,
        section_id: at.sectionId,
        job_level_id: input.jobLevelId ?? null,
      },
      { unique: positionNameTaken(input.name), onForeignKey: changedMeanwhile },
    );
    return auditRow(ctx, trx, 'job_position', row);
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
    const before = await lockedRow(trx, 'job_positions', id, 'Job position');
    let at: Placement = {
      companyOfficeId: before.company_office_id,
      departmentId: before.department_id,
      divisionId: before.division_id,
      sectionId: before.section_id,
    };
    if (namesPlacement(placed)) at = await resolvePlacement(trx, placed, 'departmentId');
    await checkJobLevel(trx, jobLevelId);
    if (at.departmentId !== before.department_id) {
      refuseIfUsed(`Job position ${before.name} cannot move to another department: it`, await jobPositionUses(trx, id));
    }
    const name = newName ?? before.name;
    const row = await updateRow(
      trx,
      'job_positions',
      id,
      {
        name,
        company_office_id: at.companyOfficeId!,
        department_id: at.departmentId!,
        division_id: at.divisionId,
        section_id: at.sectionId,
        ...(jobLevelId !== undefined ? { job_level_id: jobLevelId } : {}),
      },
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

export const deleteJobPosition = deleteProcedure('job_positions', {
  entity: 'job_position',
  label: 'Job position',
  uses: (trx, id) => jobPositionUses(trx, id, true),
});
