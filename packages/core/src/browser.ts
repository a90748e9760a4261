// Browser-safe surface: zod schemas, enums and the permission registry. No node or db imports.
export * from './auth/schema';
export * from './cooperative/schema';
export * from './devices/schema';
export * from './employees/detail-schema';
export * from './employees/history-schema';
export * from './employees/managers-schema';
export * from './employees/requests-schema';
export * from './employees/schema';
export * from './inventory/schema';
export * from './org/schema';
export * from './payroll/index';
export { PERMISSION_KEYS, PERMISSIONS, type PermissionKey } from './permissions/registry';
export { ROLE_KEYS, ROLES, type RoleKey } from './permissions/roles';
export * from './permissions/schema';
export * from './reference/schema';
export * from './registration/schema';
export * from './shared/zod';
