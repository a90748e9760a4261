import { sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/index';
import type { Grant } from '../access/index';
import { scopeSql } from '../access/index';
import { employeeName, employeeNameOf } from '../shared/employee-sql';
import { pageOf, pageOffset } from '../shared/page';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError, notFound } from '../shared/errors';
import { anyId, likePattern } from '../shared/sql';
import type { Page } from '../shared/zod';
import { createManagersInput, listManagersInput, type ManagerRow, managerIdInput, updateManagerInput } from './managers-schema';

type Manage = Grant<'employee.manager.manage'>;

function managersQuery(db: Db) {
  return db
    .selectFrom('employee_managers as m')
    .innerJoin('employees as e', 'e.id', 'm.employee_id')
    .innerJoin('employees as mg', 'mg.id', 'm.manager_employee_id')
    .leftJoin('departments as d', 'd.id', 'e.department_id')
    .select([
      'm.id',
      'm.manager_employee_id as managerEmployeeId',
      employeeNameOf('mg').as('managerName'),
      'mg.employee_number as managerNumber',
      'm.employee_id as employeeId',
      employeeName.as('employeeName'),
      'e.employee_number as employeeNumber',
      'd.name as department',
      'm.active',
      'm.note',
    ]);
}

/** Manager → employee pairs whose employee is in the caller's scope (`/employee/managers`). */
export async function listManagers(ctx: Ctx, grant: Manage, raw: z.input<typeof listManagersInput>): Promise<Page<ManagerRow>> {
  const input = listManagersInput.parse(raw);
  let q = managersQuery(ctx.db).where(scopeSql(grant.scope, 'e'));
  if (input.managerEmployeeId) q = q.where('m.manager_employee_id', '=', input.managerEmployeeId);
  if (input.active !== undefined) q = q.where('m.active', '=', input.active === 1);
  if (input.search) {
    const like = likePattern(input.search);
    q = q.where((eb) =>
      eb.or([
        eb(sql`e.given_name || ' ' || e.surname`, 'ilike', like),
        eb(sql`mg.given_name || ' ' || mg.surname`, 'ilike', like),
        eb('e.employee_number', 'ilike', like),
        eb('mg.employee_number', 'ilike', like),
      ]),
    );
  }
  const rows = await q
    .select(sql<number>`(count(*) over ())::int`.as('total'))
    .orderBy(sql`lower(mg.given_name || ' ' || mg.surname)`)
    .orderBy(sql`lower(e.given_name || ' ' || e.surname)`)
    .orderBy('m.id')
    .limit(input.pageSize)
    .offset(pageOffset(input))
    .execute();
  return pageOf(rows, input, (r) => r);
}

export async function getManager(ctx: Ctx, grant: Manage, raw: z.input<typeof managerIdInput>): Promise<ManagerRow> {
  const { id } = managerIdInput.parse(raw);
  const row = await managersQuery(ctx.db).where('m.id', '=', id).where(scopeSql(grant.scope, 'e')).executeTakeFirst();
  if (!row) throw notFound('Manager');
  return row;
}

/** Both people must exist and be visible to the caller; out of scope reads as not found. */
async function checkPeople(db: Db, grant: Grant, ids: number[], param: string) {
  const found = await db
    .selectFrom('employees as e')
    .select('e.id')
    .where(anyId('e.id', ids))
    .where(scopeSql(grant.scope, 'e'))
    .execute();
  const ok = new Set(found.map((f) => f.id));
  const missing = ids.map((v, i) => [v, i] as const).filter(([v]) => !ok.has(v));
  if (missing.length) {
    throw new AppError('VALIDATION', 'Invalid input', {
      fields: missing.map(([, i]) => ({
        param: param === 'employeeIds' ? `employeeIds.${i}` : param,
        msg: 'is not a known employee',
      })),
    });
  }
}

/**
 * Makes one person the manager of several employees (`/employee/managers/add`). A pair that exists
 * is reactivated; managing oneself, or someone who actively manages you, is refused.
 */
