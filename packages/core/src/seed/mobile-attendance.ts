import { requirePermission } from '../access/index';
import { actorForUser } from '../auth/index';
import { createGeofence } from '../mobile-attendance/index';
import { approveGrant, assignGrant } from '../permissions/index';
import type { Ctx } from '../shared/context';

/**
 * Live attendance on the phone, out of the box (issue 19): every demo office has an attendance area
 * around its address, and employee@ (a modern-trade salesperson in Surabaya) may clock in from the
 * phone, a grant HC assigns and the superadmin approves like any other. The phone journey
 * (tests/e2e/roles/phone-employee.spec.ts) clocks in at the Surabaya area's centre.
 */
export const DEMO_GEOFENCES: readonly { office: string; name: string; latitude: number; longitude: number; radiusM: number }[] = [
  { office: 'JKT', name: 'Jakarta Head Office', latitude: -6.229728, longitude: 106.829518, radiusM: 200 },
  { office: 'SBY', name: 'Surabaya Branch', latitude: -7.329662, longitude: 112.768249, radiusM: 200 },
  { office: 'BTM', name: 'Batam Branch', latitude: 1.160556, longitude: 104.000556, radiusM: 300 },
];

/** The demo logins that clock in from the phone. */
export const DEMO_MOBILE_USERS = ['employee@demo.co.id'] as const;

async function demoActor(ctx: Ctx, email: string) {
  const u = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  const actor = u ? await actorForUser(ctx.db, u.id, 'user') : null;
  return actor ? { actor, ctx: { ...ctx, actor } } : null;
}

/** Seeds the areas and the grants (call inside the demo seed's transaction, after the offices and logins). */
export async function seedMobileAttendanceDemo(ctx: Ctx): Promise<void> {
  const hc = await demoActor(ctx, 'hc@demo.co.id');
  const admin = await demoActor(ctx, 'admin@demo.co.id');
  if (!hc || !admin) return;
  const offices = await ctx.db.selectFrom('company_offices').select(['id', 'code']).execute();
  const officeId = new Map(offices.map((o) => [o.code, o.id]));
  for (const f of DEMO_GEOFENCES) {
    const companyOfficeId = officeId.get(f.office);
    if (!companyOfficeId) continue;
    await createGeofence(hc.ctx, requirePermission(hc.actor, 'attendance.manage'), {
      companyOfficeId,
      name: f.name,
      latitude: f.latitude,
      longitude: f.longitude,
      radiusM: f.radiusM,
    });
  }
  const people = await ctx.db
    .selectFrom('employees')
    .select('id')
    .where('email', 'in', [...DEMO_MOBILE_USERS])
    .execute();
  for (const p of people) {
    const { id } = await assignGrant(hc.ctx, requirePermission(hc.actor, 'permission.assign'), 'employee', {
      subjectId: p.id,
      grant: { kind: 'permission', key: 'attendance.mobile' },
    });
    await approveGrant(admin.ctx, requirePermission(admin.actor, 'permission.approve'), { id });
  }
}
