import { sql } from 'kysely';
import { updateAuditedSettings } from '../audit/index';
import type { Ctx } from '../shared/context';
import type { In } from '../shared/zod';
import type { Manage, Personal, View } from './grants';
import { readLeaveSettings } from './queries';
import { type LeaveSettings, leaveSettingsInput } from './schema';

// ---------------------------------------------------------------------------------------------
// Settings

/** Annual days, carry-over and first-year rule. */
export async function getLeaveSettings(ctx: Ctx, _grant: View | Personal): Promise<LeaveSettings> {
  return readLeaveSettings(ctx.db);
}

/**
 * Saves the leave settings. Balance rows already created keep their figures (a year's row is
 * created with the first request of that year); new rows use the new settings.
 */
export async function updateLeaveSettings(ctx: Ctx, grant: Manage, raw: In<typeof leaveSettingsInput>): Promise<LeaveSettings> {
  const input = leaveSettingsInput.parse(raw);
  return updateAuditedSettings(ctx, {
    action: 'leave.settings.update',
    table: 'leave_settings',
    read: readLeaveSettings,
    set: {
      annual_days: input.annualDays,
      carry_over_max_days: input.carryOverMaxDays,
      prorate_first_year: input.prorateFirstYear,
      updated_by_user_id: grant.actor.userId,
      updated_at: sql<Date>`now()`,
    },
  });
}
