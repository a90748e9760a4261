// Browser-safe surface: zod schemas, enums and the permission registry. No node or db imports.
export * from './auth/schema';
export * from './cooperative/schema';
export * from './dashboard/schema';
export * from './storage-servers/schema';
export * from './purchase-of-goods/schema';
export * from './attendance-requests/schema';
export * from './leave/schema';
export * from './canteen/schema';
export * from './devices/schema';
export * from './employees/detail-schema';
export * from './employees/history-schema';
export * from './employees/managers-schema';
export * from './employees/requests-schema';
export * from './employees/schema';
export * from './employees/import-schema';
export * from './employees/recruitment-schema';
export * from './inventory/schema';
export * from './org/schema';
export * from './payroll/pure';
export { PERMISSION_KEYS, PERMISSIONS, type PermissionKey } from './access/index';
export { ROLE_KEYS, ROLES, type RoleKey } from './access/index';
export * from './permissions/schema';
export * from './reference/schema';
export * from './registration/schema';
export * from './regulations/schema';
export * from './payroll/thr-runs/schema';
export * from './payroll/income-tax/schema';
export * from './payroll/payslip-documents/schema';
export * from './legal-tables/schema';
export * from './bank-transfers/schema';
export * from './tax-reporting/schema';
export * from './mail/schema';
export * from './shared/zod';
export * from './shared/heavy';
export { haversineMetres, matchFence } from './mobile-attendance/rules';
export {
  clockInput,
  createGeofenceInput,
  mobileSettingsInput,
  OFFLINE_MAX_HOURS,
  OUTSIDE_POLICIES,
  type OutsidePolicy,
  SELFIE_MAX_BYTES,
} from './mobile-attendance/schema';
export { COMPANY_TIME_ZONE, dateInZone, type WallClock, wallClockIn } from './shared/wall-clock';
