import { z } from 'zod';
import type { FileDownload } from '../shared/outputs';
import { REQUEST_STATUS, REQUEST_STATUS_LABELS } from '../reference/schema';
import { id, isoDate, isoMonth, optionalId, pageInput, requiredText, text } from '../shared/zod';

/**
 * Leave (issue 4; spec §2 /attendance/leave*, /misc/leavetype, /personal/leave*; §3 "leave (with
 * balance and a be-paid flag)", "the annual-leave entitlement date"; §4 approve, disapprove and
 * delete, each also in bulk, update, a be-paid update; §7 attendance/leave,
 * component/attendance/leave/type, personal/annualBalance). Browser-safe: the web forms validate
 * with these same schemas.
 *
 * Days are working days in halves (0.5 steps), carried as JS numbers (never money).
 */

/** Spec §3 "Request status": Approved 1, Disapproved 2, Pending 3, Cancel 4. */
export const LEAVE_STATUS = REQUEST_STATUS;
export type LeaveStatus = (typeof LEAVE_STATUS)[keyof typeof LEAVE_STATUS];
export const LEAVE_STATUS_LABELS: Record<LeaveStatus, string> = REQUEST_STATUS_LABELS;

/** A one-day request may cover half of it. */
export const HALF_DAYS = ['none', 'morning', 'afternoon'] as const;
export type HalfDay = (typeof HALF_DAYS)[number];
export const HALF_DAY_LABELS: Record<HalfDay, string> = { none: 'Full day', morning: 'Morning', afternoon: 'Afternoon' };

/** Attachments (a doctor's note, an invitation): pdf/jpg/png, at most 700 KB (the API takes at most 1 MB per request). */
export const LEAVE_ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const LEAVE_ATTACHMENT_MAX_BYTES = 700 * 1024;

const halfStep = (max: number) =>
  z.coerce
    .number()
    .min(0, 'must not be negative')
    .max(max, `must be at most ${max}`)
    .refine((v) => Number.isInteger(v * 2), 'must be whole or half days');

const bool = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean(),
);

// ---------------------------------------------------------------------------------------------
// Settings

export const leaveSettingsInput = z.object({
  /** Annual leave days per year (UU 13/2003 art. 79: at least 12 working days). */
  annualDays: halfStep(60),
  /** Unused days that move to the next year (0 = none). */
  carryOverMaxDays: halfStep(60),
  /** In the year the entitlement starts: pro rata by remaining months instead of the full days. */
  prorateFirstYear: bool,
});

export interface LeaveSettings {
  annualDays: number;
  carryOverMaxDays: number;
  prorateFirstYear: boolean;
  updatedAt: Date;
}

// ---------------------------------------------------------------------------------------------
// Leave types (spec §3 lookup `leaveTypes`; /misc/leavetype)

export const leaveTypeInput = z.object({
  code: requiredText(20).regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _'),
  name: requiredText(100),
  paid: bool,
  countsAnnual: bool,
  maxDays: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    halfStep(366)
      .refine((v) => v > 0, 'must be more than 0')
      .optional(),
  ),
  needsAttachment: bool,
  allowHalfDay: bool,
  active: bool.default(true),
});
export const updateLeaveTypeInput = leaveTypeInput.extend({ id });
export const leaveTypeIdInput = z.object({ id });
export const listLeaveTypesInput = z
  .object({ activeOnly: z.preprocess((v) => (v === '' ? undefined : v), bool.optional()) })
  .optional();

export interface LeaveTypeRow {
  id: number;
  code: string;
  name: string;
  paid: boolean;
  countsAnnual: boolean;
  maxDays: number | null;
  needsAttachment: boolean;
  allowHalfDay: boolean;
  active: boolean;
  /** Requests of this type (a used type can be deactivated, not deleted). */
  requests: number;
}

// ---------------------------------------------------------------------------------------------
// Requests

