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
const view = () => permissionProcedure('attendance.view');
const approve = () => permissionProcedure('attendance.approve');
const personal = () => permissionProcedure('personal.access');

const correction = router({
  list: view()
    .meta({ rest: { method: 'GET', path: C, message: 'Timesheet corrections', results: true } })
    .input(listCorrectionsInput)
    .output(returns(listCorrectionsOutput))
    .query(({ ctx, input }) => listCorrections(ctx.svc, ctx.grant, input)),
  /** Pending corrections the caller may decide (home dashboard). */
  awaitingMe: approve()
    .meta({ rest: { method: 'GET', path: `${C}/awaiting`, message: 'Corrections awaiting you', results: true } })
    .input(attendanceAwaitingInput)
    .output(returns(correctionsAwaitingMeOutput))
    .query(({ ctx, input }) => correctionsAwaitingMe(ctx.svc, ctx.grant, input)),
  day: view()
    .meta({ rest: { method: 'GET', path: `${C}/day`, message: 'Timesheet of the day' } })
    .input(correctionDayInput)
    .output(returns(correctionDayOutput))
    .query(({ ctx, input }) => correctionDay(ctx.svc, ctx.grant, input)),
  get: personal()
    .meta({ rest: { method: 'GET', path: `${C}/{id}`, message: 'Timesheet correction' } })
    .input(attendanceRequestIdInput)
    .output(returns(getCorrectionOutput))
    .query(({ ctx, input }) => getCorrection(ctx.svc, ctx.grant, input)),
  update: personal()
    .meta({ rest: { method: 'POST', path: `${C}/{id}/update`, message: 'Correction updated' } })
    .input(updateCorrectionInput)
    .output(returns(updateCorrectionOutput))
    .mutation(({ ctx, input }) => updateCorrection(ctx.svc, ctx.grant, input)),
  approve: approve()
    .meta({ rest: { method: 'POST', path: `${C}/{id}/approve`, message: 'Correction approved' } })
    .input(attendanceDecideInput)
    .output(returns(approveCorrectionOutput))
    .mutation(({ ctx, input }) => approveCorrection(ctx.svc, ctx.grant, input)),
  disapprove: approve()
    .meta({ rest: { method: 'POST', path: `${C}/{id}/disapprove`, message: 'Correction disapproved' } })
    .input(attendanceDecideInput)
    .output(returns(disapproveCorrectionOutput))
    .mutation(({ ctx, input }) => disapproveCorrection(ctx.svc, ctx.grant, input)),
  bulkApprove: approve()
    .meta({ rest: { method: 'POST', path: `${C}/approve`, message: 'Corrections approved' } })
    .input(attendanceBulkInput)
    .output(returns(bulkApproveCorrectionsOutput))
    .mutation(({ ctx, input }) => bulkApproveCorrections(ctx.svc, ctx.grant, input)),
  bulkDisapprove: approve()
    .meta({ rest: { method: 'POST', path: `${C}/disapprove`, message: 'Corrections disapproved' } })
    .input(attendanceBulkInput)
    .output(returns(bulkDisapproveCorrectionsOutput))
    .mutation(({ ctx, input }) => bulkDisapproveCorrections(ctx.svc, ctx.grant, input)),
  bulkCancel: approve()
    .meta({ rest: { method: 'POST', path: `${C}/cancel`, message: 'Corrections cancelled' } })
    .input(attendanceBulkInput)
    .output(returns(bulkCancelCorrectionsOutput))
    .mutation(({ ctx, input }) => bulkCancelCorrections(ctx.svc, ctx.grant, input)),
  bulkDelete: approve()
    .meta({ rest: { method: 'POST', path: `${C}/delete`, message: 'Corrections deleted' } })
    .input(attendanceBulkInput)
    .output(returns(bulkDeleteCorrectionsOutput))
    .mutation(({ ctx, input }) => bulkDeleteCorrections(ctx.svc, ctx.grant, input)),
  mine: personal()
    .meta({ rest: { method: 'GET', path: `${P}/timesheet/correction`, message: 'My corrections', results: true } })
    .input(myCorrectionsInput)
    .output(returns(myCorrectionsOutput))
    .query(({ ctx, input }) => myCorrections(ctx.svc, ctx.grant, input)),
  myDay: personal()
    .meta({ rest: { method: 'GET', path: `${P}/timesheet/correction/day`, message: 'My timesheet of the day' } })
    .input(myCorrectionDayInput)
    .output(returns(myCorrectionDayOutput))
    .query(({ ctx, input }) => myCorrectionDay(ctx.svc, ctx.grant, input)),
  create: personal()
    .meta({ rest: { method: 'POST', path: `${P}/timesheet/correction`, message: 'Correction requested' } })
    .input(createCorrectionInput)
    .output(returns(requestCorrectionOutput))
    .mutation(({ ctx, input }) => requestCorrection(ctx.svc, ctx.grant, input)),
  cancel: personal()
    .meta({ rest: { method: 'POST', path: `${P}/timesheet/correction/{id}/cancel`, message: 'Correction cancelled' } })
    .input(attendanceDecideInput)
    .output(returns(cancelMyCorrectionOutput))
    .mutation(({ ctx, input }) => cancelMyCorrection(ctx.svc, ctx.grant, input)),
});

