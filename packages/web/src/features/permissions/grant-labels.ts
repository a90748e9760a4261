import { ROLES, type RoleKey } from '@hr/core/browser';
import { permissionDescription } from '../../lib/permission-descriptions';

/** "salary.view — View salaries, …" for a permission key (in the screen's language); the role's label for a role key. */
export function grantLabel(kind: 'permission' | 'role', key: string): string {
  if (kind === 'role') return ROLES[key as RoleKey]?.label ?? key;
  const description = permissionDescription(key);
  return description ? `${key} — ${description}` : key;
}

/** The option value of the assign select: `permission:salary.view` or `role:manager`. */
export function grantValue(kind: 'permission' | 'role', key: string): string {
  return `${kind}:${key}`;
}

export function parseGrantValue(v: string): { kind: 'permission' | 'role'; key: string } | null {
  const i = v.indexOf(':');
  const kind = v.slice(0, i);
  if (kind !== 'permission' && kind !== 'role') return null;
  return { kind, key: v.slice(i + 1) };
}
