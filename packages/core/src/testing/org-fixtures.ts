import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { RoleKey } from '../access/roles';
import { actorForUser } from '../auth/service';
import type { Database } from '../db/database';
import { createTestDb, type TestDb } from '../db/testing';
import type { Services } from '../services';
import { createServices, makeOrg, makeUser, type Org } from './fixtures';

/** The database of one test file: its services and the small organisation of `makeOrg`. */
export interface OrgTestDb {
  readonly tdb: TestDb;
  readonly db: Kysely<Database>;
  readonly services: Services;
  readonly org: Org;
  /** The actor of a login, as the server resolves it for a request. */
  actorOf(userId: number): Promise<Actor>;
  /** A new login holding `roles` (linked to a new employee of department `dept`, default 0), as its actor. */
  newActor(roles: RoleKey[], opts?: Parameters<typeof makeUser>[3]): Promise<Actor>;
  /** A new job position in department `dept` (default 0) of the test office, outside any division, section or level. */
  newJobPosition(name: string, dept?: 0 | 1): Promise<{ id: number }>;
}

/**
 * Opens a fresh migrated database with services and a small organisation before the file's tests
 * (registered first, so the file's own `beforeAll` hooks can use it) and closes it after them;
 * `setup` then adds what the file's tests share (actors, grants, seeded rows) to the returned object.
 * Read the fields inside hooks and tests only: they are set once `beforeAll` has run.
 */
export function useOrgTestDb<X extends object = Record<never, never>>(
  setup?: (t: OrgTestDb) => Promise<X>,
  opts: Parameters<typeof createServices>[1] = {},
): OrgTestDb & X {
  let state: { tdb: TestDb; services: Services; org: Org } | undefined;
  beforeAll(async () => {
    const tdb = await createTestDb();
    state = { tdb, services: createServices(tdb.db, opts), org: await makeOrg(tdb.db) };
    if (setup) Object.assign(t, await setup(t));
  });
  afterAll(() => state?.tdb.destroy());
  const ready = () => {
    if (!state) throw new Error('useOrgTestDb: the database is opened in beforeAll');
    return state;
  };
  const actorOf = async (userId: number) => (await actorForUser(ready().tdb.db, userId, 'user'))!;
  const t: OrgTestDb = {
    get tdb() {
      return ready().tdb;
    },
    get db() {
      return ready().tdb.db;
    },
    get services() {
      return ready().services;
    },
    get org() {
      return ready().org;
    },
    actorOf,
    newActor: async (roles, opts) => actorOf((await makeUser(ready().services, ready().org, roles, opts)).userId),
    newJobPosition: (name, dept = 0) =>
      ready()
        .tdb.db.insertInto('job_positions')
        .values({
          name,
          company_office_id: ready().org.officeId,
          department_id: ready().org.dept[dept],
          division_id: null,
          section_id: null,
          job_level_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
  };
  return t as OrgTestDb & X;
}

/** Setup for `useOrgTestDb`: an actor holding `roles`, its context and its grants to view and to manage the organisation. */
export const orgManager = (roles: RoleKey[]) => async (t: OrgTestDb) => {
  const actor = await t.newActor(roles);
  return {
    actor,
    ctx: t.services.ctx(actor),
    view: requirePermission(actor, 'org.view'),
    manage: requirePermission(actor, 'org.manage'),
  };
};
