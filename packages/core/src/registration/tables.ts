import type { ColumnType, Generated } from 'kysely';

export interface RegistrationTables {
  registrations: {
    id: Generated<number>;
    email: string;
    given_name: string;
    surname: string;
    gender: 'Male' | 'Female';
    birth_date: ColumnType<string, string, string>;
    religion_id: number;
    education_level_id: number;
    marital_status_id: number;
    /** Approval status, spec §3: Approved=1, Disapproved=2, Pending=3. */
    status: Generated<number>;
    created_at: Generated<Date>;
    decided_by: number | null;
    decided_at: Date | null;
    decision_note: string | null;
    employee_id: number | null;
  };
}
