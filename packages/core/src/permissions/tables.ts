import type { Generated } from 'kysely';

export interface PermissionTables {
  permission_grants: {
    id: Generated<number>;
    /** A section (section-department) holds roles only. */
    subject_type: 'employee' | 'job_position' | 'section';
    subject_id: number;
    grant_kind: 'permission' | 'role';
    grant_key: string;
    /** Request status, spec §3: Approved 1, Disapproved 2, Pending 3, Cancel 4. */
    status: Generated<number>;
    requested_by: number;
    requested_at: Generated<Date>;
    decided_by: number | null;
    decided_at: Date | null;
    revoked_by: number | null;
    revoked_at: Date | null;
  };
}
