/*
 * Output schemas of the leave procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { idOutput, pageOutput } from '../shared/outputs';

const leaveStatusShape = z.union([z.literal(3), z.literal(1), z.literal(2), z.literal(4)]);
const approverKindShape = z.enum(['manager', 'department_head', 'hr', 'employee']);
const leaveRowShape = z.object({
  id: z.number(),
  employeeId: z.number(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  companyOffice: z.string(),
  department: z.string().nullable(),
  leaveTypeId: z.number(),
  leaveType: z.string(),
  leaveTypeCode: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  halfDay: z.enum(['none', 'morning', 'afternoon']),
  days: z.number(),
  countsAnnual: z.boolean(),
  bePaid: z.boolean(),
  reason: z.string(),
  status: leaveStatusShape,
  statusLabel: z.string(),
  attachmentName: z.string().nullable(),
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
  decidedBy: z.string().nullable(),
  decisionNote: z.string().nullable(),
  approvalSteps: z.number(),
  approvedSteps: z.number(),
});
const leaveReportShape = z.object({
  year: z.number(),
  rows: z.array(
    z.object({ leaveTypeId: z.number(), leaveType: z.string(), month: z.number(), requests: z.number(), days: z.number() }),
  ),
  totals: z.array(z.object({ leaveTypeId: z.number(), leaveType: z.string(), requests: z.number(), days: z.number() })),
});
const leaveTypeRowShape = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  paid: z.boolean(),
  countsAnnual: z.boolean(),
  maxDays: z.number().nullable(),
  needsAttachment: z.boolean(),
  allowHalfDay: z.boolean(),
  active: z.boolean(),
  requests: z.number(),
});
const leaveSettingsShape = z.object({
  annualDays: z.number(),
  carryOverMaxDays: z.number(),
  prorateFirstYear: z.boolean(),
  updatedAt: z.date(),
});
const leaveApprovalStepShape = z.object({
  step: z.number(),
  kind: approverKindShape,
  label: z.string(),
  status: z.enum(['approved', 'disapproved', 'pending']),
  decidedBy: z.string().nullable(),
  decidedAt: z.date().nullable(),
  note: z.string().nullable(),
});
const leaveDetailShape = z.object({
  dates: z.array(z.object({ date: z.string(), fraction: z.number() })),
  can: z.object({
    edit: z.boolean(),
    approve: z.boolean(),
    disapprove: z.boolean(),
    cancel: z.boolean(),
    delete: z.boolean(),
    bePaid: z.boolean(),
  }),
  steps: z.array(leaveApprovalStepShape),
  ...leaveRowShape.shape,
});
const leavePreviewShape = z.object({ days: z.number(), dates: z.array(z.string()) });
const bulkLeaveResultShape = z.object({
  items: z.array(z.object({ id: z.number(), ok: z.boolean(), message: z.string() })),
  succeeded: z.number(),
  failed: z.number(),
});
const leaveAdjustmentShape = z.object({
  id: z.number(),
  days: z.number(),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.date(),
});
const leaveBalanceShape = z.object({
  employeeId: z.number(),
  year: z.number(),
  entitlementDate: z.string().nullable(),
  entitled: z.number(),
  carried: z.number(),
  adjustment: z.number(),
  used: z.number(),
  reserved: z.number(),
  adjustments: z.array(leaveAdjustmentShape),
  remaining: z.number(),
});
const leaveScheduleRowShape = z.object({
  employeeId: z.number(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  department: z.string().nullable(),
  days: z.array(
    z.object({
      date: z.string(),
      fraction: z.number(),
      requestId: z.number(),
      leaveTypeCode: z.string(),
      status: leaveStatusShape,
    }),
  ),
  totalDays: z.number(),
});
const leaveApprovalRuleRowShape = z.object({
  id: z.number(),
  leaveTypeId: z.number().nullable(),
  leaveType: z.string().nullable(),
  companyOfficeId: z.number().nullable(),
  companyOffice: z.string().nullable(),
  departmentId: z.number().nullable(),
  department: z.string().nullable(),
  steps: z.array(
    z.object({
      step: z.number(),
      kind: approverKindShape,
      employeeId: z.number().nullable(),
      label: z.string(),
    }),
  ),
});

export const leaveAwaitingMeOutput = z.array(leaveRowShape);
export const leaveReportOutput = leaveReportShape;
export const listLeaveTypesOutput = z.array(leaveTypeRowShape);
export const createLeaveTypeOutput = leaveTypeRowShape;
export const updateLeaveTypeOutput = leaveTypeRowShape;
export const deleteLeaveTypeOutput = idOutput;
export const getLeaveSettingsOutput = leaveSettingsShape;
export const updateLeaveSettingsOutput = leaveSettingsShape;
export const listLeaveOutput = pageOutput(leaveRowShape);
export const getLeaveOutput = leaveDetailShape;
export const createLeaveOutput = leaveDetailShape;
export const updateLeaveOutput = leaveDetailShape;
export const previewLeaveOutput = leavePreviewShape;
export const approveLeaveOutput = leaveDetailShape;
export const disapproveLeaveOutput = leaveDetailShape;
export const cancelLeaveOutput = leaveDetailShape;
export const deleteLeaveOutput = idOutput;
export const setLeaveBePaidOutput = leaveDetailShape;
export const bulkApproveLeaveOutput = bulkLeaveResultShape;
export const bulkDisapproveLeaveOutput = bulkLeaveResultShape;
export const bulkCancelLeaveOutput = bulkLeaveResultShape;
export const bulkDeleteLeaveOutput = bulkLeaveResultShape;
export const getLeaveBalanceOutput = leaveBalanceShape;
export const leaveScheduleOutput = pageOutput(leaveScheduleRowShape);
export const adjustLeaveBalanceOutput = leaveBalanceShape;
export const listLeaveApprovalRulesOutput = z.array(leaveApprovalRuleRowShape);
export const createLeaveApprovalRuleOutput = leaveApprovalRuleRowShape;
export const updateLeaveApprovalRuleOutput = leaveApprovalRuleRowShape;
export const deleteLeaveApprovalRuleOutput = idOutput;
export const listMyLeaveOutput = pageOutput(leaveRowShape);
export const getMyLeaveOutput = leaveDetailShape;
export const requestMyLeaveOutput = leaveDetailShape;
export const updateMyLeaveOutput = leaveDetailShape;
export const cancelMyLeaveOutput = leaveDetailShape;
export const previewMyLeaveOutput = leavePreviewShape;
export const myLeaveBalanceOutput = leaveBalanceShape;
