import { audit } from '../audit/index';
import { guardPlacementChange, type PlacementChange, renewSessionsAfterPlacement } from '../permissions/index';
import type { Ctx, Db } from '../shared/context';
import { camelRow, dbWrite } from '../shared/db-errors';
import { invalid } from '../shared/errors';
import { changedMeanwhile, nameTaken, type OrgRow } from './records';

/*
 * Moving a job position to another office, department, division, section or level: the
 * position's working employees follow it, so the org chart stays consistent.
 */

export type JobPositionDbRow = OrgRow<'job_positions'>;

/** A job position locked for a move, or a VALIDATION error on `jobPositionId`. */
export async function lockedPosition(trx: Db, id: number): Promise<JobPositionDbRow> {
  const p = await trx.selectFrom('job_positions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!p) throw invalid([{ param: 'jobPositionId', msg: 'is not a known job position' }]);
  return p;
}

/** Sets (or clears) a job position's level; audited. The employees keep their own level (promotions change it). */
export async function setPositionLevel(ctx: Ctx, trx: Db, before: JobPositionDbRow, jobLevelId: number | null, action: string) {
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

/** Where a job position goes: office and department only when they change. */
export interface PositionMove {
  companyOfficeId?: number;
  departmentId?: number;
  divisionId: number | null;
  sectionId: number | null;
}

/** Moves a position (and its working employees with it); audited. */
export async function placeJobPosition(
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
export async function followPosition(ctx: Ctx, trx: Db, jobPositionId: number, to: PositionMove) {
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
