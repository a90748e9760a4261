import {
  createSecondContract,
  createSecondContractInput,
  downloadSecondContractFile,
  getSecondContract,
  historyIdInput,
  listByEmployeeInput,
  listSecondContracts,
  updateSecondContract,
  updateSecondContractInput,
  uploadContractFileInput,
  uploadSecondContractFile,
} from '@hr/core/employees';
import { router } from '../trpc/procedures';
import { call, gate } from '../trpc/crud';
import {
  createSecondContractOutput,
  getSecondContractOutput,
  listSecondContractsOutput,
  updateSecondContractOutput,
  uploadSecondContractFileOutput,
} from '@hr/core/employees';
import { fileResult } from '../trpc/output';

/*
 * Second contracts (spec §3 "second contract", §7 `employee/secondContract`): contracts with a
 * second company alongside the main one, with their file. Same permissions as contracts.
 */
const S = '/v2/h/employee/secondContract';

const view = gate('employee.view');
const update = gate('employee.update');

export const secondContractRouter = router({
  list: view.list(S, 'Second contracts', call(listByEmployeeInput, listSecondContracts, listSecondContractsOutput)),
  get: view.get(`${S}/{id}`, 'Second contract', call(historyIdInput, getSecondContract, getSecondContractOutput)),
  create: update.post(
    S,
    'Second contract created',
    call(createSecondContractInput, createSecondContract, createSecondContractOutput),
  ),
  update: update.post(
    `${S}/{id}/update`,
    'Second contract updated',
    call(updateSecondContractInput, updateSecondContract, updateSecondContractOutput),
  ),
  uploadFile: update.post(
    `${S}/{id}/file`,
    'Contract file uploaded',
    call(uploadContractFileInput, uploadSecondContractFile, uploadSecondContractFileOutput),
  ),
  file: view.file(`${S}/{id}/file`, 'Contract file', call(historyIdInput, downloadSecondContractFile, fileResult)),
});
