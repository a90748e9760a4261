import { isPermissionKey } from '@hr/core/access';
import type { AnyRouter } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { proceduresOf } from '../rest/routes';
import { type ProcMeta, t } from '../trpc/init';
import { publicProcedure, router } from '../trpc/procedures';
import { appRouter } from './index';

// Flat at run time ('employee.registration.list' → procedure), however deeply routers nest.
const metaOf = (r: AnyRouter) =>
  Object.entries(proceduresOf(r)).map(([path, p]) => [path, (p._def as { meta?: ProcMeta }).meta] as const);

/** Procedures whose meta.permission is missing or not 'public' / 'authenticated' / a registered key. */
function undeclaredPermissions(r: AnyRouter): string[] {
  return metaOf(r)
    .filter(([, meta]) => {
      const perm = meta?.permission;
      return !(perm === 'public' || perm === 'authenticated' || (typeof perm === 'string' && isPermissionKey(perm)));
    })
    .map(([path, meta]) => `${path} (${String(meta?.permission)})`);
}

describe('the router walk', () => {
  it('finds every procedure, nested routers included', () => {
    const paths = metaOf(appRouter).map(([path]) => path);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths).toContain('employee.registration.list');
  });

  it('every procedure declares its permission: public, authenticated or a registered key', () => {
    const undeclared = undeclaredPermissions(appRouter);
    expect(undeclared, `procedures without a declared permission: ${undeclared.join(', ')}`).toEqual([]);
  });

  it('the check names an offending procedure', () => {
    const sloppy = router({
      fine: publicProcedure.query(() => 1),
      nested: router({ bare: t.procedure.query(() => 2) }),
      typo: t.procedure.meta({ permission: 'employee.veiw' as never }).query(() => 3),
    });
    expect(undeclaredPermissions(sloppy)).toEqual(['nested.bare (undefined)', 'typo (employee.veiw)']);
  });

  it('every REST path is under /v2/h/ or /api/web/v2/inventories/ and has a success message', () => {
    const bad = metaOf(appRouter)
      .filter(([, meta]) => meta?.rest && (!/^\/(v2\/h|api\/web\/v2\/inventories)\//.test(meta.rest.path) || !meta.rest.message))
      .map(([path]) => path);
    expect(bad).toEqual([]);
  });
});
