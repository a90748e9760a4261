import { requirePermission } from '../access/index';
import { actorForUser } from '../auth/index';
import { finalisePayroll, generatePayroll, previousPeriod } from '../payroll/index';
import type { Ctx } from '../shared/context';
import { todayOf } from '../shared/date-ranges';

/**
 * Last month's payroll, generated and finalised by HR through the real run services (issue 19), so every
 * salaried employee, the demo logins among them, has a finalised payslip on /personal/salary computed by
 * the engine. Call at the end of the demo seed, inside its transaction (the run needs the salaries,
 * timesheets and leave). Returns the period, or null when HR's login or the payroll feeds are missing.
 */
export async function seedPayrollMonthDemo(ctx: Ctx): Promise<string | null> {
  const hc = await ctx.db.selectFrom('users').select('id').where('email', '=', 'hc@demo.co.id').executeTakeFirst();
  const actor = hc ? await actorForUser(ctx.db, hc.id, 'user') : null;
  if (!actor || !ctx.payrollFeeds) return null;
  const today = todayOf(ctx);
  const period = previousPeriod(today.slice(0, 7));
  const hrCtx = { ...ctx, actor };
  const grant = requirePermission(actor, 'salary.update');
  const run = await generatePayroll(hrCtx, grant, { period });
  await finalisePayroll(hrCtx, grant, { id: run.runId });
  return period;
}
