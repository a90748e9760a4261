import type { Grant, PermissionKey } from '@hr/core/access';
import { type Ctx, id } from '@hr/core/shared';
import { z } from 'zod';
import { enqueueJobOutput, returns } from '../trpc/output';
import { authedProcedure, permissionProcedure, router } from '../trpc/procedures';
import { enqueueJob, jobsOf } from './kinds';

/**
 * The background twin of a synchronous procedure (docs/jobs.md): POST `path` under `key` with the
 * same input, answering `{ jobId }` at once; job.get follows it. `check` makes the twin's up-front
 * refusals (company scope, …) before the job of `kind` is queued.
 */
export function jobProcedure<K extends PermissionKey, I extends z.ZodType>(
  key: K,
  kind: string,
  rest: { path: string; message: string },
  input: I,
  check: (ctx: Ctx, grant: Grant<K>, input: z.output<I>) => void = () => {},
) {
  return permissionProcedure(key)
    .meta({ rest: { method: 'POST', ...rest } })
    .input(input)
    .output(returns(enqueueJobOutput))
    .mutation(({ ctx, input }) => {
      check(ctx.svc, ctx.grant, input as z.output<I>);
      return enqueueJob(ctx.services, kind, input, ctx.actor);
    });
}

/*
 * Background jobs (docs/jobs.md): any signed-in user reads the jobs they started (a superadmin any
 * job); someone else's job is NOT_FOUND. REST twin: GET /v2/h/job/{id}.
 */
/** A job as `jobsOf(services).get` returns it (service.ts JobView); `result` is the job kind's own result. */
const jobView = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  result: z.unknown(),
  error: z.string().nullable(),
  createdAt: z.date(),
  startedAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
});

export const jobRouter = router({
  get: authedProcedure
    .meta({ rest: { method: 'GET', path: '/v2/h/job/{id}', message: 'Job' } })
    .input(z.object({ id }))
    .output(returns(jobView))
    .query(({ ctx, input }) => jobsOf(ctx.services).get(input.id, ctx.actor)),
});