export const leaveAttachmentInput = z.object({
  name: requiredText(150),
  mime: z.enum(LEAVE_ATTACHMENT_TYPES, { message: 'must be a PDF, JPG or PNG file' }),
  contentBase64: z
    .string()
    .max(Math.ceil(LEAVE_ATTACHMENT_MAX_BYTES / 3) * 4 + 4, 'must be at most 700 KB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});

const requestFields = {
  leaveTypeId: id,
  startDate: isoDate,
  endDate: isoDate,
  halfDay: z.enum(HALF_DAYS).default('none'),
  reason: requiredText(500),
  attachment: leaveAttachmentInput.optional(),
};

function checkDates(v: { startDate: string; endDate: string; halfDay?: HalfDay | undefined }, ctx: z.RefinementCtx) {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before the start date' });
  else if (v.endDate.slice(0, 4) !== v.startDate.slice(0, 4))
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be in the same year as the start date' });
  if (v.halfDay && v.halfDay !== 'none' && v.startDate !== v.endDate)
    ctx.addIssue({ code: 'custom', path: ['halfDay'], message: 'is only for a one-day leave' });
}

/** The employee's own request (/personal/leave/add). */
export const createMyLeaveInput = z.object(requestFields).superRefine(checkDates);
/** HR or a manager adds a request for someone (/attendance/leave/add). */
export const createLeaveInput = z.object({ employeeId: id, ...requestFields }).superRefine(checkDates);
/** Edit a pending request. */
export const updateLeaveInput = z.object({ id, ...requestFields }).superRefine(checkDates);

export const leaveIdInput = z.object({ id });
export const decideLeaveInput = z.object({ id, note: text(500).optional() });
export const bulkLeaveInput = z.object({
  ids: z.array(id).min(1, 'choose at least one request').max(200, 'at most 200 at once'),
  note: text(500).optional(),
});
export const setBePaidInput = z.object({ id, bePaid: bool });

export const listLeaveInput = pageInput
  .extend({
    status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(4).optional()),
    leaveTypeId: optionalId,
    companyOfficeId: optionalId,
    departmentId: optionalId,
    employeeId: optionalId,
    from: isoDate.optional(),
    to: isoDate.optional(),
    search: text(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  });

export const listMyLeaveInput = pageInput.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(4).optional()),
  year: z.coerce.number().int().min(1900).max(2100).optional(),
});

export const previewLeaveInput = z
  .object({
    employeeId: optionalId,
    startDate: isoDate,
    endDate: isoDate,
    halfDay: z.enum(HALF_DAYS).default('none'),
  })
  .superRefine(checkDates);

export interface LeavePreview {
  /** Working days the request would cover (roster/shift, holidays excluded). */
  days: number;
  dates: string[];
}

export interface LeaveRow {
  id: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  companyOffice: string;
  department: string | null;
  leaveTypeId: number;
  leaveType: string;
  leaveTypeCode: string;
  startDate: string;
  endDate: string;
  halfDay: HalfDay;
  days: number;
  countsAnnual: boolean;
  bePaid: boolean;
  reason: string;
  status: LeaveStatus;
  statusLabel: string;
  attachmentName: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  decisionNote: string | null;
  /** Steps of the approval rule copied to the request (0: one decision by any approver in scope). */
  approvalSteps: number;
  /** Steps approved so far (the request is Approved when all are). */
  approvedSteps: number;
}

export interface LeaveDetail extends LeaveRow {
  /** The working days covered, with 0.5 for a half day. */
  dates: { date: string; fraction: number }[];
  /** What the caller may do now (the server checks again). */
  can: { edit: boolean; approve: boolean; disapprove: boolean; cancel: boolean; delete: boolean; bePaid: boolean };
  /** The approval steps (empty without a rule), with who approved each and when. */
  steps: LeaveApprovalStep[];
}

export interface LeaveApprovalStep {
  step: number;
  kind: ApproverKind;
  /** "Manager", "Department head", "HR" or the named employee. */
  label: string;
  status: 'pending' | 'approved' | 'disapproved';
  decidedBy: string | null;
  decidedAt: Date | null;
  note: string | null;
}

export interface BulkLeaveResult {
  /** One entry per id, in the order given. */
  items: { id: number; ok: boolean; message: string }[];
  succeeded: number;
  failed: number;
}

// ---------------------------------------------------------------------------------------------
// Balance (spec §7 personal/annualBalance)

export const leaveBalanceInput = z.object({
  employeeId: id,
  year: z.coerce.number().int().min(1900).max(2100).optional(),
});
export const myLeaveBalanceInput = z.object({ year: z.coerce.number().int().min(1900).max(2100).optional() }).optional();

