import { id } from '@hr/core/shared';
import { z } from 'zod';
import { returns } from '../trpc/output';
import { authedProcedure, router } from '../trpc/procedures';
import { jobsOf } from './kinds';

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
