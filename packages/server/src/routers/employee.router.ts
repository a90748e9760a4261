import {
  createContract,
  createContractInput,
  createEmployee,
  createEmployeeInput,
  createRecord,
  createRecordInput,
  getContract,
  getRecord,
  historyIdInput,
  listByEmployeeInput,
  listContracts,
  listRecords,
  updateContract,
  updateContractInput,
  type EmployeeSection,
  employeeIdInput,
  getEmployeeDetail,
  SECTION_INPUTS,
  SECTION_LABELS,
  updateEmployeeLogin,
  updateEmployeeSection,
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

/** `POST /v2/h/employee/update/{section}`: one procedure per section of the employee record (spec §3). */
function sectionUpdate<S extends Exclude<EmployeeSection, 'login'>>(section: S) {
  return permissionProcedure('employee.update')
    .meta({ rest: { method: 'POST', path: `/v2/h/employee/update/${section}`, message: `${SECTION_LABELS[section]} saved` } })
    .input(SECTION_INPUTS[section])
    .mutation(({ ctx, input }) =>
      updateEmployeeSection(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, section, input as never),
    );
}

const E = '/v2/h/employee';

export const employeeRouter = router({
  create: permissionProcedure('employee.create')
    .meta({ rest: { method: 'POST', path: E, message: 'Employee created' } })
    .input(createEmployeeInput)
    .mutation(({ ctx, input }) => createEmployee(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input)),
  contract: router({
    list: permissionProcedure('employee.view')
      .meta({ rest: { method: 'GET', path: `${E}/contract`, message: 'Contracts', results: true } })
      .input(listByEmployeeInput)
      .query(({ ctx, input }) => listContracts(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input)),
    get: permissionProcedure('employee.view')
      .meta({ rest: { method: 'GET', path: `${E}/contract/{id}`, message: 'Contract' } })
      .input(historyIdInput)
      .query(({ ctx, input }) => getContract(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input)),
    create: permissionProcedure('employee.update')
      .meta({ rest: { method: 'POST', path: `${E}/contract`, message: 'Contract created' } })
      .input(createContractInput)
      .mutation(({ ctx, input }) => createContract(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input)),
    update: permissionProcedure('employee.update')
      .meta({ rest: { method: 'POST', path: `${E}/contract/{id}/update`, message: 'Contract updated' } })
      .input(updateContractInput)
      .mutation(({ ctx, input }) => updateContract(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input)),
  }),
  record: router({
    list: permissionProcedure('employee.view')
      .meta({ rest: { method: 'GET', path: `${E}/record`, message: 'Records', results: true } })
      .input(listByEmployeeInput)
      .query(({ ctx, input }) => listRecords(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input)),
    get: permissionProcedure('employee.view')
      .meta({ rest: { method: 'GET', path: `${E}/record/{id}`, message: 'Record' } })
      .input(historyIdInput)
      .query(({ ctx, input }) => getRecord(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input)),
    create: permissionProcedure('employee.update')
      .meta({ rest: { method: 'POST', path: `${E}/record`, message: 'Record created' } })
      .input(createRecordInput)
      .mutation(({ ctx, input }) => createRecord(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input)),
  }),
  detail: permissionProcedure('employee.view')
    .meta({ rest: { method: 'GET', path: '/v2/h/employee/{id}/detail', message: 'Employee', results: true } })
    .input(employeeIdInput)
    .query(({ ctx, input }) => getEmployeeDetail(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input)),
  update: router({
    personal: sectionUpdate('personal'),
    contact: sectionUpdate('contact'),
    employment: sectionUpdate('employment'),
    emergency: sectionUpdate('emergency'),
    parents: sectionUpdate('parents'),
    sibling: sectionUpdate('sibling'),
    medical: sectionUpdate('medical'),
    bank: sectionUpdate('bank'),
    previousCompany: sectionUpdate('previousCompany'),
    login: permissionProcedure('user.manage')
      .meta({ rest: { method: 'POST', path: '/v2/h/employee/update/login', message: `${SECTION_LABELS.login} saved` } })
      .input(SECTION_INPUTS.login)
      .mutation(({ ctx, input }) => updateEmployeeLogin(ctx.services.ctx(ctx.actor, ctx.requestId), ctx.grant, input)),
  }),
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
