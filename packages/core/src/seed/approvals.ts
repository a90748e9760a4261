import { sql } from 'kysely';
import { requirePermission } from '../access/index';
import { actorForUser } from '../auth/index';
import { createLeaveApprovalRule } from '../leave/index';
import { approveGrant, assignGrant } from '../permissions/index';
import type { Ctx } from '../shared/context';

/**
 * The demo's approval structure (issue 19): who manages whom, the leave approval rule that routes every
 * request to the employee's manager, and the leave approval the managerial login needs to decide it.
 * With it a request filed by a demo login reaches another demo login at every step:
 * - employee@ → managerial@ (warehouse requests' purchase requests at the managerial tier, leave);
 * - warehouse@ raises a purchase request; warehouse2@ decides its warehouse tier (nobody decides a tier
 *   of a request they raised), clevel@ the COO tier.
 */

/** One seeded employee as the hierarchy needs it. */
export interface PlacedEmployee {
  id: number;
  email: string;
  office: string;
  hq: boolean;
  dept: string;
  division: string | null;
  level: string;
  position: string;
  firstJoinDate: string;
}

/**
 * Each employee's manager, by placement: staff report to their division's supervisor, supervisors to
 * the department's assistant manager or head, heads to their office's general manager (head office:
 * the CFO for finance, the COO for the rest), general managers and directors to the President Director
 * through the COO. A vacant post is skipped upwards. Two demo exceptions: the branches' sales heads
 * report to the head office's Sales & Marketing Manager (the managerial login, who runs sales
 * nationally), and so does the employee login (a modern-trade account of theirs).
 */
export function demoManagers(people: readonly PlacedEmployee[]): { employeeId: number; managerId: number }[] {
  const first = (f: (p: PlacedEmployee) => boolean) => people.find(f)?.id ?? null;
  const director = (name: string) => first((p) => p.level === 'Director' && p.position === name);
  const president = director('President Director');
  const coo = director('Chief Operating Officer');
  const cfo = director('Chief Financial Officer');
  const gm = (office: string) => first((p) => p.office === office && p.level === 'General Manager');
  const inDept = (p: PlacedEmployee, level: string, division?: string | null) =>
    first(
      (q) =>
        q.office === p.office && q.dept === p.dept && q.level === level && (division === undefined || q.division === division),
    );
  const nationalSales = first((p) => p.email === 'managerial@demo.co.id');
  const headOf = (p: PlacedEmployee): (number | null)[] => {
    if (p.dept === 'sales' && !p.hq) return [nationalSales, gm(p.office), coo];
    if (p.hq) return [p.dept === 'fin' ? cfo : coo, president];
    return [gm(p.office), coo, president];
  };
  const chain = (p: PlacedEmployee): (number | null)[] => {
    if (p.email === 'employee@demo.co.id') return [nationalSales];
    switch (p.level) {
      case 'Director':
        return [president];
      case 'General Manager':
        return [coo, president];
      case 'Manager':
        return headOf(p);
      case 'Assistant Manager':
        return [inDept(p, 'Manager'), ...headOf(p)];
      case 'Supervisor':
        return [inDept(p, 'Assistant Manager'), inDept(p, 'Manager'), ...headOf(p)];
      default:
        if (p.dept === 'bod') return [president];
        return [inDept(p, 'Supervisor', p.division), inDept(p, 'Assistant Manager'), inDept(p, 'Manager'), ...headOf(p)];
    }
  };
  const out: { employeeId: number; managerId: number }[] = [];
  for (const p of people) {
    const managerId = chain(p).find((id): id is number => id !== null && id !== p.id);
    if (managerId !== undefined) out.push({ employeeId: p.id, managerId });
  }
  return out;
}

/** The demo login's user id and actor (null when the login was not seeded). */
async function demoActor(ctx: Ctx, email: string) {
  const u = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  const actor = u ? await actorForUser(ctx.db, u.id, 'user') : null;
  return actor ? { actor, ctx: { ...ctx, actor } } : null;
}

/**
 * Seeds the approval structure (call inside the demo seed's transaction, after the employees, logins and
 * the leave types exist). The manager relations date from when both people worked at the company, so
 * they never count as a route changed after a seeded request was filed (access/duties.ts).
 */
export async function seedApprovalsDemo(ctx: Ctx, people: readonly PlacedEmployee[]): Promise<void> {
  const byId = new Map(people.map((p) => [p.id, p]));
  const pairs = demoManagers(people);
  for (let i = 0; i < pairs.length; i += 1000) {
    await ctx.db
      .insertInto('employee_managers')
      .values(
        pairs.slice(i, i + 1000).map(({ employeeId, managerId }) => {
          const since = sql<Date>`greatest(${byId.get(employeeId)!.firstJoinDate}::date, ${byId.get(managerId)!.firstJoinDate}::date)::timestamptz`;
          return {
            employee_id: employeeId,
            manager_employee_id: managerId,
            note: 'Demo reporting line',
            created_at: since,
            updated_at: since,
          };
        }),
      )
      .execute();
  }

  const hc = await demoActor(ctx, 'hc@demo.co.id');
  const admin = await demoActor(ctx, 'admin@demo.co.id');
  if (!hc || !admin) return;
  // Every leave request goes to the employee's manager (leave/approvals.ts drops the step for someone
  // without one, the President Director: any approver in scope, HR, decides theirs).
  await createLeaveApprovalRule(hc.ctx, requirePermission(hc.actor, 'attendance.manage'), { steps: [{ kind: 'manager' }] });
  // The managerial role decides purchases only; as a manager of people it needs the leave approval too:
  // HR assigns it and a second person (the superadmin) approves it, as for any grant.
  const managerial = await ctx.db
    .selectFrom('employees')
    .select('id')
    .where('email', '=', 'managerial@demo.co.id')
    .executeTakeFirst();
  if (!managerial) return;
  for (const key of ['attendance.view', 'attendance.approve'] as const) {
    const { id } = await assignGrant(hc.ctx, requirePermission(hc.actor, 'permission.assign'), 'employee', {
      subjectId: managerial.id,
      grant: { kind: 'permission', key },
    });
    await approveGrant(admin.ctx, requirePermission(admin.actor, 'permission.approve'), { id });
  }
}
