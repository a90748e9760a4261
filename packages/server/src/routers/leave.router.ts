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
import { authedProcedure, permissionProcedure, router } from '../trpc/procedures';
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
const view = () => permissionProcedure('attendance.view');
const approver = () => permissionProcedure('attendance.approve');
const manage = () => permissionProcedure('attendance.manage');
const personal = () => permissionProcedure('personal.access');

export const leaveRouter = router({
  type: router({
    list: authedProcedure
      .meta({ rest: { method: 'GET', path: T, message: 'Leave types', results: true } })
      .input(listLeaveTypesInput)
      .output(returns(listLeaveTypesOutput))
      .query(({ ctx, input }) => listLeaveTypes(ctx.svc, input)),
    create: manage()
      .meta({ rest: { method: 'POST', path: T, message: 'Leave type created' } })
      .input(leaveTypeInput)
      .output(returns(createLeaveTypeOutput))
      .mutation(({ ctx, input }) => createLeaveType(ctx.svc, ctx.grant, input)),
    update: manage()
      .meta({ rest: { method: 'POST', path: `${T}/{id}/update`, message: 'Leave type saved' } })
      .input(updateLeaveTypeInput)
      .output(returns(updateLeaveTypeOutput))
      .mutation(({ ctx, input }) => updateLeaveType(ctx.svc, ctx.grant, input)),
    delete: manage()
      .meta({ rest: { method: 'POST', path: `${T}/{id}/delete`, message: 'Leave type deleted' } })
      .input(leaveTypeIdInput)
      .output(returns(deleteLeaveTypeOutput))
      .mutation(({ ctx, input }) => deleteLeaveType(ctx.svc, ctx.grant, input)),
  }),
  settings: router({
    get: view()
      .meta({ rest: { method: 'GET', path: `${A}/setting`, message: 'Leave settings' } })
      .output(returns(getLeaveSettingsOutput))
      .query(({ ctx }) => getLeaveSettings(ctx.svc, ctx.grant)),
    update: manage()
      .meta({ rest: { method: 'POST', path: `${A}/setting/update`, message: 'Leave settings saved' } })
      .input(leaveSettingsInput)
      .output(returns(updateLeaveSettingsOutput))
      .mutation(({ ctx, input }) => updateLeaveSettings(ctx.svc, ctx.grant, input)),
  }),
  list: view()
    .meta({ rest: { method: 'GET', path: A, message: 'Leave requests', results: true } })
    .input(listLeaveInput)
    .output(returns(listLeaveOutput))
    .query(({ ctx, input }) => listLeave(ctx.svc, ctx.grant, input)),
  get: view()
    .meta({ rest: { method: 'GET', path: `${A}/{id}`, message: 'Leave request' } })
    .input(leaveIdInput)
    .output(returns(getLeaveOutput))
    .query(({ ctx, input }) => getLeave(ctx.svc, ctx.grant, input)),
  attachment: view()
    .meta({ rest: { method: 'GET', path: `${A}/{id}/attachment`, message: 'Attachment', download: true } })
    .input(leaveIdInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => getLeaveAttachment(ctx.svc, ctx.grant, input)),
  create: approver()
    .meta({ rest: { method: 'POST', path: A, message: 'Leave request added' } })
    .input(createLeaveInput)
    .output(returns(createLeaveOutput))
    .mutation(({ ctx, input }) => createLeave(ctx.svc, ctx.grant, input)),
  update: approver()
    .meta({ rest: { method: 'POST', path: `${A}/{id}/update`, message: 'Leave request saved' } })
    .input(updateLeaveInput)
    .output(returns(updateLeaveOutput))
    .mutation(({ ctx, input }) => updateLeave(ctx.svc, ctx.grant, input)),
  preview: approver()
    .meta({ rest: { method: 'GET', path: `${A}/days`, message: 'Working days' } })
    .input(previewLeaveInput)
    .output(returns(previewLeaveOutput))
    .query(({ ctx, input }) => previewLeave(ctx.svc, ctx.grant, input)),
  approve: approver()
    .meta({ rest: { method: 'POST', path: `${A}/{id}/approve`, message: 'Leave approved' } })
    .input(decideLeaveInput)
    .output(returns(approveLeaveOutput))
    .mutation(({ ctx, input }) => approveLeave(ctx.svc, ctx.grant, input)),
  disapprove: approver()
    .meta({ rest: { method: 'POST', path: `${A}/{id}/disapprove`, message: 'Leave disapproved' } })
    .input(decideLeaveInput)
    .output(returns(disapproveLeaveOutput))
    .mutation(({ ctx, input }) => disapproveLeave(ctx.svc, ctx.grant, input)),
  cancel: approver()
    .meta({ rest: { method: 'POST', path: `${A}/{id}/cancel`, message: 'Leave cancelled' } })
    .input(decideLeaveInput)
    .output(returns(cancelLeaveOutput))
    .mutation(({ ctx, input }) => cancelLeave(ctx.svc, ctx.grant, input)),
  delete: approver()
    .meta({ rest: { method: 'POST', path: `${A}/{id}/delete`, message: 'Leave request deleted' } })
    .input(leaveIdInput)
    .output(returns(deleteLeaveOutput))
    .mutation(({ ctx, input }) => deleteLeave(ctx.svc, ctx.grant, input)),
  bePaid: approver()
    .meta({ rest: { method: 'POST', path: `${A}/{id}/bePaid`, message: 'Be-paid saved' } })
    .input(setBePaidInput)
    .output(returns(setLeaveBePaidOutput))
    .mutation(({ ctx, input }) => setLeaveBePaid(ctx.svc, ctx.grant, input)),
  bulkApprove: approver()
    .meta({ rest: { method: 'POST', path: `${A}/approve`, message: 'Leave requests approved' } })
    .input(bulkLeaveInput)
    .output(returns(bulkApproveLeaveOutput))
    .mutation(({ ctx, input }) => bulkApproveLeave(ctx.svc, ctx.grant, input)),
  bulkDisapprove: approver()
    .meta({ rest: { method: 'POST', path: `${A}/disapprove`, message: 'Leave requests disapproved' } })
    .input(bulkLeaveInput)
    .output(returns(bulkDisapproveLeaveOutput))
    .mutation(({ ctx, input }) => bulkDisapproveLeave(ctx.svc, ctx.grant, input)),
  bulkCancel: approver()
    .meta({ rest: { method: 'POST', path: `${A}/cancel`, message: 'Leave requests cancelled' } })
    .input(bulkLeaveInput)
    .output(returns(bulkCancelLeaveOutput))
    .mutation(({ ctx, input }) => bulkCancelLeave(ctx.svc, ctx.grant, input)),
  bulkDelete: approver()
    .meta({ rest: { method: 'POST', path: `${A}/delete`, message: 'Leave requests deleted' } })
    .input(bulkLeaveInput)
    .output(returns(bulkDeleteLeaveOutput))
    .mutation(({ ctx, input }) => bulkDeleteLeave(ctx.svc, ctx.grant, input)),
  balance: view()
    .meta({ rest: { method: 'GET', path: `${A}/balance`, message: 'Annual leave balance' } })
    .input(leaveBalanceInput)
    .output(returns(getLeaveBalanceOutput))
    .query(({ ctx, input }) => getLeaveBalance(ctx.svc, ctx.grant, input)),
  schedule: view()
    .meta({ rest: { method: 'GET', path: `${A}/schedule`, message: 'Leave schedule', results: true } })
    .input(leaveScheduleInput)
    .output(returns(leaveScheduleOutput))
    .query(({ ctx, input }) => leaveSchedule(ctx.svc, ctx.grant, input)),
  report: view()
    .meta({ rest: { method: 'GET', path: `${A}/report`, message: 'Leave report' } })
    .input(leaveReportInput)
    .output(returns(leaveReportOutput))
    .query(({ ctx, input }) => leaveReport(ctx.svc, ctx.grant, input)),
  adjustBalance: manage()
    .meta({ rest: { method: 'POST', path: `${A}/balance/adjust`, message: 'Leave balance adjusted' } })
    .input(leaveAdjustmentInput)
    .output(returns(adjustLeaveBalanceOutput))
    .mutation(({ ctx, input }) => adjustLeaveBalance(ctx.svc, ctx.grant, input)),
  approvalRule: router({
    list: view()
      .meta({ rest: { method: 'GET', path: R, message: 'Leave approval rules', results: true } })
      .output(returns(listLeaveApprovalRulesOutput))
      .query(({ ctx }) => listLeaveApprovalRules(ctx.svc, ctx.grant)),
    create: manage()
      .meta({ rest: { method: 'POST', path: R, message: 'Approval rule created' } })
      .input(approvalRuleInput)
      .output(returns(createLeaveApprovalRuleOutput))
      .mutation(({ ctx, input }) => createLeaveApprovalRule(ctx.svc, ctx.grant, input)),
    update: manage()
      .meta({ rest: { method: 'POST', path: `${R}/{id}/update`, message: 'Approval rule saved' } })
      .input(updateApprovalRuleInput)
      .output(returns(updateLeaveApprovalRuleOutput))
      .mutation(({ ctx, input }) => updateLeaveApprovalRule(ctx.svc, ctx.grant, input)),
    delete: manage()
      .meta({ rest: { method: 'POST', path: `${R}/{id}/delete`, message: 'Approval rule deleted' } })
      .input(approvalRuleIdInput)
      .output(returns(deleteLeaveApprovalRuleOutput))
      .mutation(({ ctx, input }) => deleteLeaveApprovalRule(ctx.svc, ctx.grant, input)),
  }),
  awaitingMe: approver()
    .meta({ rest: { method: 'GET', path: `${A}/awaiting`, message: 'Leave requests awaiting me', results: true } })
    .input(awaitingMeInput)
    .output(returns(leaveAwaitingMeOutput))
    .query(({ ctx, input }) => leaveAwaitingMe(ctx.svc, ctx.grant, input)),
  personal: router({
    list: personal()
      .meta({ rest: { method: 'GET', path: P, message: 'My leave requests', results: true } })
      .input(listMyLeaveInput)
      .output(returns(listMyLeaveOutput))
      .query(({ ctx, input }) => listMyLeave(ctx.svc, ctx.grant, input)),
    get: personal()
      .meta({ rest: { method: 'GET', path: `${P}/{id}`, message: 'My leave request' } })
      .input(leaveIdInput)
      .output(returns(getMyLeaveOutput))
      .query(({ ctx, input }) => getMyLeave(ctx.svc, ctx.grant, input)),
    attachment: personal()
      .meta({ rest: { method: 'GET', path: `${P}/{id}/attachment`, message: 'Attachment', download: true } })
      .input(leaveIdInput)
      .output(returns(fileResult))
      .query(({ ctx, input }) => getMyLeaveAttachment(ctx.svc, ctx.grant, input)),
    create: personal()
      .meta({ rest: { method: 'POST', path: P, message: 'Leave requested' } })
      .input(createMyLeaveInput)
      .output(returns(requestMyLeaveOutput))
      .mutation(({ ctx, input }) => requestMyLeave(ctx.svc, ctx.grant, input)),
    update: personal()
      .meta({ rest: { method: 'POST', path: `${P}/{id}/update`, message: 'Leave request saved' } })
      .input(updateLeaveInput)
      .output(returns(updateMyLeaveOutput))
      .mutation(({ ctx, input }) => updateMyLeave(ctx.svc, ctx.grant, input)),
    cancel: personal()
      .meta({ rest: { method: 'POST', path: `${P}/{id}/cancel`, message: 'Leave request cancelled' } })
      .input(decideLeaveInput)
      .output(returns(cancelMyLeaveOutput))
      .mutation(({ ctx, input }) => cancelMyLeave(ctx.svc, ctx.grant, input)),
    preview: personal()
      .meta({ rest: { method: 'GET', path: `${P}/days`, message: 'Working days' } })
      .input(previewLeaveInput)
      .output(returns(previewMyLeaveOutput))
      .query(({ ctx, input }) => previewMyLeave(ctx.svc, ctx.grant, input)),
    balance: personal()
      .meta({ rest: { method: 'GET', path: '/v2/h/personal/annualBalance', message: 'Annual leave balance' } })
      .input(myLeaveBalanceInput)
      .output(returns(myLeaveBalanceOutput))
      .query(({ ctx, input }) => myLeaveBalance(ctx.svc, ctx.grant, input)),
    settings: personal()
      .meta({ rest: { method: 'GET', path: `${P}/setting`, message: 'Leave settings' } })
      .output(returns(getLeaveSettingsOutput))
      .query(({ ctx }) => getLeaveSettings(ctx.svc, ctx.grant)),
  }),
});
