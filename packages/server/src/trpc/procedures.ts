import { AppError, requireClientScope, requirePermission, type Actor, type Grant, type PermissionKey } from '@hr/core';
import { errorMapper, t } from './init';

export const router = t.router;
export const mergeRouters = t.mergeRouters;

const base = t.procedure.use(errorMapper);

/** Anyone, signed in or not. */
export const publicProcedure = base.meta({ permission: 'public' });

/** Any signed-in user or machine client. */
export const authedProcedure = base.meta({ permission: 'authenticated' }).use(({ ctx, next }) => {
  if (!ctx.actor) throw new AppError('UNAUTHORIZED', 'Please log in');
  requireClientScope(ctx.actor, 'authenticated');
  return next({ ctx: { actor: ctx.actor as Actor } });
});

/**
 * A procedure gated by one permission key. The handler receives `ctx.grant`, the only value
 * services accept as proof of the check (see core permissions/grant.ts).
 */
export function permissionProcedure<K extends PermissionKey>(key: K) {
  return base.meta({ permission: key }).use(({ ctx, next }) => {
    // An OAuth client limited to the ingest scope: only the ingest permissions (auth/scopes.ts).
    if (ctx.actor) requireClientScope(ctx.actor, key);
    const grant: Grant<K> = requirePermission(ctx.actor, key);
    return next({ ctx: { actor: grant.actor, grant } });
  });
}
