import { getOutboxMessage, listOutbox, listOutboxInput, outboxMessageInput, retryMail } from '@hr/core/mail';
import { permissionProcedure, router } from '../trpc/procedures';
import { call, gate } from '../trpc/crud';
import { getOutboxMessageOutput, listOutboxOutput, retryMailOutput } from '@hr/core/mail';
import { returns } from '../trpc/output';

/**
 * The mail outbox (issue 5: on the embedded default, mail goes to an outbox visible in the app).
 * Reading needs salary.view (its messages are payslips; scoped to the caller's employees), sending
 * again salary.update.
 */
const M = '/v2/h/mail/outbox';

const view = gate('salary.view');

export const mailRouter = router({
  outbox: view.list(M, 'Mail outbox', call(listOutboxInput, listOutbox, listOutboxOutput)),
  outboxMessage: view.get(`${M}/{id}`, 'Mail message', call(outboxMessageInput, getOutboxMessage, getOutboxMessageOutput)),
  retry: permissionProcedure('salary.update')
    .meta({ rest: { method: 'POST', path: `${M}/{id}/retry`, message: 'Mail message sent again' } })
    .input(outboxMessageInput)
    .output(returns(retryMailOutput))
    .mutation(({ ctx, input }) => retryMail(ctx.svc, ctx.grant, ctx.services.mail, input)),
});
