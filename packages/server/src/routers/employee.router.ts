import {
  activateRegistration,
  activateRegistrationInput,
  listEmployees,
  listEmployeesInput,
  listRegistrations,
  listRegistrationsInput,
  register,
  registrationInput,
  rejectRegistration,
  rejectRegistrationInput,
} from '@hr/core';
import { permissionProcedure, publicProcedure, router } from '../trpc/procedures';

export const employeeRouter = router({
  list: permissionProcedure('employee.view')
    .meta({ rest: { method: 'GET', path: '/v2/h/employee/all', message: 'Employees', results: true } })
    .input(listEmployeesInput)
    .query(({ ctx, input }) => listEmployees(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input)),
  registration: router({
    submit: publicProcedure
      .meta({
        rest: {
          method: 'POST',
          path: '/v2/h/employee/registration',
          message: 'Registration submitted. An administrator will activate your account.',
        },
      })
      .input(registrationInput)
      .mutation(({ ctx, input }) => register(ctx.services.ctx(null, ctx.requestId), input)),
    list: permissionProcedure('employee.registration.view')
      .meta({ rest: { method: 'GET', path: '/v2/h/employee/registration', message: 'Registrations', results: true } })
      .input(listRegistrationsInput)
      .query(({ ctx, input }) => listRegistrations(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input)),
    activate: permissionProcedure('employee.registration.decide')
      .meta({ rest: { method: 'POST', path: '/v2/h/employee/registration/{id}/activate', message: 'Registration activated' } })
      .input(activateRegistrationInput)
      .mutation(({ ctx, input }) => activateRegistration(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input)),
    reject: permissionProcedure('employee.registration.decide')
      .meta({ rest: { method: 'POST', path: '/v2/h/employee/registration/{id}/reject', message: 'Registration rejected' } })
      .input(rejectRegistrationInput)
      .mutation(async ({ ctx, input }) => {
        await rejectRegistration(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input);
        return { ok: true };
      }),
  }),
});