const overtime = router({
  list: view()
    .meta({ rest: { method: 'GET', path: O, message: 'Overtime', results: true } })
    .input(listOvertimeInput)
    .output(returns(listOvertimeOutput))
    .query(({ ctx, input }) => listOvertime(ctx.svc, ctx.grant, input)),
  /** Pending overtime the caller may decide (home dashboard). */
  awaitingMe: approve()
    .meta({ rest: { method: 'GET', path: `${O}/awaiting`, message: 'Overtime awaiting you', results: true } })
    .input(attendanceAwaitingInput)
    .output(returns(overtimeAwaitingMeOutput))
    .query(({ ctx, input }) => overtimeAwaitingMe(ctx.svc, ctx.grant, input)),
  plan: personal()
    .meta({ rest: { method: 'GET', path: `${O}/plan`, message: 'Overtime day plan' } })
    .input(overtimePlanInput)
    .output(returns(overtimePlanOutput))
    .query(({ ctx, input }) => overtimePlan(ctx.svc, ctx.grant, input)),
  payPreview: permissionProcedure('salary.view')
    .meta({ rest: { method: 'GET', path: `${O}/payPreview`, message: 'Overtime pay preview' } })
    .input(overtimePayPreviewInput)
    .output(returns(overtimePayPreviewOutput))
    .query(({ ctx, input }) => overtimePayPreview(ctx.svc, ctx.grant, input)),
  create: approve()
    .meta({ rest: { method: 'POST', path: O, message: 'Overtime requested' } })
    // One employee and date, or in bulk: employeeIds and dateFrom..dateTo, all or nothing (issue 20 item 1).
    .input(createOvertimeAnyInput)
    .output(returns(createOvertimeAnyOutput))
    .mutation(({ ctx, input }) =>
      input.employeeIds === undefined
        ? createOvertime(ctx.svc, ctx.grant, input as z.input<typeof createOvertimeInput>)
        : createOvertimeBulk(ctx.svc, ctx.grant, input as z.input<typeof createOvertimeBulkInput>),
    ),
  get: personal()
    .meta({ rest: { method: 'GET', path: `${O}/{id}`, message: 'Overtime request' } })
    .input(attendanceRequestIdInput)
    .output(returns(getOvertimeOutput))
    .query(({ ctx, input }) => getOvertime(ctx.svc, ctx.grant, input)),
  update: personal()
    .meta({ rest: { method: 'POST', path: `${O}/{id}/update`, message: 'Overtime updated' } })
    .input(updateOvertimeInput)
    .output(returns(updateOvertimeOutput))
    .mutation(({ ctx, input }) => updateOvertime(ctx.svc, ctx.grant, input)),
  approve: approve()
    .meta({ rest: { method: 'POST', path: `${O}/{id}/approve`, message: 'Overtime approved' } })
    .input(approveOvertimeInput)
    .output(returns(approveOvertimeOutput))
    .mutation(({ ctx, input }) => approveOvertime(ctx.svc, ctx.grant, input)),
  disapprove: approve()
    .meta({ rest: { method: 'POST', path: `${O}/{id}/disapprove`, message: 'Overtime disapproved' } })
    .input(attendanceDecideInput)
    .output(returns(disapproveOvertimeOutput))
    .mutation(({ ctx, input }) => disapproveOvertime(ctx.svc, ctx.grant, input)),
  bulkApprove: approve()
    .meta({ rest: { method: 'POST', path: `${O}/approve`, message: 'Overtime approved' } })
    .input(attendanceBulkInput)
    .output(returns(bulkApproveOvertimeOutput))
    .mutation(({ ctx, input }) => bulkApproveOvertime(ctx.svc, ctx.grant, input)),
  bulkDisapprove: approve()
    .meta({ rest: { method: 'POST', path: `${O}/disapprove`, message: 'Overtime disapproved' } })
    .input(attendanceBulkInput)
    .output(returns(bulkDisapproveOvertimeOutput))
    .mutation(({ ctx, input }) => bulkDisapproveOvertime(ctx.svc, ctx.grant, input)),
  delete: approve()
    .meta({ rest: { method: 'POST', path: `${O}/{id}/delete`, message: 'Overtime deleted' } })
    .input(attendanceDecideInput)
    .output(returns(deleteOvertimeOutput))
    .mutation(({ ctx, input }) => deleteOvertime(ctx.svc, ctx.grant, input)),
  bulkDelete: approve()
    .meta({ rest: { method: 'POST', path: `${O}/delete`, message: 'Overtime deleted' } })
    .input(attendanceBulkInput)
    .output(returns(bulkDeleteOvertimeOutput))
    .mutation(({ ctx, input }) => bulkDeleteOvertime(ctx.svc, ctx.grant, input)),
  mine: personal()
    .meta({ rest: { method: 'GET', path: `${P}/overtime`, message: 'My overtime', results: true } })
    .input(myOvertimeInput)
    .output(returns(myOvertimeOutput))
    .query(({ ctx, input }) => myOvertime(ctx.svc, ctx.grant, input)),
  request: personal()
    .meta({ rest: { method: 'POST', path: `${P}/overtime`, message: 'Overtime requested' } })
    .input(createMyOvertimeInput)
    .output(returns(requestOvertimeOutput))
    .mutation(({ ctx, input }) => requestOvertime(ctx.svc, ctx.grant, input)),
  cancel: personal()
    .meta({ rest: { method: 'POST', path: `${P}/overtime/{id}/cancel`, message: 'Overtime cancelled' } })
    .input(attendanceDecideInput)
    .output(returns(cancelMyOvertimeOutput))
    .mutation(({ ctx, input }) => cancelMyOvertime(ctx.svc, ctx.grant, input)),
});

export const attendanceRequestRouter = router({ correction, overtime });
