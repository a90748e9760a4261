import { z } from 'zod';
import type { TimesheetRow } from '../attendance/schema';
import { PERMIT_TYPES, REQUEST_STATUS, REQUEST_STATUS_LABELS } from '../reference/schema';
import { id, isoDate, optionalId, pageInput, requiredText, text } from '../shared/zod';

/**
 * Attendance corrections and overtime (issue 4; spec §3 "Request status" and "Permit/request
 * types", §4 "Timesheet correction: update; bulk approve, disapprove, cancel and delete" and
 * "Overtime: request, approve, disapprove and delete, each also in bulk"). Browser-safe: the web
 * forms validate with these same schemas.
 */

/** Spec §3 "Request status": Approved 1, Disapproved 2, Pending 3, Cancel 4. */
export const ATTENDANCE_REQUEST_STATUS = REQUEST_STATUS;
export type AttendanceRequestStatus = (typeof REQUEST_STATUS)[keyof typeof REQUEST_STATUS];
export const ATTENDANCE_REQUEST_STATUS_LABELS: Record<AttendanceRequestStatus, string> = REQUEST_STATUS_LABELS;
export const ATTENDANCE_REQUEST_STATUS_VALUES = [1, 2, 3, 4] as const;

/** Spec §3 permit/request types (1 Late Clock-In, 2 Leave Early, 3 Short Leave, 4 Shift Correction). */
export const CORRECTION_TYPE = { LateClockIn: 1, LeaveEarly: 2, ShortLeave: 3, ShiftCorrection: 4 } as const;
export type CorrectionType = (typeof CORRECTION_TYPE)[keyof typeof CORRECTION_TYPE];
export const CORRECTION_TYPE_VALUES = [1, 2, 3, 4] as const;
/** The labels shown (spec §3): Late Clock-In, Leave Early, Short Leave, Shift Correction. */
export const CORRECTION_TYPE_LABELS: Record<CorrectionType, string> = {
  1: PERMIT_TYPES[1].label,
  2: PERMIT_TYPES[2].label,
  3: PERMIT_TYPES[3].label,
  4: PERMIT_TYPES[4].label,
};
/** The full names (spec §3): Late Clock In Permit, Leave Early From Office Permit, … */
export const CORRECTION_TYPE_NAMES: Record<CorrectionType, string> = {
  1: PERMIT_TYPES[1].name,
  2: PERMIT_TYPES[2].name,
  3: PERMIT_TYPES[3].name,
  4: PERMIT_TYPES[4].name,
};

/** What the two time fields mean for each type (form labels; docs/attendance-requests.md). */
export const CORRECTION_TIME_LABELS: Record<CorrectionType, { start: string | null; end: string | null }> = {
  1: { start: 'Arrival time', end: null },
  2: { start: null, end: 'Leaving time' },
  3: { start: 'Away from', end: 'Back at' },
  4: { start: 'Clock-In', end: 'Clock-Out' },
};

/** Overtime day types recorded for pay (PP 35/2021 Pasal 31): workday, weekly rest day, public holiday. */
export const OVERTIME_DAY_KINDS = ['workday', 'restday', 'holiday'] as const;
export type OvertimeDayKind = (typeof OVERTIME_DAY_KINDS)[number];
export const OVERTIME_DAY_KIND_LABELS: Record<OvertimeDayKind, string> = {
  workday: 'Workday',
  restday: 'Rest day',
  holiday: 'Holiday',
};

/** Overtime is counted in quarter hours (0.25 h = 15 minutes), rounded down from clock times. */
export const OVERTIME_STEP_MINUTES = 15;

// ---------------------------------------------------------------------------------------------
// Shared field schemas

/** A wall-clock time 'hh:mm' (24-hour); '' is no time. */
const clockTime = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time hh:mm (24-hour)')
    .optional(),
);

const statusFilter = z.coerce
  .number()
  .int()
  .refine((s) => (ATTENDANCE_REQUEST_STATUS_VALUES as readonly number[]).includes(s), 'must be 1, 2, 3 or 4')
  .optional();
const typeFilter = z.coerce
  .number()
  .int()
  .refine((s) => (CORRECTION_TYPE_VALUES as readonly number[]).includes(s), 'must be 1, 2, 3 or 4')
  .optional();

