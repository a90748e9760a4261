import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError, invalid, notFound } from '../shared/errors';
import type { In, Page } from '../shared/zod';
import type { Manage, View } from './grants';
import { jobPositionAssignation } from './job-positions';
import { PARENTS, type PositionParent } from './position-parents';
import { resolvePlacement } from './placement';
import { type JobPositionDbRow, lockedPosition, placeJobPosition, setPositionLevel } from './position-moves';
import type { OrgRow } from './records';
import { assignJobPositionInput, type JobPositionRow, type mappingInput, officeAssignInput, sectionAssignInput } from './schema';

/*
 * The "assign" / "unassign" / "assignation" sub-paths of spec §7 "component/<parent>": putting a
 * job position under an office, department, division, section or job level (or taking it out).
 */

/** Job positions of the section's department that are not in the section (candidates for "assign"). */
export async function sectionAssignation(ctx: Ctx, grant: View, raw: In<typeof mappingInput>): Promise<Page<JobPositionRow>> {
  return jobPositionAssignation(ctx, grant, 'section', raw);
}

/**
 * One assign or unassign in one transaction: the parent `input.id` (NOT_FOUND naming it when there is none), then
 * the job position `input.jobPositionId` locked for the move; `move` does the rest.
 */
function moveUnder<P extends PositionParent, R>(
  ctx: Ctx,
  parent: P,
  input: { id: number; jobPositionId: number },
  move: (trx: Db, unit: OrgRow<(typeof PARENTS)[P]['table']>, before: JobPositionDbRow) => Promise<R>,
): Promise<R> {
  const { table, label } = PARENTS[parent];
  return inTransaction(ctx, async (trx) => {
    const unit = await trx.selectFrom(table).selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!unit) throw notFound(label);
    return move(trx, unit as OrgRow<(typeof PARENTS)[P]['table']>, await lockedPosition(trx, input.jobPositionId));
  });
}

const otherDepartment = (position: string, what: string) =>
  invalid([{ param: 'jobPositionId', msg: `Job position ${position} is not in the department of ${what}` }]);

/**
 * Moves a job position into a section of its own department (its division becomes the section's).
 * The position's working employees move with it, so the org chart stays consistent.
 */
export async function assignJobPositionToSection(ctx: Ctx, _grant: Manage, raw: In<typeof sectionAssignInput>) {
  return moveUnder(ctx, 'section', sectionAssignInput.parse(raw), async (trx, section, before) => {
    if (before.department_id !== section.department_id) throw otherDepartment(before.name, `section ${section.name}`);
    if (before.section_id === section.id) return { changed: false, employeesMoved: 0 };
    return placeJobPosition(ctx, trx, before, { divisionId: section.division_id, sectionId: section.id }, 'job_position.assign');
  });
}

/** Takes a job position out of a section (it stays in the section's division). */
export async function unassignJobPositionFromSection(ctx: Ctx, _grant: Manage, raw: In<typeof sectionAssignInput>) {
  return moveUnder(ctx, 'section', sectionAssignInput.parse(raw), async (trx, section, before) => {
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
  return moveUnder(ctx, 'division', assignJobPositionInput.parse(raw), async (trx, division, before) => {
    if (before.department_id !== division.department_id) throw otherDepartment(before.name, `division ${division.name}`);
    if (before.division_id === division.id) return { changed: false, employeesMoved: 0 };
    return placeJobPosition(ctx, trx, before, { divisionId: division.id, sectionId: null }, 'job_position.assign');
  });
}

/** `POST component/division/{id}/unassign`: the job position leaves the division (and its section); it stays in the department. */
export async function unassignJobPositionFromDivision(ctx: Ctx, _grant: Manage, raw: In<typeof assignJobPositionInput>) {
  return moveUnder(ctx, 'division', assignJobPositionInput.parse(raw), async (trx, division, before) => {
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
/** `POST component/jobLevel/{id}/assign`: the job position is at this level from now on. */
export async function assignJobPositionToJobLevel(ctx: Ctx, _grant: Manage, raw: In<typeof assignJobPositionInput>) {
  return moveUnder(ctx, 'jobLevel', assignJobPositionInput.parse(raw), async (trx, level, before) => {
    if (before.job_level_id === level.id) return { changed: false as const };
    return setPositionLevel(ctx, trx, before, level.id, 'job_position.assignLevel');
  });
}

/** `POST component/jobLevel/{id}/unassign`: the job position no longer has this level. */
export async function unassignJobPositionFromJobLevel(ctx: Ctx, _grant: Manage, raw: In<typeof assignJobPositionInput>) {
  return moveUnder(ctx, 'jobLevel', assignJobPositionInput.parse(raw), async (trx, level, before) => {
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
  return moveUnder(ctx, 'department', assignJobPositionInput.parse(raw), async (trx, department, before) => {
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
  return moveUnder(ctx, 'companyOffice', input, async (trx, office, before) => {
    const inOffice = before.company_office_id === office.id;
    if (!input.departmentId && !inOffice) {
      throw invalid([{ param: 'departmentId', msg: `is required to move job position ${before.name} to office ${office.name}` }]);
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
