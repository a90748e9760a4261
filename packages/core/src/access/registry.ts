/**
 * Every permission key (`resource.action`) with its description. Browser-safe.
 * Procedures declare one of these (or 'public' / 'authenticated') in their meta.
 */
export const PERMISSIONS = {
  'hr.all': 'Wildcard HR access: see every office, department and division (data scope)',
  'employee.view': 'View employee lists and records within the data scope',
  'employee.create': 'Create employees',
  'employee.update': 'Update employee records, contracts and records',
  'employee.delete': 'Delete employees',
  'employee.registration.view': 'View self-registrations awaiting activation',
  'employee.registration.decide': 'Activate or reject self-registrations',
  'employee.editRequest.approve': 'Approve or disapprove employee data update requests',
  'employee.manager.manage': 'Add, edit, activate and inactivate managers',
  'employee.resignation.manage': 'Manage resignations',
  'employee.recruitment.manage': 'Manage recruitment: applicants, stages, notes, CVs (hiring also needs employee.create)',
  'org.view': 'View organisation structure and reference data',
  'org.manage': 'Create, update and delete organisation structure and reference data',
  'permission.view': 'View permission and role grants',
  'permission.assign': 'Assign and unassign permissions and roles (takes effect after approval)',
  'permission.approve': 'Approve or cancel pending permission and role grants of someone else',
  'user.manage': 'Create users and reset their passwords',
  'attendance.view': 'View timesheets, leave, overtime and schedules within the data scope',
  'attendance.manage': 'Edit timesheets, shifts, schedules, holidays and attendance settings',
  'attendance.approve': 'Approve or disapprove leave, overtime and corrections',
  'attendance.mobile': 'Clock in and out from the phone (live attendance) at the allowed offices',
  'salary.view': 'View salaries, payroll reports and income tax',
  'salary.update': 'Update salaries, components and formulas; generate payroll',
  'salary.setting': 'Change payroll settings',
  'setting.manage': 'Change application settings',
  'cooperative.view': 'View the cooperative, balances and withdrawals',
  'cooperative.manage': 'Manage the cooperative and decide withdrawals',
  'canteen.view': 'View canteen settings, schedules and presence',
  'canteen.manage': 'Manage canteen settings and meal schedules',
  'inventory.view': 'View items, warehouse and purchase requests',
  'inventory.request': 'Create warehouse and purchase requests',
  'inventory.approve.managerial': 'Managerial approval of purchase requests',
  'inventory.approve.warehouse': 'Warehouse approval of purchase and warehouse requests',
  'inventory.approve.coo': 'COO approval of purchase requests',
  'inventory.manage': 'Manage items, units, services, orders and receipts',
  'purchaseOfGood.manage': 'Manage purchase of goods and invoices',
  'server.manage': 'Manage storage servers',
  'developer.access': 'Developer menu: logs, fingerprint devices, OAuth credentials',
  'device.ingest': 'Upload punches from fingerprint terminals (device agent)',
  'personal.access': 'Own attendance, leave, overtime, payslips and profile',
} as const;

export type PermissionKey = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as PermissionKey[];

export const isPermissionKey = (k: string): k is PermissionKey => Object.hasOwn(PERMISSIONS, k);