const correctionType = z.coerce
  .number({ message: 'must be 1, 2, 3 or 4' })
  .int()
  .refine((s) => (CORRECTION_TYPE_VALUES as readonly number[]).includes(s), 'must be 1, 2, 3 or 4');

const periodChecks = (v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
};

/** Per-type rules of the two time fields (docs/attendance-requests.md). */
function correctionTimeChecks(
  v: { type?: number | undefined; startTime?: string | undefined; endTime?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.type === CORRECTION_TYPE.ShortLeave) {
    if (!v.startTime) ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'is required for a short leave' });
    if (!v.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'is required for a short leave' });
    if (v.startTime && v.endTime && v.endTime <= v.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'must be after the start of the short leave' });
  }
  if (v.type === CORRECTION_TYPE.ShiftCorrection && !v.startTime && !v.endTime)
    ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'give the corrected clock-in, clock-out or both' });
  if (v.type === CORRECTION_TYPE.LateClockIn && v.endTime)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'is not used by a late clock-in permit' });
  if (v.type === CORRECTION_TYPE.LeaveEarly && v.startTime)
    ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'is not used by a leave-early permit' });
}

// ---------------------------------------------------------------------------------------------
// Corrections

const correctionFields = {
  date: isoDate,
  type: correctionType,
  startTime: clockTime,
  endTime: clockTime,
  reason: requiredText(1000),
};

export const createCorrectionInput = z.object(correctionFields).superRefine(correctionTimeChecks);

/** Update while pending: the same fields (the date and type may change too). */
export const updateCorrectionInput = z.object({ id, ...correctionFields }).superRefine(correctionTimeChecks);

/** The filters the request lists share: a period, an approver's office/department/employee, a search. */
const period = { from: isoDate.optional(), to: isoDate.optional() };
const inScope = { companyOfficeId: optionalId, departmentId: optionalId, employeeId: optionalId };
const search = { search: text(100).optional() };

export const listCorrectionsInput = pageInput
  .extend({ status: statusFilter, type: typeFilter, ...period, ...inScope, ...search })
  .superRefine(periodChecks);

export const myCorrectionsInput = pageInput
  .extend({ status: statusFilter, type: typeFilter, ...period, ...search })
  .superRefine(periodChecks);

export const attendanceRequestIdInput = z.object({ id });
export const attendanceDecideInput = z.object({ id, note: text(500).optional() });
/** Bulk actions: up to 200 ids; each gets its own result. */
export const attendanceBulkInput = z.object({
  ids: z.array(id).min(1, 'choose at least one request').max(200, 'at most 200 at once'),
  note: text(500).optional(),
});
export const attendanceAwaitingInput = z.object({ limit: z.coerce.number().int().min(1).max(50).default(5) });
export const correctionDayInput = z.object({ employeeId: id, date: isoDate });
export const myCorrectionDayInput = z.object({ date: isoDate });

/**
 * The day's timesheet row as the correction screens show it: the row without whose it is or its shift id.
 * `manual`: a manual edit (status 98) decides the row; it stays over any correction.
 */
export type CorrectionDay = Omit<TimesheetRow, 'employeeId' | 'employeeNumber' | 'employeeName' | 'department' | 'shiftId'>;

/** What every correction and overtime row carries: whose request for which day, its reason and decision. */
export interface RequestRowBase {
  id: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  department: string | null;
  date: string;
  reason: string;
  status: AttendanceRequestStatus;
  statusLabel: string;
  requestedBy: string;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionNote: string | null;
  createdAt: Date;
}

/** What the caller may do with a request now (the server checks again). */
export interface RequestCan {
  update: boolean;
  approve: boolean;
  disapprove: boolean;
  cancel: boolean;
  delete: boolean;
}

export interface CorrectionRow extends RequestRowBase {
  type: CorrectionType;
  typeLabel: string;
  /** 'hh:mm' or null. */
  startTime: string | null;
  endTime: string | null;
}

export interface AttendanceRequestHistoryRow {
  action: 'requested' | 'updated' | 'approved' | 'disapproved' | 'cancelled' | 'deleted';
  fromStatus: number | null;
  toStatus: number | null;
  note: string | null;
  actor: string;
  at: Date;
}

export interface CorrectionDetail extends CorrectionRow {
  history: AttendanceRequestHistoryRow[];
  /** The day's timesheet row now (null when the day has not been computed). */
  day: CorrectionDay | null;
  /** What the caller may do now (the server checks again). */
  can: RequestCan;
}

