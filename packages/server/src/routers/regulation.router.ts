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
import { router } from '../trpc/procedures';
import {
  createRegulationOutput,
  deleteRegulationOutput,
  getRegulationOutput,
  listRegulationsOutput,
  myRegulationsOutput,
  updateRegulationOutput,
} from '@hr/core/regulations';
import { fileResult } from '../trpc/output';
import { byActor, call, gate, writeProcedures } from '../trpc/crud';

/*
 * Company regulations (spec §7 "component/regulations with update, delete and download";
 * "personal/regulations"). HR keeps them under org.view / org.manage like the other reference
 * data; every employee lists and downloads the ones that apply to their office.
 */
const C = '/v2/h/component/regulations';

const view = gate('org.view');
const personal = gate('personal.access');

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
  download: view.file(`${C}/{id}/download`, 'Regulation', call(regulationIdInput, byActor(downloadRegulation), fileResult)),
  mine: personal.list(
    '/v2/h/personal/regulations',
    'Regulations',
    call(latestRegulationsInput, byActor(myRegulations), myRegulationsOutput),
  ),
  downloadMine: personal.file(
    '/v2/h/personal/regulations/{id}/download',
    'Regulation',
    call(regulationIdInput, byActor(downloadRegulation), fileResult),
  ),
});
