import type { ColumnType, Generated } from 'kysely';

/** `date` columns travel as 'yyyy-mm-dd' strings (see db/client.ts type parsers). */
type DateCol = ColumnType<string, string, string>;
/** `time` columns travel as 'hh:mm:ss' strings. */
type TimeCol = ColumnType<string, string, string>;
/**
 * `timestamp` (without zone) columns: read them with to_char (queries.ts) — pg and PGlite parse
 * them differently; written as 'yyyy-mm-ddThh:mm:ss' strings.
 */
type LocalTs = ColumnType<unknown, string, string>;

export interface AttendanceTables {
  attendance_pins: {
    id: Generated<number>;
    pin: string;
    device_serial: string | null;
    employee_id: number;
    created_at: Generated<Date>;
  };
  punches: {
    id: Generated<string>;
    device_serial: string;
    pin: string;
    local_time: LocalTs;
    state: Generated<number>;
    verify_type: Generated<number>;
    source: Generated<'device' | 'import' | 'manual'>;
    agent: string | null;
    received_at: Generated<Date>;
    employee_id: number | null;
  };
  shifts: {
    id: Generated<number>;
    name: string;
    company_office_id: number | null;
    start_time: TimeCol;
    end_time: TimeCol;
    break_minutes: Generated<number>;
    late_grace_minutes: Generated<number>;
    early_grace_minutes: Generated<number>;
    overnight: ColumnType<boolean, never, never>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  schedules: {
    employee_id: number;
    work_date: DateCol;
    shift_id: number | null;
    updated_at: Generated<Date>;
  };
  holidays: {
    id: Generated<number>;
    holiday_date: DateCol;
    name: string;
    kind: 'national' | 'religious' | 'company';
    religious_holiday: number | null;
    company_office_id: number | null;
    created_at: Generated<Date>;
  };
  attendance_settings: {
    id: Generated<number>;
    default_shift_id: number | null;
    workday_mask: Generated<number>;
    window_before_minutes: Generated<number>;
    window_after_minutes: Generated<number>;
    duplicate_seconds: Generated<number>;
    time_zone: Generated<string>;
    updated_at: Generated<Date>;
  };
  timesheets: {
    employee_id: number;
    work_date: DateCol;
    day_type: 'workday' | 'dayoff' | 'holiday' | 'leave';
    shift_id: number | null;
    scheduled_in: LocalTs | null;
    scheduled_out: LocalTs | null;
    status: number | null;
    first_in: LocalTs | null;
    last_out: LocalTs | null;
    punch_count: Generated<number>;
    late_minutes: Generated<number>;
    early_minutes: Generated<number>;
    worked_minutes: Generated<number>;
    override_source: string | null;
    computed_at: Generated<Date>;
  };
  timesheet_overrides: {
    employee_id: number;
    work_date: DateCol;
    source: string;
    priority: Generated<number>;
    status: number | null;
    day_type: 'workday' | 'dayoff' | 'holiday' | 'leave' | null;
    first_in: LocalTs | null;
    last_out: LocalTs | null;
    late_minutes: number | null;
    early_minutes: number | null;
    worked_minutes: number | null;
    ref_id: number | null;
    note: string | null;
    created_by: number | null;
    created_at: Generated<Date>;
    /** The engine derives the status from the overridden times and minutes instead of taking `status`. */
    derive_status: Generated<boolean>;
  };
}