/** One item of a bulk action. */
export interface AttendanceBulkItem {
  id: number;
  ok: boolean;
  /** The new status label, or the refusal. */
  message: string;
}
export interface AttendanceBulkResult {
  done: number;
  failed: number;
  items: AttendanceBulkItem[];
}

// ---------------------------------------------------------------------------------------------
// Overtime

const hoursField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ message: 'must be a number' })
    .refine((n) => Number.isFinite(n) && n > 0, 'must be more than 0')
    .refine((n) => n <= 24, 'must be at most 24')
    .refine((n) => Number.isInteger(n * 4), 'must be in quarter hours (0.25, 0.5, 0.75, …)')
    .optional(),
);

function overtimeChecks(
  v: { startTime?: string | undefined; endTime?: string | undefined; hours?: number | undefined },
  ctx: z.RefinementCtx,
) {
  const times = v.startTime !== undefined || v.endTime !== undefined;
  if (times) {
    if (!v.startTime) ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'is required with an end time' });
    if (!v.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'is required with a start time' });
    if (v.startTime && v.endTime && v.startTime === v.endTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'must differ from the start time' });
    if (v.startTime && v.endTime && overtimeMinutesOf(v.startTime, v.endTime) < OVERTIME_STEP_MINUTES)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'must be at least 15 minutes after the start time' });
    if (v.hours !== undefined)
      ctx.addIssue({ code: 'custom', path: ['hours'], message: 'give either start and end times or hours, not both' });
  } else if (v.hours === undefined) {
    ctx.addIssue({ code: 'custom', path: ['hours'], message: 'give the hours, or start and end times' });
  }
}

/**
 * Minutes between two clock times, counted in whole quarter hours (rounded down); an end at or
 * before the start is the next day (overtime past midnight).
 */
export function overtimeMinutesOf(start: string, end: string): number {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  let d = m(end) - m(start);
  if (d <= 0) d += 24 * 60;
  return Math.floor(d / OVERTIME_STEP_MINUTES) * OVERTIME_STEP_MINUTES;
}

/** Minutes as decimal hours: 90 → "1.5", 135 → "2.25" (quarter hours are exact). */
export const hoursOf = (minutes: number): string => String(minutes / 60);

const overtimeFields = {
  date: isoDate,
  startTime: clockTime,
  endTime: clockTime,
  hours: hoursField,
  reason: requiredText(1000),
};

/** The employee's own request (spec /personal/overtime/add). */
export const createMyOvertimeInput = z.object(overtimeFields).superRefine(overtimeChecks);
/** HR or a manager orders overtime for an employee in scope (spec /attendance/overtime/add). */
export const createOvertimeInput = z.object({ employeeId: id, ...overtimeFields }).superRefine(overtimeChecks);
/** Most employee-days one bulk request files (every one is checked and inserted in one transaction). */
export const OVERTIME_BULK_MAX_REQUESTS = 1000;
/**
 * HR files the same overtime for many employees on every date of a range (spec §4 "each also in bulk",
 * issue 20 item 1): all or nothing. At most 31 days and 1,000 employee-days.
 */
export const createOvertimeBulkInput = z
  .object({
    employeeIds: z.array(id).min(1, 'name at least one employee').max(500, 'at most 500 employees at once'),
    dateFrom: isoDate,
    dateTo: isoDate,
    startTime: clockTime,
    endTime: clockTime,
    hours: hoursField,
    reason: requiredText(1000),
  })
  .superRefine((v, ctx) => {
    overtimeChecks(v, ctx);
    if (new Set(v.employeeIds).size !== v.employeeIds.length)
      ctx.addIssue({ code: 'custom', path: ['employeeIds'], message: 'names an employee twice' });
    if (v.dateTo < v.dateFrom) {
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'must not be before dateFrom' });
      return;
    }
    const days = (Date.parse(v.dateTo) - Date.parse(v.dateFrom)) / 86_400_000 + 1;
    if (days > 31) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'at most 31 days in one request' });
    else if (days * v.employeeIds.length > OVERTIME_BULK_MAX_REQUESTS)
      ctx.addIssue({
        code: 'custom',
        path: ['employeeIds'],
        message: `at most ${OVERTIME_BULK_MAX_REQUESTS} employee-days in one request (${days} days × ${v.employeeIds.length} employees)`,
      });
  });
