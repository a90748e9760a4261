import type { z } from 'zod';
import {
  approveCorrection,
  approveOvertime,
  approveOvertimeInput,
  attendanceAwaitingInput,
  attendanceBulkInput,
  attendanceDecideInput,
  attendanceRequestIdInput,
  bulkApproveCorrections,
  bulkApproveOvertime,
  bulkCancelCorrections,
  bulkDeleteCorrections,
  bulkDeleteOvertime,
  bulkDisapproveCorrections,
  bulkDisapproveOvertime,
  cancelMyCorrection,
  cancelMyOvertime,
  correctionDay,
  correctionDayInput,
  correctionsAwaitingMe,
  createCorrectionInput,
  createMyOvertimeInput,
  createOvertime,
  createOvertimeAnyInput,
  createOvertimeBulk,
  type createOvertimeBulkInput,
  deleteOvertime,
  type createOvertimeInput,
  disapproveCorrection,
  disapproveOvertime,
  getCorrection,
  getOvertime,
  listCorrections,
  listCorrectionsInput,
  listOvertime,
  listOvertimeInput,
  myCorrectionDay,
  myCorrectionDayInput,
  myCorrections,
  myCorrectionsInput,
  myOvertime,
  myOvertimeInput,
  overtimeAwaitingMe,
  overtimePayPreview,
  overtimePayPreviewInput,
  overtimePlan,
  overtimePlanInput,
  requestCorrection,
  requestOvertime,
  updateCorrection,
  updateCorrectionInput,
  updateOvertime,
  updateOvertimeInput,
} from '@hr/core/attendance-requests';
import { permissionProcedure, router } from '../trpc/procedures';
import { bulkDecisionProcedures, call, decisionProcedures, gate } from '../trpc/crud';
import {
  approveCorrectionOutput,
  approveOvertimeOutput,
  bulkApproveCorrectionsOutput,
  bulkApproveOvertimeOutput,
  bulkCancelCorrectionsOutput,
  bulkDeleteCorrectionsOutput,
  bulkDeleteOvertimeOutput,
  bulkDisapproveCorrectionsOutput,
  bulkDisapproveOvertimeOutput,
  cancelMyCorrectionOutput,
  cancelMyOvertimeOutput,
  correctionDayOutput,
  correctionsAwaitingMeOutput,
  createOvertimeAnyOutput,
  deleteOvertimeOutput,
  disapproveCorrectionOutput,
  disapproveOvertimeOutput,
  getCorrectionOutput,
  getOvertimeOutput,
  listCorrectionsOutput,
  listOvertimeOutput,
  myCorrectionDayOutput,
  myCorrectionsOutput,
  myOvertimeOutput,
  overtimeAwaitingMeOutput,
  overtimePayPreviewOutput,
  overtimePlanOutput,
  requestCorrectionOutput,
  requestOvertimeOutput,
  updateCorrectionOutput,
  updateOvertimeOutput,
} from '@hr/core/attendance-requests';
import { returns } from '../trpc/output';

/*
 * Attendance corrections and overtime (issue 4; spec §4 approval actions, §7 "attendance/timesheet
 * (with … correction …)", "/overtime", "personal/timesheet"). The spec names the path families
 * only: like the attendance router, lists are GET, writes POST with …/{id}/update, bulk actions
 * POST on the collection (…/approve, /disapprove, /cancel, /delete with { ids }). Own requests
 * live under /v2/h/personal/timesheet/correction and /v2/h/personal/overtime.
 */
const A = '/v2/h/attendance';
const P = '/v2/h/personal';
const C = `${A}/timesheet/correction`;
const O = `${A}/overtime`;

const view = gate('attendance.view');
const attendanceApprove = gate('attendance.approve');
const personal = gate('personal.access');
const salaryView = gate('salary.view');

