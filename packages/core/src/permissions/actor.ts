import type { PermissionKey } from './registry';

/** The signed-in person (or machine client) on whose behalf a service runs. */
export interface Actor {
  userId: number;
  email: string;
  employeeId: number | null;
  companyOfficeId: number | null;
  departmentId: number | null;
  divisionId: number | null;
  roles: string[];
  permissions: ReadonlySet<PermissionKey>;
  kind: 'user' | 'oauth';
}