export interface LeaveBalance {
  employeeId: number;
  year: number;
  /** From this date annual leave may be taken (employee record, or 12 months after joining). */
  entitlementDate: string | null;
  entitled: number;
  carried: number;
  adjustment: number;
  used: number;
  /** Days of pending requests. */
  reserved: number;
  /** HR's manual adjustments of the year (the ledger behind `adjustment`), oldest first. */
  adjustments: LeaveAdjustment[];
  /** entitled + carried + adjustment − used − reserved; never negative. */
  remaining: number;
}

// ---------------------------------------------------------------------------------------------
// Schedule, report, dashboard

export const leaveScheduleInput = pageInput.extend({
  month: isoMonth,
  companyOfficeId: optionalId,
  departmentId: optionalId,
  search: text(100).optional(),
  /** Also show pending requests (marked). */
  includePending: z.preprocess((v) => (v === '' ? undefined : v), bool.optional()),
});

export interface LeaveScheduleRow {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  department: string | null;
  /** One entry per working day on leave in the month. */
  days: { date: string; fraction: number; requestId: number; leaveTypeCode: string; status: LeaveStatus }[];
  totalDays: number;
}

export const leaveReportInput = z.object({
  year: z.coerce.number().int().min(1900).max(2100),
  companyOfficeId: optionalId,
  departmentId: optionalId,
});

export interface LeaveReport {
  year: number;
  /** Approved leave per type and month (1–12): requests touching the month and working days in it. */
  rows: { leaveTypeId: number; leaveType: string; month: number; requests: number; days: number }[];
  totals: { leaveTypeId: number; leaveType: string; requests: number; days: number }[];
}

export const awaitingMeInput = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }).optional();

export type LeaveAttachment = FileDownload;

// ---------------------------------------------------------------------------------------------
// Approval rules (spec §7 component/attendance/leave/approval): who approves whom, in sequence

/** Kinds of approver of a step. */
export const APPROVER_KINDS = ['manager', 'department_head', 'hr', 'employee'] as const;
export type ApproverKind = (typeof APPROVER_KINDS)[number];
export const APPROVER_KIND_LABELS: Record<ApproverKind, string> = {
  manager: 'Manager',
  department_head: 'Department head',
  hr: 'HR',
  employee: 'Specific employee',
};
export const MAX_APPROVAL_STEPS = 5;

const ruleStep = z
  .object({
    kind: z.enum(APPROVER_KINDS, { message: 'must be manager, department_head, hr or employee' }),
    employeeId: optionalId,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'employee' && !v.employeeId)
      ctx.addIssue({ code: 'custom', path: ['employeeId'], message: 'choose the approving employee' });
  });

const ruleFields = {
  /** Empty: every leave type without a rule of its own. */
  leaveTypeId: optionalId,
  companyOfficeId: optionalId,
  departmentId: optionalId,
  steps: z.array(ruleStep).min(1, 'add at least one step').max(MAX_APPROVAL_STEPS, `at most ${MAX_APPROVAL_STEPS} steps`),
};

function distinctSteps(v: { steps: { kind: ApproverKind; employeeId?: number | undefined }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  v.steps.forEach((s, i) => {
    const key = s.kind === 'employee' ? `employee:${s.employeeId}` : s.kind;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'kind'], message: 'is already a step of this rule' });
    seen.add(key);
  });
}

export const approvalRuleInput = z.object(ruleFields).superRefine(distinctSteps);
export const updateApprovalRuleInput = z.object({ id, ...ruleFields }).superRefine(distinctSteps);
export const approvalRuleIdInput = z.object({ id });

export interface LeaveApprovalRuleRow {
  id: number;
  leaveTypeId: number | null;
  leaveType: string | null;
  companyOfficeId: number | null;
  companyOffice: string | null;
  departmentId: number | null;
  department: string | null;
  steps: { step: number; kind: ApproverKind; employeeId: number | null; label: string }[];
}

// ---------------------------------------------------------------------------------------------
// Manual balance adjustments

export const leaveAdjustmentInput = z.object({
  employeeId: id,
  year: z.coerce.number().int().min(1900).max(2100),
  /** Signed whole or half days: +2 adds two days, -0.5 takes half a day. */
  days: z.coerce
    .number()
    .min(-60, 'must be at least -60')
    .max(60, 'must be at most 60')
    .refine((v) => v !== 0, 'must not be 0')
    .refine((v) => Number.isInteger(v * 2), 'must be whole or half days'),
  reason: requiredText(500),
});

export interface LeaveAdjustment {
  id: number;
  days: number;
  reason: string;
  createdBy: string;
  createdAt: Date;
}
