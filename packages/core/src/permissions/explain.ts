import { z } from 'zod';
import { actorForUser } from '../auth/index';
import type { Ctx } from '../shared/context';
import { AppError } from '../shared/errors';
import { id } from '../shared/zod';
import { effectiveAccess, type GrantedKey } from '../access/index';
import type { Grant } from '../access/index';
import { PERMISSION_KEYS, type PermissionKey } from '../access/index';
import { employeeInScope } from '../access/index';
import { userNameOf } from '../shared/employee-sql';

export const explainInput = z.object({
  employeeId: id,
  permission: z.enum(PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]]),
});

/** Where a permission comes from: a role on the login itself, or a grant to the employee, their job position or (roles) their section. */
export interface PermissionSource {
  kind: 'userRole' | 'employee' | 'jobPosition' | 'section';
  /** The grant (absent for a role set on the login, e.g. by the seed or `hr user add --role`). */
  grantId: number | null;
  grantKind: 'permission' | 'role';
  /** The permission or role key granted. */
  key: string;
  /** The role through which the permission comes, when it comes through a role. */
  role: string | null;
  jobPosition: string | null;
  /** The section-department whose role grant it is. */
  section: string | null;
  requestedBy: string | null;
  requestedAt: Date | null;
  approvedBy: string | null;
  approvedAt: Date | null;
  /**
   * An approved job position or section grant withheld from the employee: their placement widened
   * their permissions and awaits a second person's confirmation ('pending') or was refused
   * ('rejected', until HR moves them again). Such a source is listed under `pending`, not `sources`.
   */
  withheldBy?: { placementConfirmationId: number; status: 'pending' | 'rejected' };
}

export interface PermissionExplanation {
  employeeId: number;
  permission: PermissionKey;
  /** What the server decides for this person's next request (the same check every procedure runs). */
  has: boolean;
  /** 'noLogin': the employee has no user; 'blocked': the login is inactive or employment has ended. */
  account: 'active' | 'blocked' | 'noLogin';
  email: string | null;
  /** Every source that gives the permission (roles and approved, unrevoked grants). */
  sources: PermissionSource[];
  /** Grants awaiting approval, and grants withheld by a placement awaiting confirmation (`withheldBy`), that would give it. */
  pending: PermissionSource[];
}

/**
 * "Why can this person see this?": for an employee and a permission, whether they hold it and
 * which sources give it. Each source is judged by {@link effectiveAccess}, the function that
 * builds every actor's permissions, applied to that source alone (sources only ever add), and
 * `has` is the actor the server itself loads, so the answer cannot drift from the real check.
 * Out-of-scope employees are NOT_FOUND (spec §6).
 */
export async function explainPermission(
  ctx: Ctx,
  grant: Grant<'permission.view'>,
  raw: z.input<typeof explainInput>,
): Promise<PermissionExplanation> {
  const { employeeId, permission } = explainInput.parse(raw);
  const emp = await ctx.db
    .selectFrom('employees as e')
    .leftJoin('job_positions as jp', 'jp.id', 'e.job_position_id')
    .leftJoin('sections as sc', 'sc.id', 'e.section_id')
    .leftJoin('users as u', 'u.employee_id', 'e.id')
    .select([
      'e.id',
      'e.job_position_id as jobPositionId',
      'jp.name as jobPosition',
      'e.section_id as sectionId',
      'sc.name as section',
      'u.id as userId',
      'u.email',
    ])
    .where('e.id', '=', employeeId)
    .where((eb) => employeeInScope(eb as never, grant.scope))
    .executeTakeFirst();
  if (!emp) throw new AppError('NOT_FOUND', 'Employee not found');

  const [userRoles, grants, withholding] = await Promise.all([
    emp.userId === null
      ? Promise.resolve([])
      : ctx.db.selectFrom('user_roles').select('role').where('user_id', '=', emp.userId).orderBy('role').execute(),
    ctx.db
      .selectFrom('permission_grants as g')
      .innerJoin('users as rq', 'rq.id', 'g.requested_by')
      .select([
        'g.id',
        'g.subject_type',
        'g.grant_kind',
        'g.grant_key',
        'g.status',
        userNameOf('g.requested_by').$castTo<string>().as('requestedBy'),
        'g.requested_at',
        userNameOf('g.decided_by').as('decidedBy'),
        'g.decided_at',
      ])
      .where('g.revoked_at', 'is', null)
      .where('g.status', 'in', [1, 3])
      .where((eb) =>
        eb.or([
          eb.and([eb('g.subject_type', '=', 'employee'), eb('g.subject_id', '=', employeeId)]),
          eb.and([eb('g.subject_type', '=', 'job_position'), eb('g.subject_id', '=', emp.jobPositionId ?? -1)]),
          eb.and([
            eb('g.subject_type', '=', 'section'),
            eb('g.grant_kind', '=', 'role'),
            eb('g.subject_id', '=', emp.sectionId ?? -1),
          ]),
        ]),
      )
      .orderBy('g.id')
      .execute(),
    ctx.db
      .selectFrom('placement_confirmations')
      .select(['id', 'status'])
      .where('employee_id', '=', employeeId)
      .where('withholding', '=', true)
      .executeTakeFirst(),
  ]);
  // The same rule as sign-in (auth/service.ts actorQuery): a withholding placement confirmation
  // keeps the job position's and section's grants from the employee.
  const withheldBy =
    withholding && (withholding.status === 'pending' || withholding.status === 'rejected')
      ? { placementConfirmationId: withholding.id, status: withholding.status }
      : undefined;

  /** The role (if any) through which one granted key gives the permission; undefined when it does not. */
  const via = (k: GrantedKey): { role: string | null } | undefined => {
    if (!effectiveAccess([], [k]).permissions.has(permission)) return undefined;
    return { role: k.kind === 'role' ? k.key : null };
  };

  const sources: PermissionSource[] = [];
  const pending: PermissionSource[] = [];
  for (const r of userRoles) {
    const v = via({ kind: 'role', key: r.role });
    if (v)
      sources.push({
        kind: 'userRole',
        grantId: null,
        grantKind: 'role',
        key: r.role,
        role: r.role,
        jobPosition: null,
        section: null,
        requestedBy: null,
        requestedAt: null,
        approvedBy: null,
        approvedAt: null,
      });
  }
  for (const g of grants) {
    const v = via({ kind: g.grant_kind, key: g.grant_key });
    if (!v) continue;
    const approved = g.status === 1;
    const held = approved && g.subject_type !== 'employee' ? withheldBy : undefined;
    (approved && !held ? sources : pending).push({
      kind: g.subject_type === 'employee' ? 'employee' : g.subject_type === 'section' ? 'section' : 'jobPosition',
      grantId: g.id,
      grantKind: g.grant_kind,
      key: g.grant_key,
      role: v.role,
      jobPosition: g.subject_type === 'job_position' ? emp.jobPosition : null,
      section: g.subject_type === 'section' ? emp.section : null,
      requestedBy: g.requestedBy,
      requestedAt: g.requested_at,
      approvedBy: approved ? g.decidedBy : null,
      approvedAt: approved ? g.decided_at : null,
      ...(held ? { withheldBy: held } : {}),
    });
  }

  const actor = emp.userId === null ? null : await actorForUser(ctx.db, emp.userId, 'user');
  return {
    employeeId,
    permission,
    has: !!actor?.permissions.has(permission),
    account: emp.userId === null ? 'noLogin' : actor ? 'active' : 'blocked',
    email: emp.email,
    sources,
    pending,
  };
}
