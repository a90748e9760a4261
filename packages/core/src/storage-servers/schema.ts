import { z } from 'zod';
import { id, pageInput, requiredText, text } from '../shared/zod';

/**
 * Storage servers (issue 7; spec §2 /personal/server, /personal/server/add, /personal/server/{id}/edit;
 * §3 "storage server (with type and category lists)"; §7 "list, create, update, delete by id, and
 * statics for type and category"). Browser-safe: the web form validates with these schemas.
 *
 * Capacity and usage are storageGigabytes with at most two decimals, carried as strings (never a float).
 */

export const STORAGE_SERVER_STATUSES = ['active', 'maintenance', 'inactive'] as const;
export type StorageServerStatus = (typeof STORAGE_SERVER_STATUSES)[number];
export const STORAGE_SERVER_STATUS_LABELS: Record<StorageServerStatus, string> = {
  active: 'Active',
  maintenance: 'Maintenance',
  inactive: 'Inactive',
};

/** GB with at most two decimals, up to 12 integer digits; a JSON number or a string. */
export const storageGigabytes = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
  z
    .string({ message: 'must be a number of GB' })
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a number of GB with at most 2 decimals'),
);

/** GB string → hundredths of a GB, for exact comparison. */
export const storageCentiGb = (v: string): bigint => {
  const [whole, frac = ''] = v.split('.');
  return BigInt(whole ?? '0') * 100n + BigInt(frac.padEnd(2, '0') || '0');
};

const serverFields = z.object({
  name: requiredText(100),
  typeId: id,
  categoryId: id,
  location: requiredText(150),
  address: requiredText(300),
  capacityGb: storageGigabytes,
  usageGb: storageGigabytes,
  /** The owner (an employee). Without `hr.all` it must be the caller (left empty: the caller). */
  ownerEmployeeId: id.optional(),
  status: z.enum(STORAGE_SERVER_STATUSES),
});

const GB = /^\d{1,12}(\.\d{1,2})?$/;

/** Runs after the field checks; zod runs refinements on values that failed a regex too, hence the guard. */
const capacityRules = (v: { capacityGb: unknown; usageGb: unknown }, ctx: z.RefinementCtx) => {
  if (typeof v.capacityGb !== 'string' || typeof v.usageGb !== 'string' || !GB.test(v.capacityGb) || !GB.test(v.usageGb)) return;
  if (storageCentiGb(v.capacityGb) === 0n) ctx.addIssue({ code: 'custom', path: ['capacityGb'], message: 'must be more than 0' });
  else if (storageCentiGb(v.usageGb) > storageCentiGb(v.capacityGb))
    ctx.addIssue({ code: 'custom', path: ['usageGb'], message: 'must not exceed the capacity' });
};

export const createStorageServerInput = serverFields.superRefine(capacityRules);
export const updateStorageServerInput = serverFields.extend({ id }).superRefine(capacityRules);
export const storageServerIdInput = z.object({ id });

export const listStorageServersInput = pageInput.extend({
  search: text(100).optional(),
  typeId: id.optional(),
  categoryId: id.optional(),
  status: z.enum(STORAGE_SERVER_STATUSES).optional(),
});

export const storageServerOwnersInput = z.object({ search: text(100).optional() });

export interface StorageServerLookup {
  id: number;
  name: string;
}

export interface StorageServerRow {
  id: number;
  name: string;
  typeId: number;
  typeName: string;
  categoryId: number;
  categoryName: string;
  location: string;
  address: string;
  capacityGb: string;
  usageGb: string;
  /** usage / capacity, whole percent rounded down. */
  usagePercent: number;
  ownerEmployeeId: number;
  ownerNumber: string;
  ownerName: string;
  status: StorageServerStatus;
  statusLabel: string;
  updatedAt: Date;
}

export interface StorageServerOwner {
  id: number;
  employeeNumber: string;
  name: string;
}
