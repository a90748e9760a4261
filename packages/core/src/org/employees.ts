import { audit } from '../audit/index';
import type { Manage, View } from './grants';
import {
  type GrantPlacement,
  guardPlacementChange,
  type PlacementChange,
  renewSessionsAfterPlacement,
} from '../permissions/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError, conflict, invalid, notFound } from '../shared/errors';
import type { Page, In } from '../shared/zod';
import { nextEmployeeNumber } from './numbering';
import { type LockedEmployee, lockedEmployee } from './access';
import { type OrgEmployeeFilter, queryOrgEmployees } from './queries';
import { assignEmployeeInput, mappingInput, type OrgEmployeeRow } from './schema';

/*
 * The employee sub-paths of spec §7 "component/jobPosition" and "component/IDIndex": who holds a
 * position or is numbered by an index, who could be, and moving one employee in (or out). Every
 * employee list and every write stays within the actor's data scope (spec §6): an employee outside
 * it is NOT_FOUND.
 */

const changedMeanwhile = () => conflict('The employee was changed meanwhile; reload and try again', 'Reload the page.');

const placementOf = (e: LockedEmployee) => ({
  jobPositionId: e.job_position_id,
  departmentId: e.department_id,
  divisionId: e.division_id,
  sectionId: e.section_id,
});

/** The placement change of one employee, for the four-eyes placement rule (permissions/placement.ts). */
const placementChange = (e: LockedEmployee, after: GrantPlacement): PlacementChange => ({
  employeeId: e.id,
  name: e.name,
  before: { jobPositionId: e.job_position_id, sectionId: e.section_id },
  after,
});

// ---------------------------------------------------------------------------------------------
// Job position ⇄ employees

/**
 * The end of moving one employee into or out of a job position: the guarded update must have changed their row
 * (else CONFLICT: changed meanwhile), then their sessions follow the new placement and the audit records it.
 */
async function positionMoved(
  ctx: Ctx,
  trx: Db,
  updated: { numUpdatedRows: bigint },
  move: PlacementChange,
  entry: { action: string; before: LockedEmployee; after: Record<string, unknown> },
): Promise<{ changed: boolean }> {
  if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile();
  await renewSessionsAfterPlacement({ ...ctx, db: trx }, move);
  await audit(ctx, trx, {
    action: entry.action,
    entity: 'employee',
    entityId: entry.before.id,
    before: placementOf(entry.before),
    after: entry.after,
  });
  return { changed: true };
}

async function findPosition(db: Db, id: number, lock = false) {
  let q = db.selectFrom('job_positions').selectAll().where('id', '=', id);
  // Shared lock for a write: the position cannot be deleted or moved while an employee is placed in it.
  if (lock) q = q.forShare();
  const p = await q.executeTakeFirst();
  if (!p) throw notFound('Job position');
  return p;
}

/** Employees of one job position or ID index, paginated with `search`, within the data scope. */
async function employeesWhere(
  ctx: Ctx,
  grant: View,
  raw: In<typeof mappingInput>,
  filterOf: (db: Db, id: number) => Promise<OrgEmployeeFilter>,
): Promise<Page<OrgEmployeeRow>> {
  const { id, ...input } = mappingInput.parse(raw);
  const filter = await filterOf(ctx.db, id);
  return queryOrgEmployees(ctx.db, grant.scope, { ...input, ...filter });
}

/** `GET component/jobPosition/{id}/mapping`: the employees placed in the position (working first, then resigned). */
export async function jobPositionEmployees(ctx: Ctx, grant: View, raw: In<typeof mappingInput>) {
  return employeesWhere(ctx, grant, raw, async (db, id) => ({ jobPositionId: (await findPosition(db, id)).id }));
}

/** `GET component/jobPosition/{id}/assignation`: working employees of the position's office not in it. */
export async function jobPositionEmployeeAssignation(ctx: Ctx, grant: View, raw: In<typeof mappingInput>) {
  return employeesWhere(ctx, grant, raw, async (db, id) => {
    const p = await findPosition(db, id);
    return { companyOfficeId: p.company_office_id, notJobPositionId: p.id, working: true };
  });
}

/**
 * `POST component/jobPosition/{id}/assign`: places a working employee of the position's office in
 * it: the employee takes the position's department, division and section (their job level stays:
 * promotions change it). Audited with before and after.
 */
export async function assignEmployeeToJobPosition(ctx: Ctx, grant: Manage, raw: In<typeof assignEmployeeInput>) {
  const input = assignEmployeeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const position = await findPosition(trx, input.id, true);
    const before = await lockedEmployee(trx, grant, input.employeeId);
    if (before.job_position_id === position.id) return { changed: false };
    if (before.resigned !== 0) throw conflict(`${before.name} has resigned and cannot be placed in a job position`);
    if (before.company_office_id !== position.company_office_id) {
      throw invalid([{ param: 'employeeId', msg: `${before.name} is not in the office of job position ${position.name}` }]);
    }
    const after = {
      jobPositionId: position.id,
      departmentId: position.department_id,
      divisionId: position.division_id,
      sectionId: position.section_id,
    };
    const move = placementChange(before, { jobPositionId: after.jobPositionId, sectionId: after.sectionId });
    const permissionsAdded = await guardPlacementChange(trx, grant.actor, move);
    const r = await trx
      .updateTable('employees')
      .set({
        job_position_id: after.jobPositionId,
        department_id: after.departmentId,
        division_id: after.divisionId,
        section_id: after.sectionId,
        updated_at: ctx.clock(),
      })
      .where('id', '=', before.id)
      .where('resigned', '=', 0)
      .where('company_office_id', '=', position.company_office_id)
      .where((eb) => eb('job_position_id', 'is distinct from', position.id))
      .executeTakeFirst();
    return positionMoved(ctx, trx, r, move, {
      action: 'employee.assignJobPosition',
      before,
      after: { ...after, ...(permissionsAdded.length ? { permissionsAdded } : {}) },
    });
  });
}

