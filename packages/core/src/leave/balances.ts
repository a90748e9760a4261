import type { Ctx } from '../shared/context';
import type { In } from '../shared/zod';
import { employeeVisible, ownEmployeeId } from './access';
import { todayOf } from './format';
import type { Personal, View } from './grants';
import { balanceOf } from './queries';
import { type LeaveBalance, leaveBalanceInput, myLeaveBalanceInput } from './schema';

// ---------------------------------------------------------------------------------------------
// Balances

/** An employee's annual-leave balance of a year (default: this year), in the caller's scope. */
export async function getLeaveBalance(ctx: Ctx, grant: View, raw: In<typeof leaveBalanceInput>): Promise<LeaveBalance> {
  const input = leaveBalanceInput.parse(raw);
  await employeeVisible(ctx.db, grant.actor, input.employeeId);
  return (await balanceOf(ctx.db, input.employeeId, input.year ?? Number(todayOf(ctx).slice(0, 4))))!;
}

/** The caller's own balance (spec §7 personal/annualBalance). */
export async function myLeaveBalance(ctx: Ctx, grant: Personal, raw?: In<typeof myLeaveBalanceInput>): Promise<LeaveBalance> {
  const input = myLeaveBalanceInput.parse(raw);
  const employeeId = ownEmployeeId(grant.actor);
  return (await balanceOf(ctx.db, employeeId, input?.year ?? Number(todayOf(ctx).slice(0, 4))))!;
}
