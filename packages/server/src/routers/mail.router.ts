import { getOutboxMessage, listOutbox, listOutboxInput, outboxMessageInput, retryMail } from '@hr/core/mail';
import { permissionProcedure, router } from '../trpc/procedures';
import { getOutboxMessageOutput, listOutboxOutput, retryMailOutput } from '@hr/core/mail';
import { returns } from '../trpc/output';

/**
 * The mail outbox (issue 5: on the embedded default, mail goes to an outbox visible in the app).
 * Reading needs salary.view (its messages are payslips; scoped to the caller's employees), sending
 * again salary.update.
 */
const M = '/v2/h/mail/outbox';

export const mailRouter = router({
  outbox: permissionProcedure('salary.view')
    .meta({ rest: { method: 'GET', path: M, message: 'Mail outbox', results: true } })
    .input(listOutboxInput)
    .output(returns(listOutboxOutput))
    .query(({ ctx, input }) => listOutbox(ctx.svc, ctx.grant, input)),
  outboxMessage: permissionProcedure('salary.view')
    .meta({ rest: { method: 'GET', path: `${M}/{id}`, message: 'Mail message' } })
    .input(outboxMessageInput)
    .output(returns(getOutboxMessageOutput))
    .query(({ ctx, input }) => getOutboxMessage(ctx.svc, ctx.grant, input)),
  retry: permissionProcedure('salary.update')
    .meta({ rest: { method: 'POST', path: `${M}/{id}/retry`, message: 'Mail message sent again' } })
    .input(outboxMessageInput)
    .output(returns(retryMailOutput))
    .mutation(({ ctx, input }) => retryMail(ctx.svc, ctx.grant, ctx.services.mail, input)),
});
