import type { Grant } from '../access/grant';
import type { Ctx } from '../shared/context';
import { createShift, updateAttendanceSettings } from './setup';

/**
 * The office week of the attendance tests: an 08:00–17:00 shift with a one-hour break, 10 minutes'
 * grace for lateness and 5 for leaving early, made the default Monday to Friday. Its id.
 */
export async function officeWeek(ctx: Ctx, manage: Grant<'attendance.manage'>): Promise<number> {
  const shift = await createShift(ctx, manage, {
    name: 'Office',
    startTime: '08:00',
    endTime: '17:00',
    breakMinutes: 60,
    lateGraceMinutes: 10,
    earlyGraceMinutes: 5,
  });
  await updateAttendanceSettings(ctx, manage, { defaultShiftId: shift.id, workdays: [1, 2, 3, 4, 5] });
  return shift.id;
}
