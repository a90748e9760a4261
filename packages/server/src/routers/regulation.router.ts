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
} from '@hr/core';
import { permissionProcedure, router } from '../trpc/procedures';

/*
 * Company regulations (spec §7 "component/regulations with update, delete and download";
 * "personal/regulations"). HR keeps them under org.view / org.manage like the other reference
 * data; every employee lists and downloads the ones that apply to their office.
 */
const C = '/v2/h/component/regulations';

export const regulationRouter = router({
  list: permissionProcedure('org.view')
    .meta({ rest: { method: 'GET', path: C, message: 'Regulations', results: true } })
    .input(listRegulationsInput)
    .query(({ ctx, input }) => listRegulations(ctx.svc, ctx.grant, input)),
  get: permissionProcedure('org.view')
    .meta({ rest: { method: 'GET', path: `${C}/{id}`, message: 'Regulation' } })
    .input(regulationIdInput)
    .query(({ ctx, input }) => getRegulation(ctx.svc, ctx.grant, input)),
  create: permissionProcedure('org.manage')
    .meta({ rest: { method: 'POST', path: C, message: 'Regulation created' } })
    .input(createRegulationInput)
    .mutation(({ ctx, input }) => createRegulation(ctx.svc, ctx.grant, input)),
  update: permissionProcedure('org.manage')
    .meta({ rest: { method: 'POST', path: `${C}/{id}/update`, message: 'Regulation updated' } })
    .input(updateRegulationInput)
    .mutation(({ ctx, input }) => updateRegulation(ctx.svc, ctx.grant, input)),
  delete: permissionProcedure('org.manage')
    .meta({ rest: { method: 'POST', path: `${C}/{id}/delete`, message: 'Regulation deleted' } })
    .input(regulationIdInput)
    .mutation(({ ctx, input }) => deleteRegulation(ctx.svc, ctx.grant, input)),
  download: permissionProcedure('org.view')
    .meta({ rest: { method: 'GET', path: `${C}/{id}/download`, message: 'Regulation', download: true } })
    .input(regulationIdInput)
    .query(({ ctx, input }) => downloadRegulation(ctx.svc, ctx.actor, input)),
  mine: permissionProcedure('personal.access')
    .meta({ rest: { method: 'GET', path: '/v2/h/personal/regulations', message: 'Regulations' } })
    .input(latestRegulationsInput)
    .query(({ ctx, input }) => myRegulations(ctx.svc, ctx.actor, input)),
  downloadMine: permissionProcedure('personal.access')
    .meta({ rest: { method: 'GET', path: '/v2/h/personal/regulations/{id}/download', message: 'Regulation', download: true } })
    .input(regulationIdInput)
    .query(({ ctx, input }) => downloadRegulation(ctx.svc, ctx.actor, input)),
});
