import type { ColumnType, Generated } from 'kysely';

/** Live attendance (issue 21 part 2): the tables read through Kysely (the rest is read and written in SQL). */
export interface MobileAttendanceTables {
  mobile_attendance_settings: {
    id: Generated<number>;
    outside_policy: ColumnType<'refuse' | 'needs-approval', 'refuse' | 'needs-approval' | undefined>;
    max_accuracy_m: Generated<number>;
    selfie_retention_days: Generated<number>;
    updated_by: number | null;
    updated_at: Generated<Date>;
  };
}
