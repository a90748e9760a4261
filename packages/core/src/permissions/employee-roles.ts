import type { z } from 'zod';
import type { Grant } from '../access/index';
import type { Ctx } from '../shared/context';
import { AppError } from '../shared/errors';
import type { Page } from '../shared/zod';
import { assignEmployeeRoleInput, type GrantRow, grantIdInput, listEmployeeRolesInput } from './schema';
import { approveGrant, assignGrant, cancelGrant, listGrants, unassignGrant } from './service';

/*
 * The spec's `/v2/h/role/employee` (spec §7 "permission/employee and permission/jobPosition; role/employee",
 * issue 20 item 4): an employee's roles. They are the employee grants of kind role, so the four-eyes flow
 * of permission/employee holds unchanged (assigned pending, approved by someone else, never one's own).
 * A grant id that is not an employee's role is NOT_FOUND on these paths.
 */

export function listEmployeeRoles(
  ctx: Ctx,
  grant: Grant<'permission.view'>,
  raw: z.input<typeof listEmployeeRolesInput>,
): Promise<Page<GrantRow>> {
  return listGrants(ctx, grant, 'employee', { ...listEmployeeRolesInput.parse(raw), kind: 'role' });
}

export function assignEmployeeRole(
  ctx: Ctx,
  grant: Grant<'permission.assign'>,
  raw: z.input<typeof assignEmployeeRoleInput>,
): Promise<{ id: number }> {
  const input = assignEmployeeRoleInput.parse(raw);
  return assignGrant(ctx, grant, 'employee', { subjectId: input.subjectId, grant: { kind: 'role', key: input.role } });
}

async function assertEmployeeRole(ctx: Ctx, raw: z.input<typeof grantIdInput>): Promise<{ id: number }> {
  const input = grantIdInput.parse(raw);
  const row = await ctx.db
    .selectFrom('permission_grants')
    .select('id')
    .where('id', '=', input.id)
    .where('subject_type', '=', 'employee')
    .where('grant_kind', '=', 'role')
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Role grant not found');
  return input;
}

export async function unassignEmployeeRole(ctx: Ctx, grant: Grant<'permission.assign'>, raw: z.input<typeof grantIdInput>) {
  await unassignGrant(ctx, grant, await assertEmployeeRole(ctx, raw));
}
export async function approveEmployeeRole(ctx: Ctx, grant: Grant<'permission.approve'>, raw: z.input<typeof grantIdInput>) {
  await approveGrant(ctx, grant, await assertEmployeeRole(ctx, raw));
}
export async function cancelEmployeeRole(ctx: Ctx, grant: Grant<'permission.assign'>, raw: z.input<typeof grantIdInput>) {
  await cancelGrant(ctx, grant, await assertEmployeeRole(ctx, raw));
}
