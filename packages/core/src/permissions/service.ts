import { type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/index';
import { assertHoldsPowersOf } from '../auth/index';
import { revokeSessionsOfEmployee, revokeSessionsOfJobPosition, revokeSessionsOfSection } from '../auth/index';
import { checkDuties, refusal, transition } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError } from '../shared/errors';
import type { Page } from '../shared/zod';
import type { Actor } from '../access/index';
import { decisionRefusal, ownRecordError } from '../access/index';
import type { Grant } from '../access/index';
import { employeeInScope } from '../access/index';
import { assignInput, createGrantSetInput, deleteGrantSetInput, type GrantRow, grantIdInput, listGrantsInput } from './schema';
import { userNameOf } from '../shared/employee-sql';

type SubjectType = 'employee' | 'job_position' | 'section';

const SUBJECT_NOT_FOUND: Record<SubjectType, string> = {
  employee: 'Employee not found',
  job_position: 'Job position not found',
  section: 'Section not found',
};

async function assertSubject(ctx: Ctx, grant: Grant, type: SubjectType, subjectId: number): Promise<void> {
  const found =
    type === 'employee'
      ? await ctx.db
          .selectFrom('employees as e')
          .select('e.id')
          .where('e.id', '=', subjectId)
          .where((eb) => employeeInScope(eb as never, grant.scope))
          .executeTakeFirst()
      : await ctx.db
          .selectFrom(type === 'section' ? 'sections' : 'job_positions')
          .select('id')
          .where('id', '=', subjectId)
          .executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', SUBJECT_NOT_FOUND[type]);
}

/** Where the actor is placed: the subjects whose grants are their own. */
interface Placement {
  employeeId: number | null;
  jobPositionId: number | null;
  sectionId: number | null;
}

async function placementOf(db: Db, actor: Actor): Promise<Placement> {
  if (actor.employeeId === null) return { employeeId: null, jobPositionId: null, sectionId: null };
  const e = await db
    .selectFrom('employees')
    .select(['job_position_id', 'section_id'])
    .where('id', '=', actor.employeeId)
    .executeTakeFirst();
  return { employeeId: actor.employeeId, jobPositionId: e?.job_position_id ?? null, sectionId: e?.section_id ?? null };
}

const OWN_SUBJECT: Record<SubjectType, string> = {
  employee: 'permissions',
  job_position: "job position's permissions",
  section: "section's roles",
};

/**
 * Segregation of duties (docs/security.md): a grant to the actor's own employee record, own job
 * position or own section is their own; nobody assigns or approves it. Unassigning or cancelling
 * one's own only narrows what one may do, so it stays allowed.
 */
function ownSubjectError(p: Placement, type: SubjectType, subjectId: number, verb: 'assign' | 'approve'): AppError | null {
  const mine = type === 'employee' ? p.employeeId : type === 'job_position' ? p.jobPositionId : p.sectionId;
  return mine !== null && mine === subjectId ? ownRecordError(OWN_SUBJECT[type], verb) : null;
}

async function refuseOwnSubject(db: Db, actor: Actor, type: SubjectType, subjectId: number): Promise<void> {
  const err = ownSubjectError(await placementOf(db, actor), type, subjectId, 'assign');
  if (err) throw err;
}

async function revokeSubjectSessions(ctx: Ctx, type: SubjectType, subjectId: number): Promise<void> {
  if (type === 'employee') await revokeSessionsOfEmployee(ctx, subjectId);
  else if (type === 'section') await revokeSessionsOfSection(ctx, subjectId);
  else await revokeSessionsOfJobPosition(ctx, subjectId);
}

