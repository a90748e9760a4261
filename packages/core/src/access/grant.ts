import { AppError } from '../shared/errors';
import type { Actor } from './actor';
import type { PermissionKey } from './registry';

declare const grantBrand: unique symbol;

/**
 * Data scope (spec §6): another employee's division or department data is visible only
 * if it matches the actor's own, or the actor is superadmin / holds the `hr.all` wildcard.
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'own'; departmentId: number | null; divisionId: number | null; employeeId: number | null };

/**
 * Proof that `actor` holds permission K. Only {@link requirePermission} creates one, so a
 * service that takes a Grant cannot be called without the check.
 */
export interface Grant<K extends PermissionKey = PermissionKey> {
  readonly [grantBrand]: K;
  readonly key: K;
  readonly actor: Actor;
  readonly scope: Scope;
}

export function scopeOf(actor: Actor): Scope {
  if (actor.roles.includes('superadmin') || actor.permissions.has('hr.all')) return { kind: 'all' };
  return { kind: 'own', departmentId: actor.departmentId, divisionId: actor.divisionId, employeeId: actor.employeeId };
}

export function hasPermission(actor: Actor | null, key: PermissionKey): boolean {
  return !!actor && actor.permissions.has(key);
}

/** Checks the permission and returns the grant; throws UNAUTHORIZED / FORBIDDEN. */
export function requirePermission<K extends PermissionKey>(actor: Actor | null, key: K): Grant<K> {
  if (!actor) throw new AppError('UNAUTHORIZED', 'Please log in');
  if (!actor.permissions.has(key)) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
  return { key, actor, scope: scopeOf(actor) } as Grant<K>;
}
