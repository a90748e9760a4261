import { sql } from 'kysely';
import { audit } from '../../audit/index';
import { requirePayPermission } from '../../access/index';
import type { Scope } from '../../access/index';
import { employeeInScope } from '../../access/index';
import { type Ctx, type Db, inTransaction } from '../../shared/context';
import { AppError, notFound } from '../../shared/errors';
import { countedPage } from '../../shared/page';
import type { Page, In } from '../../shared/zod';
import { createQueueInput, salaryIdInput, listQueueInput, type QueueRow, updateQueueInput } from './schema';

import { assertPayEntryAllowed, type Update, type View } from './access';
import { employeeRefColumns } from '../employee-columns';

/* Salary queue (salary/queue): basic salary changes a run applies from their effective date. */

function queueQuery(db: Db, scope: Scope) {
  return db
    .selectFrom('salary_queue as q')
    .innerJoin('employees as e', 'e.id', 'q.employee_id')
    .where((eb) => employeeInScope(eb as never, scope))
    .select([
      'q.id',
      'q.employee_id as employeeId',
      ...employeeRefColumns,
      'q.effective_date as effectiveDate',
      'q.basic_salary as basicSalary',
      'q.note',
      sql<'pending' | 'applied'>`case when q.applied_run_id is null then 'pending' else 'applied' end`.as('status'),
      'q.applied_run_id as appliedRunId',
    ]);
}

export async function listSalaryQueue(ctx: Ctx, grant: View, raw: In<typeof listQueueInput>): Promise<Page<QueueRow>> {
  const input = listQueueInput.parse(raw);
  let q = queueQuery(ctx.db, grant.scope);
  if (input.employeeId) q = q.where('q.employee_id', '=', input.employeeId);
  if (input.status === 'pending') q = q.where('q.applied_run_id', 'is', null);
  if (input.status === 'applied') q = q.where('q.applied_run_id', 'is not', null);
  return countedPage(q, input, (q) => q.orderBy('q.effective_date', 'desc').orderBy('q.id', 'desc'));
}

async function oneQueue(db: Db, scope: Scope, id: number): Promise<QueueRow> {
  const row = await queueQuery(db, scope).where('q.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Salary change');
  return row;
}

const appliedRefusal = (r: QueueRow) =>
  new AppError('CONFLICT', `This salary change was applied by payroll run #${r.appliedRunId}; queue a new change instead`);

export async function createSalaryQueue(ctx: Ctx, grant: Update, raw: In<typeof createQueueInput>): Promise<QueueRow> {
  const input = createQueueInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await assertPayEntryAllowed(trx, grant, { employeeId: input.employeeId }, 'salary');
    const { id } = await trx
      .insertInto('salary_queue')
      .values({
        employee_id: input.employeeId,
        effective_date: input.effectiveDate,
        basic_salary: input.basicSalary,
        note: input.note ?? null,
        updated_at: ctx.clock(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await oneQueue(trx, grant.scope, id);
    await audit(ctx, trx, { action: 'create', entity: 'salary_queue', entityId: id, after: row });
    return row;
  });
}

export async function updateSalaryQueue(ctx: Ctx, grant: Update, raw: In<typeof updateQueueInput>): Promise<QueueRow> {
  const input = updateQueueInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await oneQueue(trx, grant.scope, input.id);
    requirePayPermission(grant.actor, before.employeeId, 'salary');
    const res = await trx
      .updateTable('salary_queue')
      .set({
        effective_date: input.effectiveDate ?? before.effectiveDate,
        basic_salary: input.basicSalary ?? before.basicSalary,
        note: input.note === undefined ? before.note : input.note,
        updated_at: ctx.clock(),
      })
      .where('id', '=', input.id)
      .where('applied_run_id', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw appliedRefusal(before);
    const row = await oneQueue(trx, grant.scope, input.id);
    await audit(ctx, trx, { action: 'update', entity: 'salary_queue', entityId: input.id, before, after: row });
    return row;
  });
}

export async function deleteSalaryQueue(ctx: Ctx, grant: Update, raw: In<typeof salaryIdInput>): Promise<{ id: number }> {
  const { id } = salaryIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await oneQueue(trx, grant.scope, id);
    requirePayPermission(grant.actor, before.employeeId, 'salary');
    const res = await trx.deleteFrom('salary_queue').where('id', '=', id).where('applied_run_id', 'is', null).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw appliedRefusal(before);
    await audit(ctx, trx, { action: 'delete', entity: 'salary_queue', entityId: id, before });
    return { id };
  });
}
