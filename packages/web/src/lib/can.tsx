import type { PermissionKey, SessionUser } from '@hr/core/browser';
import { createContext, type ReactNode, useContext } from 'react';

/** What a route or control needs: a permission key, or just a signed-in user. */
export type Requirement = PermissionKey | 'authenticated';

export function isSuperadmin(user: Pick<SessionUser, 'roles'>): boolean {
  return user.roles.includes('superadmin');
}

/** True when the user holds the permission (the server still checks every call). */
export function can(user: Pick<SessionUser, 'permissions'> | null, need: Requirement): boolean {
  if (!user) return false;
  return need === 'authenticated' || user.permissions.includes(need);
}

/** Spec §6: the offices filter is shown unless the user has exactly one office and is not superadmin. */
export function showOfficeFilter(user: Pick<SessionUser, 'roles' | 'companyOffices'>): boolean {
  return !(user.companyOffices.length === 1 && !isSuperadmin(user));
}

const SessionContext = createContext<SessionUser | null>(null);

export function SessionProvider({ user, children }: { user: SessionUser; children: ReactNode }) {
  return <SessionContext.Provider value={user}>{children}</SessionContext.Provider>;
}

/** The signed-in user (inside the authenticated layout). */
export function useSession(): SessionUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useSession outside the signed-in layout');
  return user;
}

export function useCan(need: Requirement): boolean {
  return can(useContext(SessionContext), need);
}

/** Renders its children only when the user holds the permission (hidden, not disabled). */
export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: Requirement;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCan(permission) ? children : fallback;
}
