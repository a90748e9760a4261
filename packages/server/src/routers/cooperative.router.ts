import {
  addWithdrawalFileInput,
  addCooperativeMembers,
  addCooperativeMembersInput,
  addWithdrawalFile,
  approveWithdrawal,
  cancelDeleteWithdrawalFile,
  cancelWithdrawal,
  createWithdrawalInput,
  decideWithdrawalInput,
  deleteWithdrawalFile,
  cooperativeDepositInput,
  disapproveWithdrawal,
  downloadCooperativeStatement,
  downloadWithdrawalFile,
  withdrawalFileIdInput,
  getCooperativeSettings,
  getCooperativeBalance,
  getCooperativeHistory,
  getWithdrawal,
  cooperativeHistoryInput,
  listCooperativeMembers,
  listCooperativeMembersInput,
  listWithdrawals,
  listWithdrawalsInput,
  cooperativeMemberIdInput,
  cooperativeStatementInput,
  myCooperative,
  recordCooperativeDeposit,
  requestWithdrawal,
  setCooperativeMemberStatus,
  setCooperativeMemberStatusInput,
  cooperativeSettingsInput,
  updateCooperativeSettings,
  withdrawalIdInput,
  WITHDRAWAL_MAX_FILE_BYTES,
  WITHDRAWAL_MAX_FILES,
} from '@hr/core/cooperative';
import { uploadBodyLimit } from '../trpc/init';
import { permissionProcedure, router } from '../trpc/procedures';
import {
  addCooperativeMembersOutput,
  addWithdrawalFileOutput,
  approveWithdrawalOutput,
  cancelDeleteWithdrawalFileOutput,
  cancelWithdrawalOutput,
  deleteWithdrawalFileOutput,
  disapproveWithdrawalOutput,
  getCooperativeBalanceOutput,
  getCooperativeHistoryOutput,
  getCooperativeSettingsOutput,
  getWithdrawalOutput,
  listCooperativeMembersOutput,
  listWithdrawalsOutput,
  myCooperativeOutput,
  recordCooperativeDepositOutput,
  requestWithdrawalOutput,
  setCooperativeMemberStatusOutput,
  updateCooperativeSettingsOutput,
} from '@hr/core/cooperative';
import { fileResult, returns } from '../trpc/output';

/*
 * Cooperative (koperasi, issue 8; spec §7 "cooperative/withdrawal, /balance, /manage"). The spec
 * names the path families but not the methods: lists are GET, creates POST, updates PUT, actions
 * POST, a file delete DELETE. Files travel as base64 in JSON (the API takes JSON bodies only, at
 * most 1 MB per request; see docs/cooperative.md).
 */
const C = '/v2/h/cooperative';
const view = () => permissionProcedure('cooperative.view');
const manage = () => permissionProcedure('cooperative.manage');

