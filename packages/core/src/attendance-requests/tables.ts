import type { ColumnType, Generated } from 'kysely';

/** `date` columns travel as 'yyyy-mm-dd' strings; `time` columns as 'hh:mm:ss' (db/client.ts). */
type DateCol = ColumnType<string, string, string>;
type TimeCol = ColumnType<string, string, string>;
type Int8Generated = ColumnType<string, string | number | bigint | undefined, never>;

/** The columns a correction and an overtime request share: whose day, its times and reason, and the decision trail. */
interface RequestCols {
  id: Generated<number>;
  employee_id: number;
  work_date: DateCol;
  start_time: TimeCol | null;
  end_time: TimeCol | null;
  reason: string;
  status: Generated<number>;
  requester_user_id: number;
  decided_by_user_id: number | null;
  decided_at: Date | null;
  decision_note: string | null;
  deleted_at: Date | null;
  deleted_by_user_id: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Attendance corrections and overtime (issue 4): tables (migration 20261123T0720). */
export interface AttendanceRequestTables {
  attendance_corrections: RequestCols & { type: number };
  attendance_overtimes: RequestCols & {
    minutes: number;
    day_type: 'workday' | 'restday' | 'holiday';
    approved_minutes: number | null;
    actual_minutes: number | null;
  };
  attendance_request_history: {
    id: Int8Generated;
    kind: 'correction' | 'overtime';
    request_id: number;
    action: 'requested' | 'updated' | 'approved' | 'disapproved' | 'cancelled' | 'deleted';
    from_status: number | null;
    to_status: number | null;
    note: string | null;
    actor_user_id: number;
    created_at: Generated<Date>;
  };
}
