import { z } from 'zod';
import { id, pageInput } from '../shared/zod';
import { PERMISSION_KEYS } from './registry';
import { ROLE_KEYS } from './roles';

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
});

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
  approveRefusal: string | null;
}
