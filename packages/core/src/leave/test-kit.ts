import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import { createShift, updateAttendanceSettings } from '../attendance/index';
import type { In } from '../shared/zod';
import { useDbEnv } from '../testing/db-env';
import { createLeaveType, requestMyLeave } from './index';
import type { createMyLeaveInput } from './schema';

/** What a test leave type may say; without attachment and with half days unless told otherwise. */
export interface TestLeaveType {
  paid: boolean;
  countsAnnual: boolean;
  maxDays?: number;
  needsAttachment?: boolean;
  allowHalfDay?: boolean;
}

/**
 * The leave database tests' environment (test code only): the file's database ({@link useDbEnv},
 * on `clock` when given) and helpers bound to it.
 */
export function leaveTestKit(opts: { clock?: () => Date } = {}) {
  const { env, actor, ctx } = useDbEnv(opts);
  const manage = (a: Actor) => requirePermission(a, 'attendance.manage');
  const personal = (a: Actor) => requirePermission(a, 'personal.access');
  return {
    env,
    /** A new user with an employee record in department 0 or 1, as an actor. */
    actor,
    ctx,
    approve: (a: Actor) => requirePermission(a, 'attendance.approve'),
    view: (a: Actor) => requirePermission(a, 'attendance.view'),
    personal,
    manage,
    /** `a` asks for leave of a type from `startDate` to `endDate` (default the same day); `extra`: half day, attachment. */
    ask: (
      a: Actor,
      leaveTypeId: number,
      startDate: string,
      endDate = startDate,
      reason = 'Family',
      extra: Partial<In<typeof createMyLeaveInput>> = {},
    ) => requestMyLeave(ctx(a), personal(a), { leaveTypeId, startDate, endDate, reason, ...extra }),
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
