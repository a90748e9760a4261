import { id } from '@hr/core/shared';
import { z } from 'zod';
import { authedProcedure, router } from '../trpc/procedures';
import { jobsOf } from './kinds';

/*
 * Background jobs (docs/jobs.md): any signed-in user reads the jobs they started (a superadmin any
 * job); someone else's job is NOT_FOUND. REST twin: GET /v2/h/job/{id}.
 */
export const jobRouter = router({
  get: authedProcedure
    .meta({ rest: { method: 'GET', path: '/v2/h/job/{id}', message: 'Job' } })
    .input(z.object({ id }))
    .query(({ ctx, input }) => jobsOf(ctx.services).get(input.id, ctx.actor)),
});
