import { sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/index';
import { revokeSessionsOfEmployee } from '../auth/index';
import { checkDuties, transition } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError } from '../shared/errors';
import type { Page } from '../shared/zod';
import type { Actor } from '../access/index';
import { decisionRefusal } from '../access/index';
import type { Grant } from '../access/index';
import type { GrantPlacement } from './placement';
import type { PermissionKey } from '../access/index';
import { decidePlacementInput, listPlacementConfirmationsInput, type PlacementConfirmationRow } from './schema';
import { employeeInScope } from '../access/index';
import { employeeName, userNameOf } from '../shared/employee-sql';

/**
 * Four-eyes for placements (issue 16 item 3; docs/security.md §1.4). A move is applied at once, so
 * the org chart stays true; when it widens the subject's effective permissions, a confirmation is
 * filed and, while it is *withholding*, the grants of the employee's job position and section do
 * not reach them (auth/service.ts actorQuery, the one sign-in rule). A second person holding
 * `permission.approve` — never the mover, never the subject — approves (the grants flow) or
 * rejects it.
 *
 * Rejection: the employee stays where HR put them but the grants stay withheld (the row is
 * `rejected` and still withholding), until HR moves them again: any later change of their job
 * position or section closes it, and that move is judged afresh (widening against what they hold
 * without the withheld grants, so a pending or rejected move cannot be laundered through a
 * smaller one). A new widening move replaces a pending one (`cancelled`). At most one withholding
 * row per employee (a unique index).
 */

const what = 'placement';

/** Whether the employee's job position and section grants are withheld now. */
export async function placementWithheld(db: Db, employeeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('placement_confirmations')
    .select('id')
    .where('employee_id', '=', employeeId)
    .where('withholding', '=', true)
    .executeTakeFirst();
  return !!row;
}

/**
 * Called by the placement rule (placement.ts) inside the mover's transaction for a change of an
 * employee's job position or section: closes any withholding confirmation (a pending one becomes
 * `cancelled`; a rejected one stays rejected but stops withholding), and when the move adds
 * permissions files a new pending confirmation. Returns its id, or null when nothing waits.
 */
