import { audit } from '../audit/index';
import type { Actor } from '../access/index';
import { type Ctx, inTransaction } from '../shared/context';
import { hashToken } from './tokens';

/**
 * Session revocation. Privileges are checked on every request (resolveToken compares the cached
 * actor's permissions version with the one the database triggers bump on every grant, role or
 * placement change: auth/session-cache.ts), so a privilege *reduction* holds at the next request
 * without revoking anything. Revoking on a privilege change renews the session token when privileges grow
 * (OWASP Session Management Cheat Sheet: renew the session ID on any privilege level change),
 * so a token obtained before the change never carries the new privileges.
 */

/** Revokes one session by its token (no-op when unknown or already revoked). Returns whether one was revoked. */
export async function revokeSessionToken(ctx: Ctx, token: string): Promise<boolean> {
  const r = await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Revokes every live session of one user: browser and API logins, and the access tokens their
 * OAuth clients hold (a client gets a new token from its secret at the next 401). Returns how many.
 */
export async function revokeSessionsOfUser(ctx: Ctx, userId: number): Promise<number> {
  const r = await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Revokes every live session of the login of one employee (see revokeSessionsOfUser). Call it in
 * the transaction that changes the employee's privileges: `revokeSessionsOfEmployee({ ...ctx, db: trx }, id)`.
 */
export async function revokeSessionsOfEmployee(ctx: Ctx, employeeId: number): Promise<number> {
  const r = await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock() })
    .where('revoked_at', 'is', null)
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('employee_id', '=', employeeId))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Revokes every live session of the employees placed in one job position or section (a grant to it changed). */
async function revokeSessionsOfPlacement(ctx: Ctx, column: 'job_position_id' | 'section_id', id: number): Promise<number> {
  const r = await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock() })
    .where('revoked_at', 'is', null)
    .where('user_id', 'in', (eb) =>
      eb
        .selectFrom('users as u')
        .innerJoin('employees as e', 'e.id', 'u.employee_id')
        .select('u.id')
        .where(`e.${column}`, '=', id),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Revokes every live session of everyone holding one job position (a grant to the position changed). */
export const revokeSessionsOfJobPosition = (ctx: Ctx, jobPositionId: number) =>
  revokeSessionsOfPlacement(ctx, 'job_position_id', jobPositionId);

/** Ends the sessions of everyone placed in a section (its role grants changed). */
export const revokeSessionsOfSection = (ctx: Ctx, sectionId: number) => revokeSessionsOfPlacement(ctx, 'section_id', sectionId);

/**
 * "Log out everywhere": revokes every browser and API login session of the signed-in user,
 * including the one making the call. Machine-client tokens are left alone (they belong to
 * credentials, revoked under /developer/credential). Returns how many sessions ended.
 */
export async function logoutAll(ctx: Ctx, actor: Actor): Promise<{ revoked: number }> {
  return inTransaction(ctx, async (trx) => {
    const r = await trx
      .updateTable('sessions')
      .set({ revoked_at: ctx.clock() })
      .where('user_id', '=', actor.userId)
      .where('kind', '=', 'user')
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const revoked = Number(r.numUpdatedRows);
    await audit(ctx, trx, { action: 'session.revokeAll', entity: 'user', entityId: actor.userId, after: { revoked } });
    return { revoked };
  });
}
