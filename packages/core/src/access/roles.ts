import { PERMISSION_KEYS, type PermissionKey } from './registry';

/** Role keys (spec §6), used by `hr user add --role`, the seed and the docs. */
export const ROLE_KEYS = [
  'superadmin',
  'human-capital',
  'human-capital-staff',
  'human-capital-intern',
  'manager',
  'port-manager',
  'department-head',
  'supervisor',
  'warehouse-manager',
  'inventory-staff',
  'managerial',
  'c-level',
  'employee',
] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];
export const isRoleKey = (k: string): k is RoleKey => (ROLE_KEYS as readonly string[]).includes(k);

const personal: PermissionKey[] = ['personal.access', 'inventory.request', 'cooperative.view'];
const teamLead: PermissionKey[] = [
  ...personal,
  'employee.view',
  'org.view',
  'attendance.view',
  'attendance.approve',
  'inventory.view',
];

/** Each role as a bundle of permission keys. Roles carry no data scope beyond `hr.all`. */
export const ROLES: Record<RoleKey, { label: string; permissions: readonly PermissionKey[] }> = {
  superadmin: { label: 'Superadmin', permissions: PERMISSION_KEYS },
  'human-capital': {
    label: 'Human Capital',
    permissions: PERMISSION_KEYS.filter(
      (k) => k !== 'developer.access' && k !== 'device.ingest' && !k.startsWith('inventory.approve'),
    ),
  },
  'human-capital-staff': {
    label: 'Human Capital Staff',
    permissions: [
      ...teamLead,
      'hr.all',
      'employee.create',
      'employee.update',
      'employee.registration.view',
      'employee.registration.decide',
      'employee.manager.manage',
      'employee.resignation.manage',
      'employee.recruitment.manage',
      'attendance.manage',
      'salary.view',
      'permission.view',
      'canteen.view',
      'canteen.manage',
      'cooperative.manage',
    ],
  },
  'human-capital-intern': {
    label: 'Human Capital Intern',
    permissions: [...teamLead, 'hr.all', 'employee.registration.view'],
  },
  manager: { label: 'Manager', permissions: [...teamLead, 'employee.manager.manage'] },
  'port-manager': { label: 'Port Manager', permissions: teamLead },
  'department-head': { label: 'Department Head', permissions: [...teamLead, 'inventory.approve.managerial'] },
  supervisor: { label: 'Supervisor', permissions: teamLead },
  'warehouse-manager': {
    label: 'Warehouse Manager',
    permissions: [...personal, 'inventory.view', 'inventory.approve.warehouse', 'inventory.manage', 'purchaseOfGood.manage'],
  },
  'inventory-staff': {
    label: 'Inventory Staff',
    permissions: [...personal, 'inventory.view', 'inventory.manage'],
  },
  managerial: { label: 'Managerial', permissions: [...personal, 'inventory.view', 'inventory.approve.managerial'] },
  'c-level': {
    label: 'C-Level',
    permissions: [...teamLead, 'hr.all', 'inventory.approve.coo', 'salary.view', 'cooperative.view'],
  },
  employee: { label: 'Employee', permissions: personal },
};

/** The union of the keys of the given roles (unknown role names are ignored). */
export function permissionsOfRoles(roles: readonly string[]): Set<PermissionKey> {
  const out = new Set<PermissionKey>();
  for (const r of roles) if (isRoleKey(r)) for (const k of ROLES[r].permissions) out.add(k);
  return out;
}
