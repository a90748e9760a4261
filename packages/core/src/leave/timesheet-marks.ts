import { removeTimesheetOverrides, setTimesheetOverrides } from '../attendance/index';
import type { Actor } from '../access/index';
import type { Db } from '../shared/context';

/** Writes the timesheet overrides of an approved request (attendance's override hook, source 'leave'). */
export async function markTimesheet(trx: Db, requestId: number, employeeId: number, typeCode: string, actor: Actor) {
  const days = await trx.selectFrom('leave_request_days').select('work_date').where('request_id', '=', requestId).execute();
  await setTimesheetOverrides(
    trx,
    days.map((d) => ({
      employeeId,
      date: d.work_date,
      source: 'leave',
      priority: 10,
      status: null,
      dayType: 'leave' as const,
      refId: requestId,
      note: `Leave #${requestId} (${typeCode})`,
    })),
    actor.userId,
  );
}

export async function unmarkTimesheet(trx: Db, requestId: number, employeeId: number) {
  const days = await trx.selectFrom('leave_request_days').select('work_date').where('request_id', '=', requestId).execute();
  await removeTimesheetOverrides(
    trx,
    days.map((d) => ({ employeeId, date: d.work_date, source: 'leave' })),
  );
}
