import { expect } from 'vitest';
import { actorForUser } from '../auth/service';
import type { TestDb } from '../db/testing';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { RoleKey } from '../access/roles';
import type { Services } from '../services';
import { AppError } from '../shared/errors';
import { makeUser, type Org } from '../testing/fixtures';

/** Shared helpers of the leave database tests (test code only). */
export interface LeaveTestEnv {
  tdb: TestDb;
  services: Services;
  org: Org;
}

/** Helpers bound to an environment that the test's `beforeAll` fills in. */
export function leaveTestKit(env: Partial<LeaveTestEnv>) {
  const e = () => env as LeaveTestEnv;
  return {
    /** A new user with an employee record in department 0 or 1, as an actor. */
    actor: async (roles: RoleKey[], dept: 0 | 1) => {
      const u = await makeUser(e().services, e().org, roles, { dept });
      return (await actorForUser(e().tdb.db, u.userId, 'user'))!;
    },
    ctx: (a: Actor) => e().services.ctx(a),
    approve: (a: Actor) => requirePermission(a, 'attendance.approve'),
    view: (a: Actor) => requirePermission(a, 'attendance.view'),
    personal: (a: Actor) => requirePermission(a, 'personal.access'),
    manage: (a: Actor) => requirePermission(a, 'attendance.manage'),
  };
}

/** The AppError a promise rejects with (fails the test when it resolves or throws something else). */
export async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}
