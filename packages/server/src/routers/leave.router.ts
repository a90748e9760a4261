import {
  adjustLeaveBalance,
  approvalRuleIdInput,
  approvalRuleInput,
  approveLeave,
  awaitingMeInput,
  bulkApproveLeave,
  bulkCancelLeave,
  bulkDeleteLeave,
  bulkDisapproveLeave,
  bulkLeaveInput,
  cancelLeave,
  cancelMyLeave,
  createLeave,
  createLeaveApprovalRule,
  createLeaveInput,
  createLeaveType,
  createMyLeaveInput,
  decideLeaveInput,
  deleteLeave,
  deleteLeaveApprovalRule,
  deleteLeaveType,
  disapproveLeave,
  getLeave,
  getLeaveAttachment,
  getLeaveBalance,
  getLeaveSettings,
  getMyLeave,
  getMyLeaveAttachment,
  leaveAwaitingMe,
  leaveAdjustmentInput,
  leaveBalanceInput,
  leaveIdInput,
  leaveReport,
  leaveReportInput,
  leaveSchedule,
  leaveScheduleInput,
  leaveSettingsInput,
  leaveTypeIdInput,
  leaveTypeInput,
  listLeave,
  listLeaveApprovalRules,
  listLeaveInput,
  listLeaveTypes,
  listLeaveTypesInput,
  listMyLeave,
  listMyLeaveInput,
  myLeaveBalance,
  myLeaveBalanceInput,
  previewLeave,
  previewLeaveInput,
  previewMyLeave,
  requestMyLeave,
  setBePaidInput,
  setLeaveBePaid,
  updateApprovalRuleInput,
  updateLeave,
  updateLeaveApprovalRule,
  updateLeaveInput,
  updateLeaveSettings,
  updateLeaveType,
  updateLeaveTypeInput,
  updateMyLeave,
} from '@hr/core/leave';
import { authedProcedure, router } from '../trpc/procedures';
import { bulkDecisionProcedures, call, decisionProcedures, gate, noInput, writeProcedures } from '../trpc/crud';
import {
  adjustLeaveBalanceOutput,
  approveLeaveOutput,
  bulkApproveLeaveOutput,
  bulkCancelLeaveOutput,
  bulkDeleteLeaveOutput,
  bulkDisapproveLeaveOutput,
  cancelLeaveOutput,
  cancelMyLeaveOutput,
  createLeaveApprovalRuleOutput,
  createLeaveOutput,
  createLeaveTypeOutput,
  deleteLeaveApprovalRuleOutput,
  deleteLeaveOutput,
  deleteLeaveTypeOutput,
  disapproveLeaveOutput,
  getLeaveBalanceOutput,
  getLeaveOutput,
  getLeaveSettingsOutput,
  getMyLeaveOutput,
  leaveAwaitingMeOutput,
  leaveReportOutput,
  leaveScheduleOutput,
  listLeaveApprovalRulesOutput,
  listLeaveOutput,
  listLeaveTypesOutput,
  listMyLeaveOutput,
  myLeaveBalanceOutput,
  previewLeaveOutput,
  previewMyLeaveOutput,
  requestMyLeaveOutput,
  setLeaveBePaidOutput,
  updateLeaveApprovalRuleOutput,
  updateLeaveOutput,
  updateLeaveSettingsOutput,
  updateLeaveTypeOutput,
  updateMyLeaveOutput,
} from '@hr/core/leave';
import { fileResult, returns } from '../trpc/output';

/*
 * Leave (issue 4; spec §7 attendance/leave, component/attendance/leave/type, personal/annualBalance).
 * The spec names the path families, not the methods: lists GET, creates POST, and actions POST on
 * `{id}/update`, `{id}/approve`, … like the other component paths. See docs/leave.md.
 */
const A = '/v2/h/attendance/leave';
const P = '/v2/h/personal/leave';
const T = '/v2/h/component/attendance/leave/type';
const R = '/v2/h/component/attendance/leave/approval';

const manage = gate('attendance.manage');
const view = gate('attendance.view');
const approve = gate('attendance.approve');
const personal = gate('personal.access');