/**
 * `POST attendance/overtime` takes either one employee and date or the bulk form (`employeeIds` and a
 * date range): the form is told apart by `employeeIds`, and each is checked by its own schema.
 */
export const createOvertimeAnyInput = z
  .object({
    employeeId: id.optional(),
    employeeIds: z.array(id).optional(),
    date: isoDate.optional(),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
    startTime: clockTime,
    endTime: clockTime,
    hours: hoursField,
    reason: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    const schema = v.employeeIds === undefined ? createOvertimeInput : createOvertimeBulkInput;
    const r = schema.safeParse(v);
    if (!r.success)
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export const updateOvertimeInput = z.object({ id, ...overtimeFields }).superRefine(overtimeChecks);
/** Approve with the hours to pay (default: the planned hours; at most the planned hours). */
export const approveOvertimeInput = z.object({ id, hours: hoursField, note: text(500).optional() });

export const listOvertimeInput = pageInput
  .extend({ status: statusFilter, dayType: z.enum(OVERTIME_DAY_KINDS).optional(), ...period, ...inScope, ...search })
  .superRefine(periodChecks);
export const myOvertimeInput = pageInput.extend({ status: statusFilter, ...period, ...search }).superRefine(periodChecks);

/** What a day looks like for overtime: its day type and the hours already used (form hints). */
export const overtimePlanInput = z.object({ employeeId: id, date: isoDate });
export interface OvertimePlan {
  employeeId: number;
  date: string;
  dayType: OvertimeDayKind;
  dayTypeLabel: string;
  /** The holiday's name, or null. */
  holiday: string | null;
  /** The shift of the day "name (start - end)", or null on a rest day. */
  shift: string | null;
  /** Workday overtime (pending and approved) of the ISO week, hours. */
  weekHours: string;
  limits: { maxHoursPerDay: number; maxHoursPerWeek: number; source: string };
}

/** Pay preview (payroll engine, read-only): the employee's wage and the day's hours. */
export const overtimePayPreviewInput = z.object({
  employeeId: id,
  dayType: z.enum(OVERTIME_DAY_KINDS),
  /** Decides whether a holiday in a 6-day week is the shortest workday (Saturday). */
  date: isoDate,
  hours: z.coerce
    .number({ message: 'must be a number' })
    .refine((n) => Number.isFinite(n) && n > 0, 'must be more than 0')
    .refine((n) => n <= 24, 'must be at most 24')
    .refine((n) => Number.isInteger(n * 4), 'must be in quarter hours (0.25, 0.5, 0.75, …)'),
});
export interface OvertimePayPreview {
  employeeId: number;
  /**
   * The monthly wage overtime is based on, whole rupiah, as the payslip of the date's month computes it (payroll
   * overtimeWageBase: basic or daily rate × 21/25, plus fixed allowances; PP 35/2021 Pasal 32).
   */
  monthlyWage: string;
  workWeek: 5 | 6;
  /** The payroll multiplier table used: workday, restday or holiday-shortest-workday. */
  payrollDayType: 'workday' | 'restday' | 'holiday-shortest-workday';
  hours: string;
  /** monthlyWage / 173, to 6 decimals. */
  hourlyWage: string;
  lines: { hour: number; multiplier: string; pay: string }[];
  /** Rupiah, rounded half up once (payroll engine). */
  pay: string;
  source: string;
}

export interface OvertimeRow extends RequestRowBase {
  startTime: string | null;
  endTime: string | null;
  /** Planned hours, decimal ("2.5"). */
  hours: string;
  /** Approved (payable) hours, or null until approved. */
  approvedHours: string | null;
  /** Hours the punches showed when it was decided, or null. */
  actualHours: string | null;
  dayType: OvertimeDayKind;
  dayTypeLabel: string;
}

export interface OvertimeDetail extends OvertimeRow {
  history: AttendanceRequestHistoryRow[];
  /**
   * Hours worked inside the planned window per the day's timesheet (clock-in to clock-out), in
   * quarter hours; null when it cannot be checked (a future day, no punches, no times given on a workday).
   */
  actualHoursNow: string | null;
  can: RequestCan;
}

/** Pending items the caller may decide (home dashboard). */
export interface AttendanceAwaiting<T> {
  rows: T[];
  total: number;
}
