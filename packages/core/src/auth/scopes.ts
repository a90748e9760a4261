import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../access/index';
import type { PermissionKey } from '../access/index';
import { AppError } from '../shared/errors';

/**
 * OAuth client scopes (issue 6). A client without the `full` scope (an `ingest` client) holds
 * only these permissions, whatever the granting user may do: the device-agent endpoints.
 */
export const INGEST_PERMISSIONS: ReadonlySet<PermissionKey> = new Set<PermissionKey>(['device.ingest']);

/** True when the actor is an OAuth client limited to ingest. */
export function isIngestOnly(actor: Actor | null | undefined): boolean {
  return !!actor?.client && !actor.client.scopes.includes('full');
}

/**
 * The scope rule, checked by the tRPC middleware before the permission itself: an ingest-only
 * client may call a procedure gated by an ingest permission and nothing else (not even the
 * `authenticated` ones such as auth.me). Throws FORBIDDEN; people and `full` clients pass.
 */
export function requireClientScope(actor: Actor | null | undefined, key: PermissionKey | 'authenticated'): void {
  if (!isIngestOnly(actor)) return;
  if (key !== 'authenticated' && INGEST_PERMISSIONS.has(key)) return;
  throw new AppError('FORBIDDEN', 'This credential is limited to the ingest scope');
}

/** An ingest-only client's actor: its permissions cut down to the ingest ones, no roles. */
export function limitToScope(actor: Actor): Actor {
  if (!isIngestOnly(actor)) return actor;
  const permissions = new Set([...actor.permissions].filter((k) => INGEST_PERMISSIONS.has(k)));
  return { ...actor, roles: [], permissions };
}

/** A scopes value for oauth_clients.scopes (text[]), written the same on pg and PGlite. */
export function scopesSql(scopes: readonly string[]): RawBuilder<string[]> {
  return sql<string[]>`string_to_array(${scopes.join(',')}, ',')`;
}
