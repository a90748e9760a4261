import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Actor } from '../access/actor';
import type { PermissionKey } from '../access/registry';
import type { RoleKey } from '../access/roles';
import { actorForUser } from '../auth/service';
import type { Database } from '../db/database';
import { createTestDb, type TestDb } from '../db/testing';
import type { Services } from '../services';
import { createServices, makeOrg, makeUser, type Org } from './fixtures';

/** A test file's database: a fresh migrated one, the services over it and the small {@link Org}. */
export interface DbEnv {
  tdb: TestDb;
  db: Kysely<Database>;
  services: Services;
  org: Org;
}

/**
 * One database for a test file (test code only): a `beforeAll` opens a fresh migrated database, the
 * services over it (reading the time from `clock` when given) and the {@link makeOrg} organisation;
 * an `afterAll` drops it. Call it at the top of the file, before the file's own `beforeAll` (hooks
 * run in the order they are registered), which then finds `env` filled in.
 */
export function useDbEnv(opts: { clock?: () => Date } = {}) {
  const env = {} as DbEnv;
  beforeAll(async () => {
    env.tdb = await createTestDb();
    env.db = env.tdb.db;
    env.services = createServices(env.db, opts.clock ? { clock: opts.clock } : {});
    env.org = await makeOrg(env.db);
  });
  afterAll(() => env.tdb.destroy());
  return {
    env,
    /** The actor's service context. */
    ctx: (a: Actor) => env.services.ctx(a),
    /** A new user with `roles` and an employee record in department 0 or 1, as an actor. */
    actor: async (roles: RoleKey[], dept: 0 | 1): Promise<Actor> => {
      const u = await makeUser(env.services, env.org, roles, { dept });
      return (await actorForUser(env.db, u.userId, 'user'))!;
    },
  };
}

/** The actor with more permissions than its roles give (a scoped manager without `hr.all`, say). */
export const withPermissions = (a: Actor, ...extra: PermissionKey[]): Actor => ({
  ...a,
  permissions: new Set([...a.permissions, ...extra]),
});
