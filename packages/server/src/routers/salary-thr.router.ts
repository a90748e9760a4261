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
  thrRunIdInput,
} from '@hr/core/payroll';
import { enqueueJob, JOB_KINDS, requireCompanyScope } from '../jobs/kinds';
import { permissionProcedure, router } from '../trpc/procedures';
import {
  cancelThrOutput,
  dryRunThrOutput,
  finaliseThrOutput,
  generateThrOutput,
  getThrRunOutput,
  listThrRunsOutput,
} from '@hr/core/payroll';
import { enqueueJobOutput, fileResult, returns } from '../trpc/output';

/*
 * THR (holiday allowance) runs (issue 5; spec §7 family "salary/allowance", route /salary/holidayAllowance):
 * lists, detail and download need salary.view; generate, dry run, finalise and cancel need salary.update.
 */
const A = '/v2/h/salary/allowance';
const view = () => permissionProcedure('salary.view');
const update = () => permissionProcedure('salary.update');

export const holidayAllowanceRouter = router({
  list: view()
    .meta({ rest: { method: 'GET', path: A, message: 'Holiday allowances', results: true } })
    .input(listThrRunsInput)
    .output(returns(listThrRunsOutput))
    .query(({ ctx, input }) => listThrRuns(ctx.svc, ctx.grant, input)),
  generate: update()
    .meta({ rest: { method: 'POST', path: `${A}/generate`, message: 'Holiday allowance generated' } })
    .input(generateThrInput)
    .output(returns(generateThrOutput))
    .mutation(({ ctx, input }) => generateThr(ctx.svc, ctx.grant, input)),
  /** The same generation as a background job (docs/jobs.md): answers `{ jobId }` at once; job.get follows it. */
  generateJob: update()
    .meta({ rest: { method: 'POST', path: `${A}/generate/job`, message: 'Holiday allowance generation started' } })
    .input(generateThrInput)
    .output(returns(enqueueJobOutput))
    .mutation(({ ctx, input }) => {
      requireCompanyScope(ctx.grant, 'THR runs');
      return enqueueJob(ctx.services, JOB_KINDS.thr, input, ctx.actor);
    }),
  dryRun: update()
    .meta({ rest: { method: 'POST', path: `${A}/generate/dryRun`, message: 'Holiday allowance dry run' } })
    .input(generateThrInput)
    .output(returns(dryRunThrOutput))
    .mutation(({ ctx, input }) => dryRunThr(ctx.svc, ctx.grant, input)),
  detail: view()
    .meta({ rest: { method: 'GET', path: `${A}/{id}/detail`, message: 'Holiday allowance' } })
    .input(thrRunDetailInput)
    .output(returns(getThrRunOutput))
    .query(({ ctx, input }) => getThrRun(ctx.svc, ctx.grant, input)),
  finalise: update()
    .meta({ rest: { method: 'POST', path: `${A}/{id}/finalise`, message: 'Holiday allowance finalised' } })
    .input(thrRunIdInput)
    .output(returns(finaliseThrOutput))
    .mutation(({ ctx, input }) => finaliseThr(ctx.svc, ctx.grant, input)),
  cancel: update()
    .meta({ rest: { method: 'POST', path: `${A}/{id}/cancel`, message: 'Holiday allowance cancelled' } })
    .input(thrRunIdInput)
    .output(returns(cancelThrOutput))
    .mutation(({ ctx, input }) => cancelThr(ctx.svc, ctx.grant, input)),
  download: view()
    .meta({ rest: { method: 'GET', path: `${A}/{id}/download`, message: 'Holiday allowance download', download: true } })
    .input(thrRunIdInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadThrRun(ctx.svc, ctx.grant, input)),
});
