import { z } from 'zod';
import { id, pageInput, text } from '../shared/zod';
import { PERMISSION_KEYS } from '../access/index';
import { ROLE_KEYS } from '../access/index';

export const SUBJECT_TYPES = ['employee', 'job_position', 'section'] as const;

const grantKey = z.union([
  z.object({ kind: z.literal('permission'), key: z.enum(PERMISSION_KEYS as [string, ...string[]]) }),
  z.object({ kind: z.literal('role'), key: z.enum(ROLE_KEYS) }),
]);

export const assignInput = z.object({ subjectId: id, grant: grantKey });
/** A job position's permission set (spec §6 "Job position also supports create and delete"): several grants at once. */
export const createGrantSetInput = z.object({
  subjectId: id,
  grants: z.array(grantKey).min(1, 'must name at least one permission or role').max(100, 'at most 100 grants at once'),
});
export const deleteGrantSetInput = z.object({ subjectId: id });
export const grantIdInput = z.object({ id });
export const listGrantsInput = pageInput.extend({
  subjectId: id.optional(),
  /** Request status, spec §3: Approved 1, Disapproved 2, Pending 3, Cancel 4. */
  status: z.coerce.number().int().min(1).max(4).optional(),
  /** Only permissions or only roles (the spec's /v2/h/role/employee lists roles). */
  kind: z.enum(['permission', 'role']).optional(),
});
/** `/v2/h/role/employee` (spec §7, issue 20 item 4): an employee's roles, with the grants' four-eyes flow. */
export const listEmployeeRolesInput = listGrantsInput.omit({ kind: true });
export const assignEmployeeRoleInput = z.object({ subjectId: id, role: z.enum(ROLE_KEYS) });

/** Placement confirmation status (issue 16 item 3): cancelled = replaced by a later move before a decision. */
export const PLACEMENT_CONFIRMATION_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type PlacementConfirmationStatus = (typeof PLACEMENT_CONFIRMATION_STATUSES)[number];
export const listPlacementConfirmationsInput = pageInput.extend({
  status: z.enum(PLACEMENT_CONFIRMATION_STATUSES).optional(),
});
export const decidePlacementInput = z.object({
  id,
  note: text(500).optional(),
});

/** A placement awaiting (or past) a second person's confirmation, as the permissions screen lists it. */
export interface PlacementConfirmationRow {
  id: number;
  employeeId: number;
  employeeName: string;
  employeeNumber: string;
  jobPosition: string | null;
  section: string | null;
  permissionsAdded: string[];
  requestedBy: string;
  requestedAt: Date;
  status: PlacementConfirmationStatus;
  decidedBy: string | null;
  decidedAt: Date | null;
  note: string | null;
  /** Whether the job position's and section's grants are withheld from the employee now. */
  withholding: boolean;
  /** For a pending one: why the caller may not decide it (they made the move, it is their own), else null. */
  approveRefusal: string | null;
}

export interface GrantRow {
  id: number;
  subjectType: 'employee' | 'job_position' | 'section';
  subjectId: number;
  subjectName: string;
  kind: 'permission' | 'role';
  key: string;
  status: number;
  requestedBy: string;
  requestedAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
  revokedAt: Date | null;
  /** For a pending grant: why the caller may not approve it (assigned it, it is their own), else null. */
  /** The caller filed this grant (so another person must decide it). */
  filedByMe: boolean;
  approveRefusal: string | null;
}
