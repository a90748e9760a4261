import {
  addLegalValue,
  addLegalValueInput,
  deleteLegalValue,
  deleteLegalValueOutput,
  legalValueIdInput,
  legalValueRowOutput,
  listLegalValues,
  listLegalValuesInput,
  listLegalValuesOutput,
} from '@hr/core/legal-tables';

import { router } from '../trpc/procedures';
import { call, gate } from '../trpc/crud';

/*
 * The dated legal table (issue 18 §4; docs/legal-tables.md): BPJS caps and rates, minimum wages, PPh 21 DTP windows,
 * read by the payroll engine for the pay date. Read with salary.view; added and deleted with salary.setting (the
 * payroll settings permission). REST under /v2/h/salary/legalTable, POST on {id}/<verb> like the rest of salary.
 */
const S = '/v2/h/salary/legalTable';

const view = gate('salary.view');
const setting = gate('salary.setting');

export const legalTableRouter = router({
  list: view.get(S, 'Legal tables', call(listLegalValuesInput, listLegalValues, listLegalValuesOutput)),
  add: setting.post(S, 'Legal value added', call(addLegalValueInput, addLegalValue, legalValueRowOutput)),
  delete: setting.post(
    `${S}/{id}/delete`,
    'Legal value deleted',
    call(legalValueIdInput, deleteLegalValue, deleteLegalValueOutput),
  ),
});
