import { expect } from 'vitest';
import { createShift, updateAttendanceSettings } from '../attendance/index';
import { actorForUser } from '../auth/service';
import type { TestDb } from '../db/testing';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { RoleKey } from '../access/roles';
import type { Services } from '../services';
import { AppError } from '../shared/errors';
import { makeUser, type Org } from '../testing/fixtures';
import { createLeaveType } from './index';

/** Shared helpers of the leave database tests (test code only). */
export interface LeaveTestEnv {
  tdb: TestDb;
  services: Services;
  org: Org;
}

/** What a test leave type may say; without attachment and with half days unless told otherwise. */
export interface TestLeaveType {
  paid: boolean;
  countsAnnual: boolean;
  maxDays?: number;
  needsAttachment?: boolean;
  allowHalfDay?: boolean;
}

/** Helpers bound to an environment that the test's `beforeAll` fills in. */
export function leaveTestKit(env: Partial<LeaveTestEnv>) {
  const e = () => env as LeaveTestEnv;
  const ctx = (a: Actor) => e().services.ctx(a);
  const manage = (a: Actor) => requirePermission(a, 'attendance.manage');
  return {
    /** A new user with an employee record in department 0 or 1, as an actor. */
    actor: async (roles: RoleKey[], dept: 0 | 1) => {
      const u = await makeUser(e().services, e().org, roles, { dept });
      return (await actorForUser(e().tdb.db, u.userId, 'user'))!;
    },
    ctx,
    approve: (a: Actor) => requirePermission(a, 'attendance.approve'),
    view: (a: Actor) => requirePermission(a, 'attendance.view'),
    personal: (a: Actor) => requirePermission(a, 'personal.access'),
    manage,
    /** `hr` sets an 08:00–17:00 office shift, Monday to Friday, as the company default. */
    officeWeek: async (hr: Actor) => {
      const office = await createShift(ctx(hr), manage(hr), { name: 'Office', startTime: '08:00', endTime: '17:00' });
      await updateAttendanceSettings(ctx(hr), manage(hr), { defaultShiftId: office.id, workdays: [1, 2, 3, 4, 5] });
    },
    /** `hr` creates a leave type; its id. */
    leaveType: async (hr: Actor, code: string, name: string, t: TestLeaveType) =>
      (await createLeaveType(ctx(hr), manage(hr), { code, name, needsAttachment: false, allowHalfDay: true, ...t })).id,
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