/** Requests a grant (Pending); it takes effect only after a second person approves it. */
export async function assignGrant(
  ctx: Ctx,
  grant: Grant<'permission.assign'>,
  type: SubjectType,
  raw: z.input<typeof assignInput>,
): Promise<{ id: number }> {
  const input = assignInput.parse(raw);
  if (type === 'section' && input.grant.kind !== 'role')
    throw new AppError('VALIDATION', 'A section-department holds roles only', {
      fields: [{ param: 'grant.kind', msg: 'must be role for a section-department' }],
    });
  await assertSubject(ctx, grant, type, input.subjectId);
  await refuseOwnSubject(ctx.db, grant.actor, type, input.subjectId);
  return inTransaction(ctx, async (trx) => {
    const row = await trx
      .insertInto('permission_grants')
      .values({
        subject_type: type,
        subject_id: input.subjectId,
        grant_kind: input.grant.kind,
        grant_key: input.grant.key,
        requested_by: grant.actor.userId,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new AppError('CONFLICT', `${input.grant.key} is already assigned or awaiting approval`);
    await audit(ctx, trx, { action: 'grant.assign', entity: 'permission_grant', entityId: row.id, after: { type, ...input } });
    return row;
  });
}

/**
 * Creates a job position's permission set: one pending grant per key, in one transaction (each still
 * needs a second person's approval). Keys already assigned or awaiting approval are skipped and listed.
 */
export async function createGrantSet(
  ctx: Ctx,
  grant: Grant<'permission.assign'>,
  raw: z.input<typeof createGrantSetInput>,
): Promise<{ created: number[]; skipped: string[] }> {
  const input = createGrantSetInput.parse(raw);
  await assertSubject(ctx, grant, 'job_position', input.subjectId);
  await refuseOwnSubject(ctx.db, grant.actor, 'job_position', input.subjectId);
  const unique = [...new Map(input.grants.map((g) => [`${g.kind}:${g.key}`, g])).values()];
  return inTransaction(ctx, async (trx) => {
    const rows = await trx
      .insertInto('permission_grants')
      .values(
        unique.map((g) => ({
          subject_type: 'job_position' as const,
          subject_id: input.subjectId,
          grant_kind: g.kind,
          grant_key: g.key,
          requested_by: grant.actor.userId,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'grant_kind', 'grant_key'])
      .execute();
    const made = new Set(rows.map((r) => `${r.grant_kind}:${r.grant_key}`));
    const skipped = unique.filter((g) => !made.has(`${g.kind}:${g.key}`)).map((g) => g.key);
    await audit(ctx, trx, {
      action: 'grant.assign.set',
      entity: 'job_position',
      entityId: input.subjectId,
      after: { grants: rows.map((r) => ({ id: r.id, kind: r.grant_kind, key: r.grant_key })), skipped },
    });
    return { created: rows.map((r) => r.id), skipped };
  });
}

/**
 * Deletes a job position's permission set: every approved grant is unassigned and every pending one
 * cancelled, at once and together; holders' sessions are renewed when an approved grant went.
 */
export async function deleteGrantSet(
  ctx: Ctx,
  grant: Grant<'permission.assign'>,
  raw: z.input<typeof deleteGrantSetInput>,
): Promise<{ unassigned: number; cancelled: number }> {
  const input = deleteGrantSetInput.parse(raw);
  await assertSubject(ctx, grant, 'job_position', input.subjectId);
  return inTransaction(ctx, async (trx) => {
    const live = (q: ReturnType<typeof trx.updateTable<'permission_grants'>>) =>
      q.where('subject_type', '=', 'job_position').where('subject_id', '=', input.subjectId).where('revoked_at', 'is', null);
    const unassigned = await live(trx.updateTable('permission_grants'))
      .set({ revoked_by: grant.actor.userId, revoked_at: ctx.clock() })
      .where('status', '=', 1)
      .returning('id')
      .execute();
    const cancelled = await live(trx.updateTable('permission_grants'))
      .set({ status: 4, decided_by: grant.actor.userId, decided_at: ctx.clock() })
      .where('status', '=', 3)
      .returning('id')
      .execute();
    if (unassigned.length) await revokeSubjectSessions({ ...ctx, db: trx }, 'job_position', input.subjectId);
    await audit(ctx, trx, {
      action: 'grant.delete.set',
      entity: 'job_position',
      entityId: input.subjectId,
      after: { unassigned: unassigned.map((r) => r.id), cancelled: cancelled.map((r) => r.id) },
    });
    return { unassigned: unassigned.length, cancelled: cancelled.length };
  });
}

/**
 * Approves a pending grant. The approver is someone other than the person who assigned it, and the
 * grant is not to the approver's own employee record, job position or section.
 */
export async function approveGrant(
  ctx: Ctx,
  grant: Grant<'permission.approve'>,
  raw: z.input<typeof grantIdInput>,
): Promise<void> {
  const { id } = grantIdInput.parse(raw);
  await decide(ctx, grant, id, 1, 'grant.approve');
}

/** Cancels a pending grant (by the requester or an approver). */
export async function cancelGrant(ctx: Ctx, grant: Grant<'permission.assign'>, raw: z.input<typeof grantIdInput>): Promise<void> {
  const { id } = grantIdInput.parse(raw);
  await decide(ctx, grant, id, 4, 'grant.cancel');
}

/** Segregation of duties for approving grant `g` (docs/security.md), via the shared approval helper. */
async function assertGrantApprover(
  db: Db,
  actor: Actor,
  placement: Placement,
  g: { subject_type: SubjectType; subject_id: number; requested_by: number; requested_at: Date },
  withRoute = true,
): Promise<void> {
  const own = ownSubjectError(placement, g.subject_type, g.subject_id, 'approve');
  if (own) throw own;
  await checkDuties(db, actor, {
    what: 'permission grant',
    requestedByUserId: g.requested_by,
    subjectEmployeeId: g.subject_type === 'employee' ? g.subject_id : null,
    ...(withRoute ? { filedAt: g.requested_at } : {}),
  });
}

async function decide(ctx: Ctx, grant: Grant, id: number, status: 1 | 4, action: string): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    if (status === 1) {
      const g = await trx
        .selectFrom('permission_grants')
        .select(['status', 'subject_type', 'subject_id', 'requested_by', 'requested_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!g) throw new AppError('NOT_FOUND', 'Grant not found');
      if (g.status !== 3) throw new AppError('CONFLICT', 'This grant is no longer pending');
      await assertGrantApprover(trx, grant.actor, await placementOf(trx, grant.actor), g);
    }
    const row = await transition(trx, 'permission_grants', {
      id,
      from: 3,
      set: { status, decided_by: grant.actor.userId, decided_at: ctx.clock() },
      // Four-eyes rule, also when approvals race: nobody approves their own request.
      and: status === 1 ? [sql<SqlBool>`requested_by <> ${grant.actor.userId}`] : [],
      returning: ['id', 'subject_type', 'subject_id'],
      refuse: (trx) =>
        refusal(
          trx.selectFrom('permission_grants').select(['status', 'requested_by']).where('id', '=', id).executeTakeFirst(),
          () => new AppError('NOT_FOUND', 'Grant not found'),
          (cur) =>
            cur.status !== 3
              ? new AppError('CONFLICT', 'This grant is no longer pending')
              : new AppError('FORBIDDEN', 'You cannot decide your own permission grant'),
        ),
    });
    // A privilege change renews the grantee's sessions (OWASP session management: rotate on privilege change).
    if (status === 1) await revokeSubjectSessions({ ...ctx, db: trx }, row.subject_type, row.subject_id);
    await audit(ctx, trx, { action, entity: 'permission_grant', entityId: id, before: { status: 3 }, after: { status } });
  });
}

/** Unassigns an approved (or pending) grant; effective immediately. */
export async function unassignGrant(
  ctx: Ctx,
  grant: Grant<'permission.assign'>,
  raw: z.input<typeof grantIdInput>,
): Promise<void> {
  const { id } = grantIdInput.parse(raw);
  await inTransaction(ctx, async (trx) => {
    // The role hierarchy (issue 16 item 5): revoking an approved grant of another person's login
    // demotes it, so it needs every power that login holds now (checked before the revocation).
    // Narrowing one's own is allowed.
    // A job position's or section's grant demotes everyone placed there: each holder's login counts.
    const target = await sql<{ id: number }>`
      select u.id from permission_grants g
      join employees e on (g.subject_type = 'employee' and e.id = g.subject_id)
        or (g.subject_type = 'job_position' and e.job_position_id = g.subject_id)
        or (g.subject_type = 'section' and e.section_id = g.subject_id)
      join users u on u.employee_id = e.id
      where g.id = ${id} and g.status = 1 and g.revoked_at is null
        and e.id is distinct from ${grant.actor.employeeId}`.execute(trx);
    for (const u of target.rows) await assertHoldsPowersOf(trx, grant.actor, u.id, 'revoke a grant of');
    const row = await trx
      .updateTable('permission_grants')
      .set({ revoked_by: grant.actor.userId, revoked_at: ctx.clock() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where('status', 'in', [1, 3])
      .returning(['id', 'status', 'subject_type', 'subject_id'])
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'Grant not found or already unassigned');
    if (row.status === 1) await revokeSubjectSessions({ ...ctx, db: trx }, row.subject_type, row.subject_id);
    await audit(ctx, trx, { action: 'grant.unassign', entity: 'permission_grant', entityId: id });
  });
}

/** Grants of one subject type, newest first. */
export async function listGrants(
  ctx: Ctx,
  grant: Grant<'permission.view'>,
  type: SubjectType,
  raw: z.input<typeof listGrantsInput>,
): Promise<Page<GrantRow>> {
  const input = listGrantsInput.parse(raw);
  let q = ctx.db.selectFrom('permission_grants as g').where('g.subject_type', '=', type);
  if (input.subjectId) q = q.where('g.subject_id', '=', input.subjectId);
  if (input.status) q = q.where('g.status', '=', input.status);
  if (input.kind) q = q.where('g.grant_kind', '=', input.kind);
  const [rows, count] = await Promise.all([
    q
      .innerJoin('users as rq', 'rq.id', 'g.requested_by')
      .select([
        'g.id',
        'g.subject_type as subjectType',
        'g.subject_id as subjectId',
        sql<string>`case when g.subject_type = 'employee'
          then (select trim(given_name || ' ' || surname) from employees where id = g.subject_id)
          when g.subject_type = 'section' then (select name from sections where id = g.subject_id)
          else (select name from job_positions where id = g.subject_id) end`.as('subjectName'),
        'g.grant_kind as kind',
        'g.grant_key as key',
        'g.status',
        userNameOf('g.requested_by').$castTo<string>().as('requestedBy'),
        'g.requested_by as requestedById',
        'g.requested_at as requestedAt',
        userNameOf('g.decided_by').as('decidedBy'),
        'g.decided_at as decidedAt',
        'g.revoked_at as revokedAt',
      ])
      .orderBy('g.id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  // The screen shows why the caller may not approve a pending grant (the route check runs on approval).
  const placement = await placementOf(ctx.db, grant.actor);
  const withRefusal = await Promise.all(
    rows.map(async ({ requestedById, ...r }) => ({
      ...r,
      // Filed by the caller: "awaiting a second person" (requestedBy is a name, not something to compare).
      filedByMe: requestedById === grant.actor.userId,
      approveRefusal:
        r.status === 3
          ? await decisionRefusal(
              assertGrantApprover(
                ctx.db,
                grant.actor,
                placement,
                {
                  subject_type: r.subjectType,
                  subject_id: r.subjectId,
                  requested_by: requestedById,
                  requested_at: r.requestedAt,
                },
                false,
              ),
            )
          : null,
    })),
  );
  return { rows: withRefusal, total: count.n, page: input.page, pageSize: input.pageSize };
}
