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
  /**
   * A placement that widened an employee's permissions, awaiting a second person (issue 16 item 3;
   * permissions/placement-confirmations.ts). While `withholding`, the grants of the employee's job
   * position and section do not reach them.
   */
  placement_confirmations: {
    id: Generated<number>;
    employee_id: number;
    job_position_id: number | null;
    section_id: number | null;
    permissions_added: string[];
    requested_by: number;
    requested_at: Generated<Date>;
    status: Generated<'pending' | 'approved' | 'rejected' | 'cancelled'>;
    decided_by: number | null;
    decided_at: Date | null;
    note: string | null;
    withholding: Generated<boolean>;
  };
}
