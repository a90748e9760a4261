import {
  createPieceEntry,
  createPieceEntryInput,
  deletePieceEntry,
  listPieceEntries,
  listPieceEntriesInput,
  salaryIdInput,
} from '@hr/core/payroll';
import { router } from '../trpc/procedures';
import { call, gate } from '../trpc/crud';
import { createPieceEntryOutput, deletePieceEntryOutput, listPieceEntriesOutput } from '@hr/core/payroll';

/*
 * Piece / unit work entries (issue 5; docs/payroll-runs.md "Piece and unit work"): units × rate per employee and
 * period, paid by the period's payroll run. Data-scoped in core (out-of-scope employees are NOT_FOUND).
 */
const S = '/v2/h/salary';

const view = gate('salary.view');
const update = gate('salary.update');

export const pieceRouter = router({
  list: view.list(`${S}/piece`, 'Piece work', call(listPieceEntriesInput, listPieceEntries, listPieceEntriesOutput)),
  create: update.post(`${S}/piece`, 'Piece work entered', call(createPieceEntryInput, createPieceEntry, createPieceEntryOutput)),
  delete: update.post(
    `${S}/piece/{id}/delete`,
    'Piece work deleted',
    call(salaryIdInput, deletePieceEntry, deletePieceEntryOutput),
  ),
});
