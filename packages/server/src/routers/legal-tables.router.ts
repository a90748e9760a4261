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
import { returns } from '../trpc/output';
import { permissionProcedure, router } from '../trpc/procedures';

/*
 * The dated legal table (issue 18 §4; docs/legal-tables.md): BPJS caps and rates, minimum wages, PPh 21 DTP windows,
 * read by the payroll engine for the pay date. Read with salary.view; added and deleted with salary.setting (the
 * payroll settings permission). REST under /v2/h/salary/legalTable, POST on {id}/<verb> like the rest of salary.
 */
const S = '/v2/h/salary/legalTable';

export const legalTableRouter = router({
  list: permissionProcedure('salary.view')
    .meta({ rest: { method: 'GET', path: S, message: 'Legal tables' } })
    .input(listLegalValuesInput)
    .output(returns(listLegalValuesOutput))
    .query(({ ctx, input }) => listLegalValues(ctx.svc, ctx.grant, input)),
  add: permissionProcedure('salary.setting')
    .meta({ rest: { method: 'POST', path: S, message: 'Legal value added' } })
    .input(addLegalValueInput)
    .output(returns(legalValueRowOutput))
    .mutation(({ ctx, input }) => addLegalValue(ctx.svc, ctx.grant, input)),
  delete: permissionProcedure('salary.setting')
    .meta({ rest: { method: 'POST', path: `${S}/{id}/delete`, message: 'Legal value deleted' } })
    .input(legalValueIdInput)
    .output(returns(deleteLegalValueOutput))
    .mutation(({ ctx, input }) => deleteLegalValue(ctx.svc, ctx.grant, input)),
});