/** `POST component/jobPosition/{id}/unassign`: the employee no longer holds the position (`409` if they do not). */
export async function unassignEmployeeFromJobPosition(ctx: Ctx, grant: Manage, raw: In<typeof assignEmployeeInput>) {
  const input = assignEmployeeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const position = await findPosition(trx, input.id, true);
    const before = await lockedEmployee(trx, grant, input.employeeId);
    if (before.job_position_id !== position.id) throw conflict(`${before.name} is not in job position ${position.name}`);
    const move = placementChange(before, { jobPositionId: null, sectionId: before.section_id });
    await guardPlacementChange(trx, grant.actor, move);
    const r = await trx
      .updateTable('employees')
      .set({ job_position_id: null, updated_at: ctx.clock() })
      .where('id', '=', before.id)
      .where('job_position_id', '=', position.id)
      .executeTakeFirst();
    return positionMoved(ctx, trx, r, move, {
      action: 'employee.unassignJobPosition',
      before,
      after: { ...placementOf(before), jobPositionId: null },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// ID index ⇄ employees (numbering)

async function findIdIndex(db: Db, id: number) {
  const x = await db
    .selectFrom('id_indexes as x')
    .innerJoin('company_offices as o', 'o.id', 'x.company_office_id')
    .select(['x.id', 'x.company_office_id', 'x.prefix', 'o.name as office'])
    .where('x.id', '=', id)
    .executeTakeFirst();
  if (!x) throw notFound('ID index');
  return x;
}

/** Whether an employee number is the prefix followed by digits (as the SQL `followsPrefix`). */
const follows = (employeeNumber: string, prefix: string) =>
  employeeNumber.startsWith(prefix) && /^[0-9]{1,15}$/.test(employeeNumber.slice(prefix.length));

/** `GET component/IDIndex/{id}/mapping`: the employees of the index's office, each with `followsIndex`. */
export async function idIndexEmployees(ctx: Ctx, grant: View, raw: In<typeof mappingInput>) {
  return employeesWhere(ctx, grant, raw, async (db, id) => {
    const x = await findIdIndex(db, id);
    return { companyOfficeId: x.company_office_id, prefix: x.prefix };
  });
}

/** `GET component/IDIndex/{id}/assignation`: working employees of the office whose number does not follow the index. */
export async function idIndexAssignation(ctx: Ctx, grant: View, raw: In<typeof mappingInput>) {
  return employeesWhere(ctx, grant, raw, async (db, id) => {
    const x = await findIdIndex(db, id);
    return { companyOfficeId: x.company_office_id, prefix: x.prefix, notFollowing: true, working: true };
  });
}

/**
 * `POST component/IDIndex/{id}/assign`: renumbers a working employee of the index's office with the
 * index's next free number (the index moves past it, as for a new employee). Nothing to do when the
 * number already follows the index. Audited with the old number.
 */
export async function assignEmployeeToIdIndex(ctx: Ctx, grant: Manage, raw: In<typeof assignEmployeeInput>) {
  const input = assignEmployeeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const index = await findIdIndex(trx, input.id);
    const before = await lockedEmployee(trx, grant, input.employeeId);
    if (before.company_office_id !== index.company_office_id) {
      throw invalid([{ param: 'employeeId', msg: `${before.name} is not in office ${index.office}` }]);
    }
    if (follows(before.employee_number, index.prefix)) return { changed: false, employeeNumber: before.employee_number };
    if (before.resigned !== 0) throw conflict(`${before.name} has resigned and keeps employee number ${before.employee_number}`);
    // Allocation locks the office's numbering and its index; the index must still be this one.
    const employeeNumber = await nextEmployeeNumber(trx, index.company_office_id);
    const now = await trx.selectFrom('id_indexes').select('prefix').where('id', '=', index.id).executeTakeFirst();
    if (!now || !follows(employeeNumber, now.prefix)) {
      throw conflict('The ID index was changed meanwhile; reload and try again', 'Reload the page.');
    }
    const r = await dbWrite(
      () =>
        trx
          .updateTable('employees')
          .set({ employee_number: employeeNumber, updated_at: ctx.clock() })
          .where('id', '=', before.id)
          .where('employee_number', '=', before.employee_number)
          .executeTakeFirst(),
      {
        unique: {
          employees_employee_number_key: () => conflict(`Employee number ${employeeNumber} is already used; try again`),
        },
      },
    );
    if (Number(r.numUpdatedRows) !== 1) throw changedMeanwhile();
    await audit(ctx, trx, {
      action: 'employee.renumber',
      entity: 'employee',
      entityId: before.id,
      before: { employeeNumber: before.employee_number },
      after: { employeeNumber, idIndexId: index.id },
    });
    return { changed: true, employeeNumber };
  });
}

/**
 * `POST component/IDIndex/{id}/unassign`: always `409` (after the index and the employee are found):
 * an employee always keeps an employee number; renumbering is "assign" on an ID index.
 */
export async function unassignEmployeeFromIdIndex(ctx: Ctx, grant: Manage, raw: In<typeof assignEmployeeInput>): Promise<never> {
  const input = assignEmployeeInput.parse(raw);
  await findIdIndex(ctx.db, input.id);
  const e = await lockedEmployee(ctx.db, grant, input.employeeId, false);
  throw new AppError(
    'CONFLICT',
    `${e.name} keeps employee number ${e.employee_number}: every employee has a number; to renumber, assign them to an ID index instead`,
  );
}