const correction = router({
  list: view.list(C, 'Timesheet corrections', call(listCorrectionsInput, listCorrections, listCorrectionsOutput)),
  /** Pending corrections the caller may decide (home dashboard). */
  awaitingMe: attendanceApprove.list(
    `${C}/awaiting`,
    'Corrections awaiting you',
    call(attendanceAwaitingInput, correctionsAwaitingMe, correctionsAwaitingMeOutput),
  ),
  day: view.get(`${C}/day`, 'Timesheet of the day', call(correctionDayInput, correctionDay, correctionDayOutput)),
  get: personal.get(`${C}/{id}`, 'Timesheet correction', call(attendanceRequestIdInput, getCorrection, getCorrectionOutput)),
  update: personal.post(
    `${C}/{id}/update`,
    'Correction updated',
    call(updateCorrectionInput, updateCorrection, updateCorrectionOutput),
  ),
  ...decisionProcedures('attendance.approve', C, 'Correction', {
    approve: call(attendanceDecideInput, approveCorrection, approveCorrectionOutput),
    disapprove: call(attendanceDecideInput, disapproveCorrection, disapproveCorrectionOutput),
  }),
  ...bulkDecisionProcedures('attendance.approve', C, 'Corrections', {
    bulkApprove: call(attendanceBulkInput, bulkApproveCorrections, bulkApproveCorrectionsOutput),
    bulkDisapprove: call(attendanceBulkInput, bulkDisapproveCorrections, bulkDisapproveCorrectionsOutput),
  }),
  bulkCancel: attendanceApprove.post(
    `${C}/cancel`,
    'Corrections cancelled',
    call(attendanceBulkInput, bulkCancelCorrections, bulkCancelCorrectionsOutput),
  ),
  bulkDelete: attendanceApprove.post(
    `${C}/delete`,
    'Corrections deleted',
    call(attendanceBulkInput, bulkDeleteCorrections, bulkDeleteCorrectionsOutput),
  ),
  mine: personal.list(
    `${P}/timesheet/correction`,
    'My corrections',
    call(myCorrectionsInput, myCorrections, myCorrectionsOutput),
  ),
  myDay: personal.get(
    `${P}/timesheet/correction/day`,
    'My timesheet of the day',
    call(myCorrectionDayInput, myCorrectionDay, myCorrectionDayOutput),
  ),
  create: personal.post(
    `${P}/timesheet/correction`,
    'Correction requested',
    call(createCorrectionInput, requestCorrection, requestCorrectionOutput),
  ),
  cancel: personal.post(
    `${P}/timesheet/correction/{id}/cancel`,
    'Correction cancelled',
    call(attendanceDecideInput, cancelMyCorrection, cancelMyCorrectionOutput),
  ),
});

const overtime = router({
  list: view.list(O, 'Overtime', call(listOvertimeInput, listOvertime, listOvertimeOutput)),
  /** Pending overtime the caller may decide (home dashboard). */
  awaitingMe: attendanceApprove.list(
    `${O}/awaiting`,
    'Overtime awaiting you',
    call(attendanceAwaitingInput, overtimeAwaitingMe, overtimeAwaitingMeOutput),
  ),
  plan: personal.get(`${O}/plan`, 'Overtime day plan', call(overtimePlanInput, overtimePlan, overtimePlanOutput)),
  payPreview: salaryView.get(
    `${O}/payPreview`,
    'Overtime pay preview',
    call(overtimePayPreviewInput, overtimePayPreview, overtimePayPreviewOutput),
  ),
  create: permissionProcedure('attendance.approve')
    .meta({ rest: { method: 'POST', path: O, message: 'Overtime requested' } })
    // One employee and date, or in bulk: employeeIds and dateFrom..dateTo, all or nothing (issue 20 item 1).
    .input(createOvertimeAnyInput)
    .output(returns(createOvertimeAnyOutput))
    .mutation(({ ctx, input }) =>
      input.employeeIds === undefined
        ? createOvertime(ctx.svc, ctx.grant, input as z.input<typeof createOvertimeInput>)
        : createOvertimeBulk(ctx.svc, ctx.grant, input as z.input<typeof createOvertimeBulkInput>),
    ),
  get: personal.get(`${O}/{id}`, 'Overtime request', call(attendanceRequestIdInput, getOvertime, getOvertimeOutput)),
  update: personal.post(`${O}/{id}/update`, 'Overtime updated', call(updateOvertimeInput, updateOvertime, updateOvertimeOutput)),
  ...decisionProcedures('attendance.approve', O, 'Overtime', {
    approve: call(approveOvertimeInput, approveOvertime, approveOvertimeOutput),
    disapprove: call(attendanceDecideInput, disapproveOvertime, disapproveOvertimeOutput),
  }),
  ...bulkDecisionProcedures('attendance.approve', O, 'Overtime', {
    bulkApprove: call(attendanceBulkInput, bulkApproveOvertime, bulkApproveOvertimeOutput),
    bulkDisapprove: call(attendanceBulkInput, bulkDisapproveOvertime, bulkDisapproveOvertimeOutput),
  }),
  delete: attendanceApprove.post(
    `${O}/{id}/delete`,
    'Overtime deleted',
    call(attendanceDecideInput, deleteOvertime, deleteOvertimeOutput),
  ),
  bulkDelete: attendanceApprove.post(
    `${O}/delete`,
    'Overtime deleted',
    call(attendanceBulkInput, bulkDeleteOvertime, bulkDeleteOvertimeOutput),
  ),
  mine: personal.list(`${P}/overtime`, 'My overtime', call(myOvertimeInput, myOvertime, myOvertimeOutput)),
  request: personal.post(
    `${P}/overtime`,
    'Overtime requested',
    call(createMyOvertimeInput, requestOvertime, requestOvertimeOutput),
  ),
  cancel: personal.post(
    `${P}/overtime/{id}/cancel`,
    'Overtime cancelled',
    call(attendanceDecideInput, cancelMyOvertime, cancelMyOvertimeOutput),
  ),
});

export const attendanceRequestRouter = router({ correction, overtime });