export async function filePlacementConfirmation(
  db: Db,
  actor: Actor,
  employeeId: number,
  after: GrantPlacement,
  added: readonly PermissionKey[],
): Promise<number | null> {
  // Two moves of the same employee at once queue on the employee row, so the one-withholding-row
  // index never sees them collide.
  await db.selectFrom('employees').select('id').where('id', '=', employeeId).forUpdate().execute();
  await db
    .updateTable('placement_confirmations')
    .set({ withholding: false, status: sql`case when status = 'pending' then 'cancelled' else status end` })
    .where('employee_id', '=', employeeId)
    .where('withholding', '=', true)
    .execute();
  if (added.length === 0) return null;
  const row = await db
    .insertInto('placement_confirmations')
    .values({
      employee_id: employeeId,
      job_position_id: after.jobPositionId,
      section_id: after.sectionId,
      permissions_added: [...added],
      requested_by: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Placement confirmations of employees in the caller's scope, newest first (filter by status). */
export async function listPlacementConfirmations(
  ctx: Ctx,
  grant: Grant<'permission.view'>,
  raw: z.input<typeof listPlacementConfirmationsInput>,
): Promise<Page<PlacementConfirmationRow>> {
  const input = listPlacementConfirmationsInput.parse(raw);
  let q = ctx.db
    .selectFrom('placement_confirmations as pc')
    .innerJoin('employees as e', 'e.id', 'pc.employee_id')
    .where((eb) => employeeInScope(eb as never, grant.scope));
  if (input.status) q = q.where('pc.status', '=', input.status);
  const [rows, count] = await Promise.all([
    q
      .leftJoin('job_positions as jp', 'jp.id', 'pc.job_position_id')
      .leftJoin('sections as sc', 'sc.id', 'pc.section_id')
      .select([
        'pc.id',
        'pc.employee_id as employeeId',
        employeeName.as('employeeName'),
        'e.employee_number as employeeNumber',
        'jp.name as jobPosition',
        'sc.name as section',
        'pc.permissions_added as permissionsAdded',
        userNameOf('pc.requested_by').$castTo<string>().as('requestedBy'),
        'pc.requested_by as requestedById',
        'pc.requested_at as requestedAt',
        'pc.status',
        userNameOf('pc.decided_by').as('decidedBy'),
        'pc.decided_at as decidedAt',
        'pc.note',
        'pc.withholding',
      ])
      .orderBy('pc.id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  // As the grants list: the screen says why the caller may not decide (the route check runs on decision).
  const withRefusal = await Promise.all(
    rows.map(async ({ requestedById, ...r }) => ({
      ...r,
      approveRefusal:
        r.status === 'pending'
          ? await decisionRefusal(
              checkDuties(ctx.db, grant.actor, { what, requestedByUserId: requestedById, subjectEmployeeId: r.employeeId }),
            )
          : null,
    })),
  );
  return { rows: withRefusal, total: count.n, page: input.page, pageSize: input.pageSize };
}

/** Approves a pending placement: the job position's and section's grants reach the employee. */
export async function approvePlacement(
  ctx: Ctx,
  grant: Grant<'permission.approve'>,
  raw: z.input<typeof decidePlacementInput>,
): Promise<void> {
  await decide(ctx, grant, decidePlacementInput.parse(raw), 'approved');
}

/** Rejects a pending placement: the employee stays placed, the grants stay withheld until HR moves them again. */
export async function rejectPlacement(
  ctx: Ctx,
  grant: Grant<'permission.approve'>,
  raw: z.input<typeof decidePlacementInput>,
): Promise<void> {
  await decide(ctx, grant, decidePlacementInput.parse(raw), 'rejected');
}

async function decide(
  ctx: Ctx,
  grant: Grant<'permission.approve'>,
  input: z.output<typeof decidePlacementInput>,
  status: 'approved' | 'rejected',
): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const pc = await trx
      .selectFrom('placement_confirmations as pc')
      .innerJoin('employees as e', 'e.id', 'pc.employee_id')
      .select(['pc.employee_id', 'pc.status', 'pc.requested_by', 'pc.requested_at', 'pc.permissions_added'])
      .where('pc.id', '=', input.id)
      .where((eb) => employeeInScope(eb as never, grant.scope))
      .executeTakeFirst();
    if (!pc) throw new AppError('NOT_FOUND', 'Placement confirmation not found');
    const decided = () => new AppError('CONFLICT', 'This placement is no longer awaiting confirmation');
    if (pc.status !== 'pending') throw decided();
    // The guarded update decides races: of two concurrent decisions one wins, the other is CONFLICT.
    await transition(trx, 'placement_confirmations', {
      id: input.id,
      from: 'pending',
      set: {
        status,
        withholding: status === 'rejected',
        decided_by: grant.actor.userId,
        decided_at: ctx.clock(),
        note: input.note ?? null,
      },
      returning: ['id'],
      duties: {
        actor: grant.actor,
        decisions: { what, requestedByUserId: pc.requested_by, subjectEmployeeId: pc.employee_id, filedAt: pc.requested_at },
      },
      refuse: decided,
    });
    // Effective permissions change on approval (OWASP: rotate sessions on privilege change); a
    // rejection renews them too, so every session reflects the decision.
    await revokeSessionsOfEmployee({ ...ctx, db: trx }, pc.employee_id);
    await audit(ctx, trx, {
      action: status === 'approved' ? 'employee.placement.approve' : 'employee.placement.reject',
      entity: 'employee',
      entityId: pc.employee_id,
      before: { confirmationId: input.id, status: 'pending' },
      after: { confirmationId: input.id, status, permissionsAdded: pc.permissions_added, note: input.note ?? null },
    });
  });
}
