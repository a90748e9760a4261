import { AppError } from '@hr/core/shared';
import { requireClientScope } from '@hr/core/auth';
import { requirePermission, type Actor, type Grant, type PermissionKey } from '@hr/core/access';
import type { TrpcContext } from './context';
import { errorMapper, t } from './init';

export const router = t.router;
export const mergeRouters = t.mergeRouters;

const base = t.procedure.use(errorMapper);

/** Anyone, signed in or not. */
export const publicProcedure = base.meta({ permission: 'public' });

/** The refusal of every call but the password change, `auth.me` and logout while a one-time password is in use. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE =
  'You signed in with a one-time password. Change your password before doing anything else.';

/**
 * Issue 16 item 6, enforced here for both doors (tRPC and REST): a session whose login still has
 * its one-time password (after activation or an administrator's reset) may only change it, read its
 * own session (`auth.me`) and log out. OAuth client tokens never carry the flag.
 */
function refusePendingPasswordChange(ctx: TrpcContext): void {
  if (ctx.actor && ctx.passwordChangeRequired) throw new AppError('PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED_MESSAGE);
}

/** A signed-in session (user or machine client), before any other rule. */
function signedIn(ctx: TrpcContext): Actor {
  if (!ctx.actor) throw new AppError('UNAUTHORIZED', 'Please log in');
  requireClientScope(ctx.actor, 'authenticated');
  return ctx.actor;
}

/**
 * Any signed-in user, including one who still has to change a one-time password. Only for the
 * password change itself, reading one's own session (`auth.me`) and logging out.
 */
export const passwordChangeProcedure = base.meta({ permission: 'authenticated' }).use(({ ctx, next }) => {
  const actor = signedIn(ctx);
  return next({ ctx: { actor, svc: ctx.services.ctx(actor, ctx.requestId, ctx.fresh) } });
});

/** Any signed-in user or machine client. */
export const authedProcedure = base.meta({ permission: 'authenticated' }).use(({ ctx, next }) => {
  const actor = signedIn(ctx);
  refusePendingPasswordChange(ctx);
  return next({ ctx: { actor, svc: ctx.services.ctx(actor, ctx.requestId, ctx.fresh) } });
});

/**
 * A procedure gated by one permission key. The handler receives `ctx.grant`, the only value
 * services accept as proof of the check (see core permissions/grant.ts), and `ctx.svc`, the core
 * service context of this call (database, actor, clock, request id).
 */
export function permissionProcedure<K extends PermissionKey>(key: K) {
  return base.meta({ permission: key }).use(({ ctx, next }) => {
    // An OAuth client limited to the ingest scope: only the ingest permissions (auth/scopes.ts).
    if (ctx.actor) requireClientScope(ctx.actor, key);
    refusePendingPasswordChange(ctx);
    const grant: Grant<K> = requirePermission(ctx.actor, key);
    return next({ ctx: { actor: grant.actor, grant, svc: ctx.services.ctx(grant.actor, ctx.requestId, ctx.fresh) } });
  });
}
