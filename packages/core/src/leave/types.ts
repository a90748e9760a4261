import { sql } from 'kysely';
import { audit } from '../audit/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import type { z } from 'zod';
import type { In } from '../shared/zod';
import type { Manage } from './grants';
import { type LeaveTypeRow, leaveTypeIdInput, leaveTypeInput, listLeaveTypesInput, updateLeaveTypeInput } from './schema';

const typeNotFound = () => new AppError('NOT_FOUND', 'Leave type not found');

// ---------------------------------------------------------------------------------------------
// Leave types

const typeColumns = sql`t.id, t.code, t.name, t.paid, t.counts_annual as "countsAnnual", t.max_days::float8 as "maxDays",
  t.needs_attachment as "needsAttachment", t.allow_half_day as "allowHalfDay", t.active,
  (select count(*)::int from leave_requests r where r.leave_type_id = t.id) as requests`;

/** Leave types (the spec's `leaveTypes` lookup), active first, by name. */
export async function listLeaveTypes(ctx: Ctx, raw?: In<typeof listLeaveTypesInput>): Promise<LeaveTypeRow[]> {
  const f = listLeaveTypesInput.parse(raw);
  const r = await sql<LeaveTypeRow>`select ${typeColumns} from leave_types t
    where (${f?.activeOnly ?? false} = false or t.active) order by t.active desc, t.name, t.id`.execute(ctx.db);
  return r.rows;
}

async function typeById(db: Db, id: number): Promise<LeaveTypeRow> {
  const r = await sql<LeaveTypeRow>`select ${typeColumns} from leave_types t where t.id = ${id}`.execute(db);
  const row = r.rows[0];
  if (!row) throw typeNotFound();
  return row;
}

const codeTaken = () =>
  new AppError('CONFLICT', 'A leave type with this code exists already', {
    fields: [{ param: 'code', msg: 'is already used' }],
  });

/** A leave type's columns as the create and edit forms give them. */
const typeColumnsOf = (input: z.output<typeof leaveTypeInput>) => ({
  code: input.code,
  name: input.name,
  paid: input.paid,
  counts_annual: input.countsAnnual,
  max_days: input.maxDays ?? null,
  needs_attachment: input.needsAttachment,
  allow_half_day: input.allowHalfDay,
  active: input.active,
});

/** Creates a leave type (code unique, case-insensitive). */
export async function createLeaveType(ctx: Ctx, _grant: Manage, raw: In<typeof leaveTypeInput>): Promise<LeaveTypeRow> {
  const input = leaveTypeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () => trx.insertInto('leave_types').values(typeColumnsOf(input)).returning('id').executeTakeFirstOrThrow(),
      { unique: { leave_types_code_uq: codeTaken } },
    );
    await audit(ctx, trx, { action: 'leave.type.create', entity: 'leave_types', entityId: row.id, after: input });
    return typeById(trx, row.id);
  });
}

/** Updates a leave type. Existing requests keep their days and balance treatment (snapshot). */
export async function updateLeaveType(ctx: Ctx, _grant: Manage, raw: In<typeof updateLeaveTypeInput>): Promise<LeaveTypeRow> {
  const input = updateLeaveTypeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await typeById(trx, input.id);
    await dbWrite(
      () =>
        trx
          .updateTable('leave_types')
          .set({ ...typeColumnsOf(input), updated_at: sql`now()` })
          .where('id', '=', input.id)
          .execute(),
      { unique: { leave_types_code_uq: codeTaken } },
    );
    const after = await typeById(trx, input.id);
    await audit(ctx, trx, { action: 'leave.type.update', entity: 'leave_types', entityId: input.id, before, after });
    return after;
  });
}

/** Deletes an unused leave type; a used one is refused (deactivate it instead). */
export async function deleteLeaveType(ctx: Ctx, _grant: Manage, raw: In<typeof leaveTypeIdInput>): Promise<{ id: number }> {
  const { id } = leaveTypeIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await typeById(trx, id);
    if (before.requests > 0)
      throw new AppError(
        'CONFLICT',
        `Leave type ${before.name} is used by ${before.requests} ${before.requests === 1 ? 'request' : 'requests'}; deactivate it instead`,
      );
    await dbWrite(() => trx.deleteFrom('leave_types').where('id', '=', id).execute(), {
      onForeignKey: () => new AppError('CONFLICT', `Leave type ${before.name} is in use; deactivate it instead`),
    });
    await audit(ctx, trx, { action: 'leave.type.delete', entity: 'leave_types', entityId: id, before });
    return { id };
  });
}
