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
import { permissionProcedure, router } from '../trpc/procedures';
import {
  createSecondContractOutput,
  getSecondContractOutput,
  listSecondContractsOutput,
  updateSecondContractOutput,
  uploadSecondContractFileOutput,
} from '@hr/core/employees';
import { fileResult, returns } from '../trpc/output';

/*
 * Second contracts (spec §3 "second contract", §7 `employee/secondContract`): contracts with a
 * second company alongside the main one, with their file. Same permissions as contracts.
 */
const S = '/v2/h/employee/secondContract';

export const secondContractRouter = router({
  list: permissionProcedure('employee.view')
    .meta({ rest: { method: 'GET', path: S, message: 'Second contracts', results: true } })
    .input(listByEmployeeInput)
    .output(returns(listSecondContractsOutput))
    .query(({ ctx, input }) => listSecondContracts(ctx.svc, ctx.grant, input)),
  get: permissionProcedure('employee.view')
    .meta({ rest: { method: 'GET', path: `${S}/{id}`, message: 'Second contract' } })
    .input(historyIdInput)
    .output(returns(getSecondContractOutput))
    .query(({ ctx, input }) => getSecondContract(ctx.svc, ctx.grant, input)),
  create: permissionProcedure('employee.update')
    .meta({ rest: { method: 'POST', path: S, message: 'Second contract created' } })
    .input(createSecondContractInput)
    .output(returns(createSecondContractOutput))
    .mutation(({ ctx, input }) => createSecondContract(ctx.svc, ctx.grant, input)),
  update: permissionProcedure('employee.update')
    .meta({ rest: { method: 'POST', path: `${S}/{id}/update`, message: 'Second contract updated' } })
    .input(updateSecondContractInput)
    .output(returns(updateSecondContractOutput))
    .mutation(({ ctx, input }) => updateSecondContract(ctx.svc, ctx.grant, input)),
  uploadFile: permissionProcedure('employee.update')
    .meta({ rest: { method: 'POST', path: `${S}/{id}/file`, message: 'Contract file uploaded' } })
    .input(uploadContractFileInput)
    .output(returns(uploadSecondContractFileOutput))
    .mutation(({ ctx, input }) => uploadSecondContractFile(ctx.svc, ctx.grant, input)),
  file: permissionProcedure('employee.view')
    .meta({ rest: { method: 'GET', path: `${S}/{id}/file`, message: 'Contract file', download: true } })
    .input(historyIdInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadSecondContractFile(ctx.svc, ctx.grant, input)),
});
