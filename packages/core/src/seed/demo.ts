import { sql } from 'kysely';
import type { RoleKey } from '../permissions/roles';
import type { Ctx } from '../shared/context';

export interface SeedSummary {
  offices: number;
  employees: number;
  users: { email: string; password: string; role: RoleKey }[];
}

/** One demo login per role of spec §6 (passwords documented in the README). */
export const DEMO_USERS: { email: string; password: string; role: RoleKey }[] = [
  { email: 'admin@demo.co.id', password: 'admin12345', role: 'superadmin' },
];

export async function isDemoSeeded(ctx: Ctx): Promise<boolean> {
  const r = await ctx.db.selectFrom('company_offices').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return r.n > 0;
}

/** Placeholder replaced by the demo company seed (offices, org, ~200 employees, users per role). */
export async function seedDemo(_ctx: Ctx, _opts: { employees?: number; seed?: number } = {}): Promise<SeedSummary> {
  throw new Error('seedDemo: pending');
}
