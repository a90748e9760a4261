import { z } from 'zod';
import type { FileDownload } from '../shared/outputs';
import { id, isoDate, optionalId, pageInput, requiredText, text } from '../shared/zod';
import { ATTENDANCE_STATUS } from '../reference/index';
import { nullableId } from '../shared/zod-optional';

/**
 * Attendance (spec §3 "Attendance", issue 4): punches, shifts, the roster, holidays, settings and
 * timesheets. Browser-safe: the web forms validate with these same schemas.
 */

/** Attendance status values of spec §3 (labels: reference/schema.ts ATTENDANCE_STATUS). */
export type AttendanceStatus = keyof typeof ATTENDANCE_STATUS;
export const ATTENDANCE_STATUS_VALUES = [1, 2, 3, 4, 5, 98] as const;
/** The statuses the failed-timesheets list shows (spec: timesheet/failed). */
export const FAILED_STATUSES = [2, 3, 4, 5] as const;

export const statusLabel = (status: number | null): string | null =>
  status === null ? null : (ATTENDANCE_STATUS[status as AttendanceStatus] ?? null);

export const HOLIDAY_KINDS = ['national', 'religious', 'company'] as const;
export const DAY_TYPES = ['workday', 'dayoff', 'holiday', 'leave'] as const;
export type DayType = (typeof DAY_TYPES)[number];

/** 'hh:mm' of a 'hh:mm[:ss]' time. */
export const hhmm = (t: string): string => t.slice(0, 5);

/** Shift display name (spec §3 lookup lists): "name (start - end)", 24-hour hh:mm. */
export const shiftLabel = (name: string, start: string, end: string): string => `${name} (${hhmm(start)} - ${hhmm(end)})`;

// ---------------------------------------------------------------------------------------------
// Shared field schemas

/** A wall-clock time of day, 24-hour 'hh:mm' (seconds allowed and kept). */
export const timeOfDay = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time hh:mm (24-hour)');

const LOCAL_TS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/** Whether s is a real device-local date-time 'yyyy-mm-ddThh:mm:ss' in the years 2000–2100. */
export function isLocalDateTime(s: string): boolean {
  const m = LOCAL_TS.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 2100 && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d && h <= 23 && mi <= 59 && se <= 59;
}

export const localDateTime = z.string().trim().refine(isLocalDateTime, 'must be a date-time yyyy-mm-ddThh:mm:ss');

/** A period and the employees a bulk action covers: by office / department / division, or the id list. */
const selectedPeriod = {
  from: isoDate,
  to: isoDate,
  companyOfficeId: optionalId,
  departmentId: optionalId,
  divisionId: optionalId,
  employeeIds: z.array(id).max(10_000).optional(),
};

/** Filters shared by the timesheet lists (spec §7 attendance/timesheet*). Dates default to the current month. */
const periodFilter = {
  from: isoDate.optional(),
  to: isoDate.optional(),
  companyOfficeId: optionalId,
  departmentId: optionalId,
  divisionId: optionalId,
  employeeId: optionalId,
  search: text(100).optional(),
};

// ---------------------------------------------------------------------------------------------
// Punches

/**
 * One punch as a terminal reports it. Loose on purpose: a punch that is wrong on its own (bad
 * time, empty PIN) is answered `rejected` for its index, not a failure of the whole batch.
 */
export const punchItem = z.object({
  deviceSerial: z.string().max(64),
  pin: z.string().max(32),
  localTime: z.string().max(32),
  state: z.number().int().min(-32768).max(32767),
  verifyType: z.number().int().min(-32768).max(32767),
});
export type PunchItem = z.infer<typeof punchItem>;

/** Device agent upload (POST /v2/h/attendance/punch/ingest). */
export const ingestPunchesInput = z.object({
  agent: text(200),
  /** The agent's estimate of terminal clock minus true time; recorded with the punches' agent, not applied. */
  clockSkewMs: z.number().int().nullable(),
  punches: z.array(punchItem).min(1).max(1000),
});

export type PunchResultStatus = 'inserted' | 'duplicate' | 'rejected';
export interface PunchResult {
  index: number;
  status: PunchResultStatus;
  message?: string;
}
export interface IngestResult {
  items: PunchResult[];
}

export const listPunchesInput = pageInput.extend({
  ...periodFilter,
  deviceSerial: text(64).optional(),
  pin: text(32).optional(),
  /** Only punches whose PIN is not mapped to an employee. */
  unmapped: z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
    z.boolean().optional(),
  ),
});

export interface PunchRow {
  id: string;
  deviceSerial: string;
  pin: string;
  localTime: string;
  state: number;
  verifyType: number;
  source: string;
  receivedAt: string;
  employeeId: number | null;
  employeeName: string | null;
}

// ---------------------------------------------------------------------------------------------
// PIN mapping