export const cooperativeRouter = router({
  settings: router({
    get: view()
      .meta({ rest: { method: 'GET', path: `${C}/manage/setting`, message: 'Cooperative settings' } })
      .output(returns(getCooperativeSettingsOutput))
      .query(({ ctx }) => getCooperativeSettings(ctx.svc, ctx.grant)),
    update: manage()
      .meta({ rest: { method: 'PUT', path: `${C}/manage/setting`, message: 'Cooperative settings saved' } })
      .input(cooperativeSettingsInput)
      .output(returns(updateCooperativeSettingsOutput))
      .mutation(({ ctx, input }) => updateCooperativeSettings(ctx.svc, ctx.grant, input)),
  }),
  member: router({
    list: manage()
      .meta({ rest: { method: 'GET', path: `${C}/manage`, message: 'Cooperative members', results: true } })
      .input(listCooperativeMembersInput)
      .output(returns(listCooperativeMembersOutput))
      .query(({ ctx, input }) => listCooperativeMembers(ctx.svc, ctx.grant, input)),
    add: manage()
      .meta({ rest: { method: 'POST', path: `${C}/manage`, message: 'Members added' } })
      .input(addCooperativeMembersInput)
      .output(returns(addCooperativeMembersOutput))
      .mutation(({ ctx, input }) => addCooperativeMembers(ctx.svc, ctx.grant, input)),
    setStatus: manage()
      .meta({ rest: { method: 'PUT', path: `${C}/manage/{id}/status`, message: 'Member status saved' } })
      .input(setCooperativeMemberStatusInput)
      .output(returns(setCooperativeMemberStatusOutput))
      .mutation(({ ctx, input }) => setCooperativeMemberStatus(ctx.svc, ctx.grant, input)),
  }),
  balance: router({
    mine: view()
      .meta({ rest: { method: 'GET', path: `${C}/balance`, message: 'My cooperative balance' } })
      .output(returns(myCooperativeOutput))
      .query(({ ctx }) => myCooperative(ctx.svc, ctx.grant)),
    get: view()
      .meta({ rest: { method: 'GET', path: `${C}/balance/{id}`, message: 'Cooperative balance' } })
      .input(cooperativeMemberIdInput)
      .output(returns(getCooperativeBalanceOutput))
      .query(({ ctx, input }) => getCooperativeBalance(ctx.svc, ctx.grant, input)),
    history: view()
      .meta({ rest: { method: 'GET', path: `${C}/balance/{id}/history`, message: 'Cooperative history', results: true } })
      .input(cooperativeHistoryInput)
      .output(returns(getCooperativeHistoryOutput))
      .query(({ ctx, input }) => getCooperativeHistory(ctx.svc, ctx.grant, input)),
    statement: view()
      .meta({ rest: { method: 'GET', path: `${C}/balance/{id}/statement`, message: 'Member statement', download: true } })
      .input(cooperativeStatementInput)
      .output(returns(fileResult))
      .query(({ ctx, input }) => downloadCooperativeStatement(ctx.svc, ctx.grant, input)),
    deposit: manage()
      .meta({ rest: { method: 'POST', path: `${C}/balance/{id}/deposit`, message: 'Deposit recorded' } })
      .input(cooperativeDepositInput)
      .output(returns(recordCooperativeDepositOutput))
      .mutation(({ ctx, input }) => recordCooperativeDeposit(ctx.svc, ctx.grant, input)),
  }),
  withdrawal: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${C}/withdrawal`, message: 'Withdrawals', results: true } })
      .input(listWithdrawalsInput)
      .output(returns(listWithdrawalsOutput))
      .query(({ ctx, input }) => listWithdrawals(ctx.svc, ctx.grant, input)),
    create: view()
      .meta({
        rest: { method: 'POST', path: `${C}/withdrawal`, message: 'Withdrawal requested' },
        bodyLimit: uploadBodyLimit(WITHDRAWAL_MAX_FILE_BYTES, WITHDRAWAL_MAX_FILES),
      })
      .input(createWithdrawalInput)
      .output(returns(requestWithdrawalOutput))
      .mutation(({ ctx, input }) => requestWithdrawal(ctx.svc, ctx.grant, input)),
    get: view()
      .meta({ rest: { method: 'GET', path: `${C}/withdrawal/{id}`, message: 'Withdrawal' } })
      .input(withdrawalIdInput)
      .output(returns(getWithdrawalOutput))
      .query(({ ctx, input }) => getWithdrawal(ctx.svc, ctx.grant, input)),
    approve: manage()
      .meta({ rest: { method: 'POST', path: `${C}/withdrawal/{id}/approve`, message: 'Withdrawal approved' } })
      .input(decideWithdrawalInput)
      .output(returns(approveWithdrawalOutput))
      .mutation(({ ctx, input }) => approveWithdrawal(ctx.svc, ctx.grant, input)),
    disapprove: manage()
      .meta({ rest: { method: 'POST', path: `${C}/withdrawal/{id}/disapprove`, message: 'Withdrawal disapproved' } })
      .input(decideWithdrawalInput)
      .output(returns(disapproveWithdrawalOutput))
      .mutation(({ ctx, input }) => disapproveWithdrawal(ctx.svc, ctx.grant, input)),
    cancel: view()
      .meta({ rest: { method: 'POST', path: `${C}/withdrawal/{id}/cancel`, message: 'Withdrawal cancelled' } })
      .input(decideWithdrawalInput)
      .output(returns(cancelWithdrawalOutput))
      .mutation(({ ctx, input }) => cancelWithdrawal(ctx.svc, ctx.grant, input)),
    addFile: view()
      .meta({
        rest: { method: 'POST', path: `${C}/withdrawal/{id}/file`, message: 'File uploaded' },
        bodyLimit: uploadBodyLimit(WITHDRAWAL_MAX_FILE_BYTES),
      })
      .input(addWithdrawalFileInput)
      .output(returns(addWithdrawalFileOutput))
      .mutation(({ ctx, input }) => addWithdrawalFile(ctx.svc, ctx.grant, input)),
    downloadFile: view()
      .meta({ rest: { method: 'GET', path: `${C}/withdrawal/{id}/file/{fileId}`, message: 'File', download: true } })
      .input(withdrawalFileIdInput)
      .output(returns(fileResult))
      .query(({ ctx, input }) => downloadWithdrawalFile(ctx.svc, ctx.grant, input)),
    deleteFile: view()
      .meta({ rest: { method: 'DELETE', path: `${C}/withdrawal/{id}/file/{fileId}`, message: 'File deleted' } })
      .input(withdrawalFileIdInput)
      .output(returns(deleteWithdrawalFileOutput))
      .mutation(({ ctx, input }) => deleteWithdrawalFile(ctx.svc, ctx.grant, input)),
    cancelDeleteFile: view()
      .meta({
        rest: { method: 'POST', path: `${C}/withdrawal/{id}/file/{fileId}/cancelDelete`, message: 'File delete cancelled' },
      })
      .input(withdrawalFileIdInput)
      .output(returns(cancelDeleteWithdrawalFileOutput))
      .mutation(({ ctx, input }) => cancelDeleteWithdrawalFile(ctx.svc, ctx.grant, input)),
  }),
});
