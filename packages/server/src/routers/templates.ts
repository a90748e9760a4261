import type { PermissionKey } from '@hr/core/access';
import { z } from 'zod';

/**
 * The downloadable templates (spec §7 lookups "types, categories, templates"; issue 20 item 5): what a
 * user fills in and uploads again. Each names its download path and the permission that path needs;
 * `templates.test.ts` checks every entry against the REST table so the list cannot drift.
 */
export const TEMPLATES = [
  {
    code: 'employee-import',
    name: 'Employee import',
    description: 'XLSX with one row per new employee, for Employees → Import (or hr import employees)',
    downloadPath: '/v2/h/employee/import/template',
    permission: 'employee.create',
  },
  {
    code: 'purchase-of-goods',
    name: 'Purchase of goods',
    description: 'XLSX of goods bought by employees, deducted from their salary, for Purchase of goods → Import',
    downloadPath: '/v2/h/purchaseOfGood/template',
    permission: 'purchaseOfGood.manage',
  },
] as const satisfies ReadonlyArray<{
  code: string;
  name: string;
  description: string;
  downloadPath: string;
  permission: PermissionKey;
}>;

export const templateRow = z.object({ code: z.string(), name: z.string(), description: z.string(), downloadPath: z.string() });

/** The templates a login may download (one it may not is left out, as its path would answer 403). */
export function templatesFor(permissions: ReadonlySet<PermissionKey>): z.output<typeof templateRow>[] {
  return TEMPLATES.filter((t) => permissions.has(t.permission)).map(({ code, name, description, downloadPath }) => ({
    code,
    name,
    description,
    downloadPath,
  }));
}