export const pinInput = z.object({
  employeeId: id,
  pin: requiredText(32),
  /** Only on this terminal; empty = every terminal. */
  deviceSerial: z.preprocess((v) => (v === '' ? null : v), text(64).nullable().optional()),
});
export const listPinsInput = pageInput.extend({ employeeId: optionalId, search: text(100).optional() });
export interface PinRow {
  id: number;
  pin: string;
  deviceSerial: string | null;
  employeeId: number;
  employeeName: string;
  employeeNumber: string;
}

// ---------------------------------------------------------------------------------------------
// Shifts

const minutes = (max: number) => z.coerce.number().int().min(0).max(max);

export const createShiftInput = z.object({
  name: requiredText(100),
  companyOfficeId: optionalId,
  startTime: timeOfDay,
  endTime: timeOfDay,
  /** Unpaid break inside the shift, minutes. */
  breakMinutes: minutes(720).default(0),
  /** Minutes after the start still counted on time. */
  lateGraceMinutes: minutes(240).default(0),
  /** Minutes before the end still counted as a full day. */
  earlyGraceMinutes: minutes(240).default(0),
});
export const updateShiftInput = z.object({
  id,
  name: requiredText(100).optional(),
  companyOfficeId: nullableId,
  startTime: timeOfDay.optional(),
  endTime: timeOfDay.optional(),
  breakMinutes: minutes(720).optional(),
  lateGraceMinutes: minutes(240).optional(),
  earlyGraceMinutes: minutes(240).optional(),
});
export const listShiftsInput = pageInput.extend({ search: text(100).optional(), companyOfficeId: optionalId });
export const attendanceIdInput = z.object({ id });

export interface ShiftRow {
  id: number;
  name: string;
  /** "name (start - end)" */
  label: string;
  companyOfficeId: number | null;
  companyOffice: string | null;
  startTime: string;
  endTime: string;
  breakMinutes: number;
  lateGraceMinutes: number;
  earlyGraceMinutes: number;
  overnight: boolean;
}

// ---------------------------------------------------------------------------------------------
// Schedules (roster)

export const listSchedulesInput = pageInput.extend(periodFilter);

/** One step of a rotation pattern: a shift, or null for a day off; repeated `days` times. */
export const patternStep = z.object({ shiftId: id.nullable(), days: z.coerce.number().int().min(1).max(31).default(1) });

/**
 * Bulk roster assignment: every employee matched by office / department / division / the id list
 * gets, for each day from..to, the pattern step of (days since `from`) modulo the pattern length.
 */
export const assignScheduleInput = z.object({
  ...selectedPeriod,
  pattern: z.array(patternStep).min(1).max(62),
});

export interface ScheduleRow {
  employeeId: number;
  employeeName: string;
  employeeNumber: string;
  date: string;
  shiftId: number | null;
  /** "name (start - end)", or null on a day off. */
  shift: string | null;
  /** Whether the day comes from the roster (else from the settings' default shift and workdays). */
  rostered: boolean;
  holiday: string | null;
}

// ---------------------------------------------------------------------------------------------
// Holidays

export const createHolidayInput = z.object({
  date: isoDate,
  name: requiredText(100),
  kind: z.enum(HOLIDAY_KINDS),
  /** Spec §3 holiday enumeration (1 Hari Raya Natal, 2 Idul Fitri, 3 Waisak, 4 Nyepi). */
  religiousHoliday: z.preprocess((v) => (v === '' ? null : v), z.coerce.number().int().min(1).max(4).nullable().optional()),
  /** Only this office; empty = company-wide. */
  companyOfficeId: optionalId,
});
export const updateHolidayInput = z.object({
  id,
  date: isoDate.optional(),
  name: requiredText(100).optional(),
  kind: z.enum(HOLIDAY_KINDS).optional(),
  religiousHoliday: z.preprocess((v) => (v === '' ? null : v), z.coerce.number().int().min(1).max(4).nullable().optional()),
  companyOfficeId: nullableId,
});
export const listHolidaysInput = pageInput.extend({
  from: isoDate.optional(),
  to: isoDate.optional(),
  companyOfficeId: optionalId,
  search: text(100).optional(),
});
export interface HolidayRow {
  id: number;
  date: string;
  name: string;
  kind: (typeof HOLIDAY_KINDS)[number];
  religiousHoliday: number | null;
  companyOfficeId: number | null;
  companyOffice: string | null;
}

// ---------------------------------------------------------------------------------------------
// Settings

export const updateSettingsInput = z.object({
  defaultShiftId: nullableId,
  /** ISO weekdays (1 Monday … 7 Sunday) that are workdays when the roster has no row. */
  workdays: z.array(z.coerce.number().int().min(1).max(7)).max(7).optional(),
  windowBeforeMinutes: minutes(720).optional(),
  windowAfterMinutes: minutes(720).optional(),
  duplicateSeconds: minutes(3600).optional(),
  timeZone: text(60).optional(),
});
export interface AttendanceSettings {
  defaultShiftId: number | null;
  defaultShift: string | null;
  workdays: number[];
  windowBeforeMinutes: number;
  windowAfterMinutes: number;
  duplicateSeconds: number;
  timeZone: string;
}

