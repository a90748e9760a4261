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
import { router } from '../trpc/procedures';
import { call, decisionProcedures, gate, noInput } from '../trpc/crud';
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
import { fileResult } from '../trpc/output';

/*
 * Cooperative (koperasi, issue 8; spec §7 "cooperative/withdrawal, /balance, /manage"). The spec
 * names the path families but not the methods: lists are GET, creates POST, updates PUT, actions
 * POST, a file delete DELETE. Files travel as base64 in JSON (the API takes JSON bodies only, at
 * most 1 MB per request; see docs/cooperative.md).
 */
const C = '/v2/h/cooperative';

const manage = gate('cooperative.manage');
const view = gate('cooperative.view');

export const cooperativeRouter = router({
  settings: router({
    get: view.get(`${C}/manage/setting`, 'Cooperative settings', noInput(getCooperativeSettings, getCooperativeSettingsOutput)),
    update: manage.put(
      `${C}/manage/setting`,
      'Cooperative settings saved',
      call(cooperativeSettingsInput, updateCooperativeSettings, updateCooperativeSettingsOutput),
    ),
  }),
  member: router({
    list: manage.list(
      `${C}/manage`,
      'Cooperative members',
      call(listCooperativeMembersInput, listCooperativeMembers, listCooperativeMembersOutput),
    ),
    add: manage.post(
      `${C}/manage`,
      'Members added',
      call(addCooperativeMembersInput, addCooperativeMembers, addCooperativeMembersOutput),
    ),
    setStatus: manage.put(
      `${C}/manage/{id}/status`,
      'Member status saved',
      call(setCooperativeMemberStatusInput, setCooperativeMemberStatus, setCooperativeMemberStatusOutput),
    ),
  }),
  balance: router({
    mine: view.get(`${C}/balance`, 'My cooperative balance', noInput(myCooperative, myCooperativeOutput)),
    get: view.get(
      `${C}/balance/{id}`,
      'Cooperative balance',
      call(cooperativeMemberIdInput, getCooperativeBalance, getCooperativeBalanceOutput),
    ),
    history: view.list(
      `${C}/balance/{id}/history`,
      'Cooperative history',
      call(cooperativeHistoryInput, getCooperativeHistory, getCooperativeHistoryOutput),
    ),
    statement: view.file(
      `${C}/balance/{id}/statement`,
      'Member statement',
      call(cooperativeStatementInput, downloadCooperativeStatement, fileResult),
    ),
    deposit: manage.post(
      `${C}/balance/{id}/deposit`,
      'Deposit recorded',
      call(cooperativeDepositInput, recordCooperativeDeposit, recordCooperativeDepositOutput),
    ),
  }),
  withdrawal: router({
    list: view.list(`${C}/withdrawal`, 'Withdrawals', call(listWithdrawalsInput, listWithdrawals, listWithdrawalsOutput)),
    create: view.post(
      `${C}/withdrawal`,
      'Withdrawal requested',
      call(createWithdrawalInput, requestWithdrawal, requestWithdrawalOutput),
      { bodyLimit: uploadBodyLimit(WITHDRAWAL_MAX_FILE_BYTES, WITHDRAWAL_MAX_FILES) },
    ),
    get: view.get(`${C}/withdrawal/{id}`, 'Withdrawal', call(withdrawalIdInput, getWithdrawal, getWithdrawalOutput)),
    ...decisionProcedures('cooperative.manage', `${C}/withdrawal`, 'Withdrawal', {
      approve: call(decideWithdrawalInput, approveWithdrawal, approveWithdrawalOutput),
      disapprove: call(decideWithdrawalInput, disapproveWithdrawal, disapproveWithdrawalOutput),
    }),
    cancel: view.post(
      `${C}/withdrawal/{id}/cancel`,
      'Withdrawal cancelled',
      call(decideWithdrawalInput, cancelWithdrawal, cancelWithdrawalOutput),
    ),
    addFile: view.post(
      `${C}/withdrawal/{id}/file`,
      'File uploaded',
      call(addWithdrawalFileInput, addWithdrawalFile, addWithdrawalFileOutput),
      { bodyLimit: uploadBodyLimit(WITHDRAWAL_MAX_FILE_BYTES) },
    ),
    downloadFile: view.file(
      `${C}/withdrawal/{id}/file/{fileId}`,
      'File',
      call(withdrawalFileIdInput, downloadWithdrawalFile, fileResult),
    ),
    deleteFile: view.del(
      `${C}/withdrawal/{id}/file/{fileId}`,
      'File deleted',
      call(withdrawalFileIdInput, deleteWithdrawalFile, deleteWithdrawalFileOutput),
    ),
    cancelDeleteFile: view.post(
      `${C}/withdrawal/{id}/file/{fileId}/cancelDelete`,
      'File delete cancelled',
      call(withdrawalFileIdInput, cancelDeleteWithdrawalFile, cancelDeleteWithdrawalFileOutput),
    ),
  }),
});
