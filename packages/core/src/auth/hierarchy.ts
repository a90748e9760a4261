import type { Actor } from '../access/index';
import type { PermissionKey } from '../access/index';
import type { Db } from '../shared/context';
import { AppError } from '../shared/errors';
import { effectiveAccessOfUser } from './service';

/** What is done to another login, as it reads in "You cannot <verb> a login that …". */
export type LoginAction = 'deactivate' | 'activate' | 'reset the password of' | 'change the roles of' | 'revoke a grant of';

/** At most this many missing keys are named in the refusal. */
const NAMED = 3;

/**
 * The role hierarchy (issue 16 item 5; docs/security.md): nobody deactivates, re-activates, resets
 * the password of or demotes a login that holds powers they do not hold. The target's effective
 * permissions (account roles plus approved grants, the rule sign-in uses: permissions/actor.ts
 * `effectiveAccess`; loaded also when the target is inactive or has left) must all be held by the
 * actor, and a superadmin login is touched only by a superadmin. FORBIDDEN otherwise, naming up
 * to three of the powers the actor lacks. An unknown target passes (the caller reports it).
 */
export async function assertHoldsPowersOf(db: Db, actor: Actor, targetUserId: number, what: LoginAction): Promise<void> {
  const target = await effectiveAccessOfUser(db, targetUserId);
  if (!target) return;
  const missing: string[] = [];
  if (target.roles.includes('superadmin') && !actor.roles.includes('superadmin')) missing.push('superadmin');
  const keys: PermissionKey[] = [...target.permissions].filter((k) => !actor.permissions.has(k)).sort();
  missing.push(...keys);
  if (missing.length === 0) return;
  const named = missing.slice(0, NAMED).join(', ') + (missing.length > NAMED ? `, and ${missing.length - NAMED} more` : '');
  throw new AppError('FORBIDDEN', `You cannot ${what} a login that holds powers you do not hold (${named})`);
}