// ---------------------------------------------------------------------------------------------
// Timesheets

export const listTimesheetsInput = pageInput.extend({
  ...periodFilter,
  status: z.coerce
    .number()
    .int()
    .refine((s) => (ATTENDANCE_STATUS_VALUES as readonly number[]).includes(s), 'must be 1, 2, 3, 4, 5 or 98')
    .optional(),
});
export const summaryInput = pageInput.extend(periodFilter);
export const downloadTimesheetsInput = z.object(periodFilter);

/** Personal pages: the caller's own days. */
export const personalPeriodInput = pageInput.extend({ from: isoDate.optional(), to: isoDate.optional() });

export interface TimesheetRow {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  department: string | null;
  date: string;
  dayType: DayType;
  shiftId: number | null;
  shift: string | null;
  status: number | null;
  statusLabel: string | null;
  /** 'yyyy-mm-dd hh:mm' (device-local) or null. */
  firstIn: string | null;
  lastOut: string | null;
  lateMinutes: number;
  earlyMinutes: number;
  workedMinutes: number;
  manual: boolean;
}

export interface SummaryRow {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  department: string | null;
  days: number;
  workdays: number;
  valid: number;
  noClockIn: number;
  noClockOut: number;
  late: number;
  early: number;
  manual: number;
  lateMinutes: number;
  earlyMinutes: number;
  workedMinutes: number;
  /** Worked hours, two decimals ("157.50"). */
  workedHours: string;
}

/** Manual edit of one day (status 98 Manual Input), audited. Times 'hh:mm' on that day, or full date-times. */
export const manualEditInput = z.object({
  employeeId: id,
  date: isoDate,
  firstIn: z.preprocess((v) => (v === '' ? null : v), z.union([timeOfDay, localDateTime]).nullable().optional()),
  lastOut: z.preprocess((v) => (v === '' ? null : v), z.union([timeOfDay, localDateTime]).nullable().optional()),
  note: requiredText(500),
});
export const clearManualInput = z.object({ employeeId: id, date: isoDate });

export const recomputeInput = z.object(selectedPeriod);

/** The timesheet XLSX file. */
export type TimesheetDownload = FileDownload;

// ---------------------------------------------------------------------------------------------
// Attendance report, per-employee PDF, recap (spec §7 attendance/report, attendance/timesheet …
// PDF, report, recap excel; personal/timesheet)

/** Per-employee report list (spec /attendance/report): scope and filters as the timesheet lists. */
export const reportInput = pageInput.extend(periodFilter);
/** Daily presence series of the report's chart (same filters, no paging). */
export const reportDailyInput = z.object(periodFilter);
/** Recap workbook (employees × days grid) and the per-employee PDF share the period filters. */
export const recapInput = z.object(periodFilter);
/** One employee's report (numbers and days) or PDF over a period (default: the current month). */
/** The language of a PDF: English (the spec's labels, the default) or Bahasa Indonesia. */
const documentLanguage = z.enum(['en', 'id']).default('en');
export const employeeReportInput = z.object({
  employeeId: id,
  from: isoDate.optional(),
  to: isoDate.optional(),
  language: documentLanguage,
});
/** The caller's own report / PDF for a month 'yyyy-mm' (default: the current month). */
export const monthReportInput = z.object({
  month: z
    .string()
    .trim()
    .regex(/^(19\d{2}|20\d{2}|2100)-(0[1-9]|1[0-2])$/, 'must be a month yyyy-mm')
    .optional(),
  language: documentLanguage,
});

/**
 * One employee's numbers over a period. A day is *present* when it has a clock-in or a clock-out
 * (or a manual input) and is not a leave day; *absent* is a workday without either; *late* /
 * *early* count workdays whose late / early minutes exceed the shift's grace minutes, and their
 * minutes; *leave* counts days whose day type is leave (approved leave overrides).
 */
export interface ReportTotals {
  days: number;
  workdays: number;
  present: number;
  absent: number;
  late: number;
  lateMinutes: number;
  early: number;
  earlyMinutes: number;
  leave: number;
  holidays: number;
  /** Days with a failed status (2–5). */
  failed: number;
  workedMinutes: number;
  /** Worked hours, two decimals ("157.50"). */
  workedHours: string;
}

export interface ReportRow extends ReportTotals {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  department: string | null;
  companyOffice: string | null;
}

/** One day of the report chart: how many of the selected employees were present, late, absent, on leave. */
export interface DailyPresence {
  date: string;
  /** Employees with a timesheet that day. */
  employees: number;
  present: number;
  late: number;
  absent: number;
  leave: number;
}

export interface EmployeeReport {
  from: string;
  to: string;
  employee: {
    id: number;
    employeeNumber: string;
    name: string;
    department: string | null;
    companyOffice: string | null;
    jobPosition: string | null;
  };
  totals: ReportTotals;
  /** Every computed day of the period, oldest first. */
  days: TimesheetRow[];
}
