import {
  cancelThr,
  downloadThrRun,
  dryRunThr,
  finaliseThr,
  generateThr,
  generateThrInput,
  getThrRun,
  listThrRuns,
  listThrRunsInput,
  thrRunDetailInput,
  thrDates,
  thrDatesInput,
  thrRunIdInput,
} from '@hr/core/payroll';
import { jobProcedure } from '../jobs/job.router';
import { JOB_KINDS, requireCompanyScope } from '../jobs/kinds';
import { router } from '../trpc/procedures';
import { call, gate } from '../trpc/crud';
import {
  cancelThrOutput,
  dryRunThrOutput,
  finaliseThrOutput,
  generateThrOutput,
  getThrRunOutput,
  listThrRunsOutput,
  thrDatesOutput,
} from '@hr/core/payroll';
import { fileResult } from '../trpc/output';

/*
 * THR (holiday allowance) runs (issue 5; spec §7 family "salary/allowance", route /salary/holidayAllowance):
 * lists, detail and download need salary.view; generate, dry run, finalise and cancel need salary.update.
 */
const A = '/v2/h/salary/allowance';

const view = gate('salary.view');
const update = gate('salary.update');

export const holidayAllowanceRouter = router({
  list: view.list(A, 'Holiday allowances', call(listThrRunsInput, listThrRuns, listThrRunsOutput)),
  generate: update.post(`${A}/generate`, 'Holiday allowance generated', call(generateThrInput, generateThr, generateThrOutput)),
  /** The same generation as a background job (docs/jobs.md): answers `{ jobId }` at once; job.get follows it. */
  generateJob: jobProcedure(
    'salary.update',
    JOB_KINDS.thr,
    { path: `${A}/generate/job`, message: 'Holiday allowance generation started' },
    generateThrInput,
    (_ctx, grant) => requireCompanyScope(grant, 'THR runs'),
  ),
  /** The holiday date and default pay date (7 days before) from the holiday calendar (issue 19 item 13). */
  dates: view.get(`${A}/generate/dates`, 'Holiday allowance dates', call(thrDatesInput, thrDates, thrDatesOutput)),
  dryRun: update.post(`${A}/generate/dryRun`, 'Holiday allowance dry run', call(generateThrInput, dryRunThr, dryRunThrOutput)),
  detail: view.get(`${A}/{id}/detail`, 'Holiday allowance', call(thrRunDetailInput, getThrRun, getThrRunOutput)),
  finalise: update.post(`${A}/{id}/finalise`, 'Holiday allowance finalised', call(thrRunIdInput, finaliseThr, finaliseThrOutput)),
  cancel: update.post(`${A}/{id}/cancel`, 'Holiday allowance cancelled', call(thrRunIdInput, cancelThr, cancelThrOutput)),
  download: view.file(`${A}/{id}/download`, 'Holiday allowance download', call(thrRunIdInput, downloadThrRun, fileResult)),
});