export const leaveRouter = router({
  type: router({
    list: authedProcedure
      .meta({ rest: { method: 'GET', path: T, message: 'Leave types', results: true } })
      .input(listLeaveTypesInput)
      .output(returns(listLeaveTypesOutput))
      .query(({ ctx, input }) => listLeaveTypes(ctx.svc, input)),
    ...writeProcedures(
      'attendance.manage',
      { path: T, noun: 'Leave type', updated: 'saved' },
      {
        create: call(leaveTypeInput, createLeaveType, createLeaveTypeOutput),
        update: call(updateLeaveTypeInput, updateLeaveType, updateLeaveTypeOutput),
        delete: call(leaveTypeIdInput, deleteLeaveType, deleteLeaveTypeOutput),
      },
    ),
  }),
  settings: router({
    get: view.get(`${A}/setting`, 'Leave settings', noInput(getLeaveSettings, getLeaveSettingsOutput)),
    update: manage.post(
      `${A}/setting/update`,
      'Leave settings saved',
      call(leaveSettingsInput, updateLeaveSettings, updateLeaveSettingsOutput),
    ),
  }),
  list: view.list(A, 'Leave requests', call(listLeaveInput, listLeave, listLeaveOutput)),
  get: view.get(`${A}/{id}`, 'Leave request', call(leaveIdInput, getLeave, getLeaveOutput)),
  attachment: view.file(`${A}/{id}/attachment`, 'Attachment', call(leaveIdInput, getLeaveAttachment, fileResult)),
  create: approve.post(A, 'Leave request added', call(createLeaveInput, createLeave, createLeaveOutput)),
  update: approve.post(`${A}/{id}/update`, 'Leave request saved', call(updateLeaveInput, updateLeave, updateLeaveOutput)),
  preview: approve.get(`${A}/days`, 'Working days', call(previewLeaveInput, previewLeave, previewLeaveOutput)),
  ...decisionProcedures('attendance.approve', A, 'Leave', {
    approve: call(decideLeaveInput, approveLeave, approveLeaveOutput),
    disapprove: call(decideLeaveInput, disapproveLeave, disapproveLeaveOutput),
  }),
  cancel: approve.post(`${A}/{id}/cancel`, 'Leave cancelled', call(decideLeaveInput, cancelLeave, cancelLeaveOutput)),
  delete: approve.post(`${A}/{id}/delete`, 'Leave request deleted', call(leaveIdInput, deleteLeave, deleteLeaveOutput)),
  bePaid: approve.post(`${A}/{id}/bePaid`, 'Be-paid saved', call(setBePaidInput, setLeaveBePaid, setLeaveBePaidOutput)),
  ...bulkDecisionProcedures('attendance.approve', A, 'Leave requests', {
    bulkApprove: call(bulkLeaveInput, bulkApproveLeave, bulkApproveLeaveOutput),
    bulkDisapprove: call(bulkLeaveInput, bulkDisapproveLeave, bulkDisapproveLeaveOutput),
  }),
  bulkCancel: approve.post(
    `${A}/cancel`,
    'Leave requests cancelled',
    call(bulkLeaveInput, bulkCancelLeave, bulkCancelLeaveOutput),
  ),
  bulkDelete: approve.post(`${A}/delete`, 'Leave requests deleted', call(bulkLeaveInput, bulkDeleteLeave, bulkDeleteLeaveOutput)),
  balance: view.get(`${A}/balance`, 'Annual leave balance', call(leaveBalanceInput, getLeaveBalance, getLeaveBalanceOutput)),
  schedule: view.list(`${A}/schedule`, 'Leave schedule', call(leaveScheduleInput, leaveSchedule, leaveScheduleOutput)),
  report: view.get(`${A}/report`, 'Leave report', call(leaveReportInput, leaveReport, leaveReportOutput)),
  adjustBalance: manage.post(
    `${A}/balance/adjust`,
    'Leave balance adjusted',
    call(leaveAdjustmentInput, adjustLeaveBalance, adjustLeaveBalanceOutput),
  ),
  approvalRule: router({
    list: view.list(R, 'Leave approval rules', noInput(listLeaveApprovalRules, listLeaveApprovalRulesOutput)),
    ...writeProcedures(
      'attendance.manage',
      { path: R, noun: 'Approval rule', updated: 'saved' },
      {
        create: call(approvalRuleInput, createLeaveApprovalRule, createLeaveApprovalRuleOutput),
        update: call(updateApprovalRuleInput, updateLeaveApprovalRule, updateLeaveApprovalRuleOutput),
        delete: call(approvalRuleIdInput, deleteLeaveApprovalRule, deleteLeaveApprovalRuleOutput),
      },
    ),
  }),
  awaitingMe: approve.list(
    `${A}/awaiting`,
    'Leave requests awaiting me',
    call(awaitingMeInput, leaveAwaitingMe, leaveAwaitingMeOutput),
  ),
  personal: router({
    list: personal.list(P, 'My leave requests', call(listMyLeaveInput, listMyLeave, listMyLeaveOutput)),
    get: personal.get(`${P}/{id}`, 'My leave request', call(leaveIdInput, getMyLeave, getMyLeaveOutput)),
    attachment: personal.file(`${P}/{id}/attachment`, 'Attachment', call(leaveIdInput, getMyLeaveAttachment, fileResult)),
    create: personal.post(P, 'Leave requested', call(createMyLeaveInput, requestMyLeave, requestMyLeaveOutput)),
    update: personal.post(`${P}/{id}/update`, 'Leave request saved', call(updateLeaveInput, updateMyLeave, updateMyLeaveOutput)),
    cancel: personal.post(
      `${P}/{id}/cancel`,
      'Leave request cancelled',
      call(decideLeaveInput, cancelMyLeave, cancelMyLeaveOutput),
    ),
    preview: personal.get(`${P}/days`, 'Working days', call(previewLeaveInput, previewMyLeave, previewMyLeaveOutput)),
    balance: personal.get(
      '/v2/h/personal/annualBalance',
      'Annual leave balance',
      call(myLeaveBalanceInput, myLeaveBalance, myLeaveBalanceOutput),
    ),
    settings: personal.get(`${P}/setting`, 'Leave settings', noInput(getLeaveSettings, getLeaveSettingsOutput)),
  }),
});
