import {
  createRegulation,
  createRegulationInput,
  deleteRegulation,
  downloadRegulation,
  getRegulation,
  latestRegulationsInput,
  listRegulations,
  listRegulationsInput,
  myRegulations,
  regulationIdInput,
  updateRegulation,
  updateRegulationInput,
} from '@hr/core/regulations';
import { permissionProcedure, router } from '../trpc/procedures';
import {
  createRegulationOutput,
  deleteRegulationOutput,
  getRegulationOutput,
  listRegulationsOutput,
  myRegulationsOutput,
  updateRegulationOutput,
} from '@hr/core/regulations';
import { fileResult, returns } from '../trpc/output';
import { call, gate, writeProcedures } from '../trpc/crud';

/*
 * Company regulations (spec §7 "component/regulations with update, delete and download";
 * "personal/regulations"). HR keeps them under org.view / org.manage like the other reference
 * data; every employee lists and downloads the ones that apply to their office.
 */
const C = '/v2/h/component/regulations';

const view = gate('org.view');

export const regulationRouter = router({
  list: view.list(C, 'Regulations', call(listRegulationsInput, listRegulations, listRegulationsOutput)),
  get: view.get(`${C}/{id}`, 'Regulation', call(regulationIdInput, getRegulation, getRegulationOutput)),
  ...writeProcedures(
    'org.manage',
    { path: C, noun: 'Regulation' },
    {
      create: call(createRegulationInput, createRegulation, createRegulationOutput),
      update: call(updateRegulationInput, updateRegulation, updateRegulationOutput),
      delete: call(regulationIdInput, deleteRegulation, deleteRegulationOutput),
    },
  ),
  download: permissionProcedure('org.view')
    .meta({ rest: { method: 'GET', path: `${C}/{id}/download`, message: 'Regulation', download: true } })
    .input(regulationIdInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadRegulation(ctx.svc, ctx.actor, input)),
  mine: permissionProcedure('personal.access')
    .meta({ rest: { method: 'GET', path: '/v2/h/personal/regulations', message: 'Regulations', results: true } })
    .input(latestRegulationsInput)
    .output(returns(myRegulationsOutput))
    .query(({ ctx, input }) => myRegulations(ctx.svc, ctx.actor, input)),
  downloadMine: permissionProcedure('personal.access')
    .meta({ rest: { method: 'GET', path: '/v2/h/personal/regulations/{id}/download', message: 'Regulation', download: true } })
    .input(regulationIdInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadRegulation(ctx.svc, ctx.actor, input)),
});