export async function createManagers(
  ctx: Ctx,
  grant: Manage,
  raw: z.input<typeof createManagersInput>,
): Promise<{ added: number; reactivated: number }> {
  const input = createManagersInput.parse(raw);
  const employeeIds = [...new Set(input.employeeIds)];
  const selfAt = employeeIds.indexOf(input.managerEmployeeId);
  if (selfAt >= 0) {
    throw new AppError('VALIDATION', 'Nobody manages themselves', {
      fields: [{ param: `employeeIds.${selfAt}`, msg: 'is the manager themselves' }],
    });
  }
  return inTransaction(ctx, async (trx) => {
    await checkPeople(trx, grant, [input.managerEmployeeId], 'managerEmployeeId');
    await checkPeople(trx, grant, employeeIds, 'employeeIds');
    const loop = await trx
      .selectFrom('employee_managers')
      .select('manager_employee_id')
      .where('employee_id', '=', input.managerEmployeeId)
      .where(anyId('manager_employee_id', employeeIds))
      .where('active', '=', true)
      .executeTakeFirst();
    if (loop) {
      const i = employeeIds.indexOf(loop.manager_employee_id);
      throw new AppError('CONFLICT', 'This employee manages the chosen manager; inactivate that first', {
        fields: [{ param: `employeeIds.${i}`, msg: 'manages the chosen manager' }],
      });
    }
    const r = await sql<{ inserted: boolean }>`
      insert into employee_managers (employee_id, manager_employee_id, note, created_by)
      select x, ${input.managerEmployeeId}, ${input.note ?? null}, ${grant.actor.userId}
      from unnest(${employeeIds}::int[]) as x
      on conflict (employee_id, manager_employee_id)
        do update set active = true, note = coalesce(excluded.note, employee_managers.note), updated_at = now()
      returning (xmax = 0) as inserted`.execute(trx);
    const added = r.rows.filter((x) => x.inserted).length;
    await audit(ctx, trx, {
      action: 'employee.manager.create',
      entity: 'employee',
      entityId: input.managerEmployeeId,
      after: { employeeIds, note: input.note ?? null },
    });
    return { added, reactivated: r.rows.length - added };
  });
}

/** Hands the employee to another manager, or edits the note (`/employee/managers/{id}/edit`). */
export async function updateManager(ctx: Ctx, grant: Manage, raw: z.input<typeof updateManagerInput>): Promise<{ id: number }> {
  const input = updateManagerInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await getManager({ ...ctx, db: trx }, grant, { id: input.id });
    if (input.managerEmployeeId !== undefined) {
      if (input.managerEmployeeId === before.employeeId) {
        throw new AppError('VALIDATION', 'Nobody manages themselves', {
          fields: [{ param: 'managerEmployeeId', msg: 'is the employee themselves' }],
        });
      }
      await checkPeople(trx, grant, [input.managerEmployeeId], 'managerEmployeeId');
    }
    await trx
      .updateTable('employee_managers')
      .set({
        ...(input.managerEmployeeId !== undefined ? { manager_employee_id: input.managerEmployeeId } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
        updated_at: sql`now()`,
      } as never)
      .where('id', '=', input.id)
      .execute()
      .catch((err: { code?: string }) => {
        if (err.code === '23505') throw new AppError('CONFLICT', 'That person already manages this employee');
        throw err;
      });
    await audit(ctx, trx, {
      action: 'employee.manager.update',
      entity: 'employee_manager',
      entityId: input.id,
      before,
      after: input,
    });
    return { id: input.id };
  });
}

async function setActive(ctx: Ctx, grant: Manage, raw: z.input<typeof managerIdInput>, active: boolean) {
  const { id } = managerIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await getManager({ ...ctx, db: trx }, grant, { id });
    const r = await trx
      .updateTable('employee_managers')
      .set({ active, updated_at: sql`now()` } as never)
      .where('id', '=', id)
      .where('active', '=', !active)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) {
      throw new AppError('CONFLICT', active ? 'This manager is already active' : 'This manager is already inactive');
    }
    await audit(ctx, trx, {
      action: active ? 'employee.manager.activate' : 'employee.manager.inactivate',
      entity: 'employee_manager',
      entityId: id,
    });
    return { id, active };
  });
}

export const activateManager = (ctx: Ctx, grant: Manage, raw: z.input<typeof managerIdInput>) => setActive(ctx, grant, raw, true);
export const inactivateManager = (ctx: Ctx, grant: Manage, raw: z.input<typeof managerIdInput>) =>
  setActive(ctx, grant, raw, false);
