import {
  createPieceEntry,
  createPieceEntryInput,
  deletePieceEntry,
  listPieceEntries,
  listPieceEntriesInput,
  salaryIdInput,
} from '@hr/core/payroll';
import { permissionProcedure, router } from '../trpc/procedures';
import { createPieceEntryOutput, deletePieceEntryOutput, listPieceEntriesOutput } from '@hr/core/payroll';
import { returns } from '../trpc/output';

/*
 * Piece / unit work entries (issue 5; docs/payroll-runs.md "Piece and unit work"): units × rate per employee and
 * period, paid by the period's payroll run. Data-scoped in core (out-of-scope employees are NOT_FOUND).
 */
const S = '/v2/h/salary';

export const pieceRouter = router({
  list: permissionProcedure('salary.view')
    .meta({ rest: { method: 'GET', path: `${S}/piece`, message: 'Piece work', results: true } })
    .input(listPieceEntriesInput)
    .output(returns(listPieceEntriesOutput))
    .query(({ ctx, input }) => listPieceEntries(ctx.svc, ctx.grant, input)),
  create: permissionProcedure('salary.update')
    .meta({ rest: { method: 'POST', path: `${S}/piece`, message: 'Piece work entered' } })
    .input(createPieceEntryInput)
    .output(returns(createPieceEntryOutput))
    .mutation(({ ctx, input }) => createPieceEntry(ctx.svc, ctx.grant, input)),
  delete: permissionProcedure('salary.update')
    .meta({ rest: { method: 'POST', path: `${S}/piece/{id}/delete`, message: 'Piece work deleted' } })
    .input(salaryIdInput)
    .output(returns(deletePieceEntryOutput))
    .mutation(({ ctx, input }) => deletePieceEntry(ctx.svc, ctx.grant, input)),
});
