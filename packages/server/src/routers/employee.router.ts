import {
  activateManager,
  createManagers,
  createManagersInput,
  getManager,
  inactivateManager,
  listManagers,
  listManagersInput,
  managerIdInput,
  updateManager,
  updateManagerInput,
  approveResignation,
  approveUpdateRequest,
  cancelMyResignation,
  cancelMyUpdateRequest,
  cancelResignation,
  createResignation,
  createResignationInput,
  decideRequestInput,
  deleteResignation,
  deleteUpdateRequest,
  disapproveResignation,
  disapproveUpdateRequest,
  getOwnEmployeeDetail,
  getResignation,
  listMyResignations,
  listMyUpdateRequests,
  listResignations,
  listResignationsInput,
  listUpdateRequests,
  listUpdateRequestsInput,
  requestIdInput,
  requestResignation,
  requestResignationInput,
  submitUpdateRequest,
  submitUpdateRequestInput,
  createContract,
  createContractInput,
  downloadContractFile,
  uploadContractFile,
  uploadContractFileInput,
  createEmployee,
  createEmployeeInput,
  createRecord,
  createRecordInput,
  deleteEmploymentRecord,
  updateEmploymentRecord,
  updateRecordInput,
  updateMyResignation,
  updateResignation,
  updateResignationInput,
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
  resetEmployeeLoginPassword,
  updateEmployeeSection,
  listEmployees,
  downloadEmployees,
  downloadEmployeesInput,
  listEmployeesInput,
} from '@hr/core/employees';
import {
  activateRegistration,
  activateRegistrationInput,
  listRegistrations,
  listRegistrationsInput,
  register,
  registrationInput,
  rejectRegistration,
  rejectRegistrationInput,
} from '@hr/core/registration';
import { limitRegistration } from '@hr/core/auth';
import { permissionProcedure, publicProcedure, router } from '../trpc/procedures';
import { employeeImportRouter } from './employee-import.router';
import { recruitmentRouter } from './employee-recruitment.router';
import { secondContractRouter } from './employee-second-contract.router';
import { qrCodeRouter, signatureRouter } from './employee-signature.router';
import {
  activateManagerOutput,
  approveResignationOutput,
  approveUpdateRequestOutput,
  cancelMyResignationOutput,
  cancelMyUpdateRequestOutput,
  cancelResignationOutput,
  createContractOutput,
  createEmployeeOutput,
  createManagersOutput,
  createRecordOutput,
  deleteEmploymentRecordOutput,
  updateEmploymentRecordOutput,
  updateMyResignationOutput,
  updateResignationOutput,
  createResignationOutput,
  deleteResignationOutput,
  deleteUpdateRequestOutput,
  disapproveResignationOutput,
  disapproveUpdateRequestOutput,
  getContractOutput,
  getEmployeeDetailOutput,
  getManagerOutput,
  getOwnEmployeeDetailOutput,
  getRecordOutput,
  getResignationOutput,
  inactivateManagerOutput,
  listContractsOutput,
  listEmployeesOutput,
  listManagersOutput,
  listMyResignationsOutput,
  listMyUpdateRequestsOutput,
  listRecordsOutput,
  listResignationsOutput,
  listUpdateRequestsOutput,
  requestResignationOutput,
  resetEmployeeLoginPasswordOutput,
  submitUpdateRequestOutput,
  updateContractOutput,
  updateEmployeeLoginOutput,
  updateEmployeeSectionOutput,
  updateManagerOutput,
  uploadContractFileOutput,
} from '@hr/core/employees';
import { activateRegistrationOutput, listRegistrationsOutput, registerOutput } from '@hr/core/registration';
import { fileResult, okResult, returns } from '../trpc/output';

/** `POST /v2/h/employee/update/{section}`: one procedure per section of the employee record (spec §3). */
function sectionUpdate<S extends Exclude<EmployeeSection, 'login'>>(section: S) {
  return permissionProcedure('employee.update')
    .meta({ rest: { method: 'POST', path: `/v2/h/employee/update/${section}`, message: `${SECTION_LABELS[section]} saved` } })
    .input(SECTION_INPUTS[section])
    .output(returns(updateEmployeeSectionOutput))
    .mutation(({ ctx, input }) => updateEmployeeSection(ctx.svc, ctx.grant, section, input as never));
}

const E = '/v2/h/employee';

export const employeeRouter = router({
  import: employeeImportRouter,
  recruitment: recruitmentRouter,
  signature: signatureRouter,
  qrCode: qrCodeRouter,
  create: permissionProcedure('employee.create')
    .meta({ rest: { method: 'POST', path: E, message: 'Employee created' } })
    .input(createEmployeeInput)
    .output(returns(createEmployeeOutput))
    .mutation(({ ctx, input }) => createEmployee(ctx.svc, ctx.grant, input)),
  contract: router({
    list: permissionProcedure('employee.view')
      .meta({ rest: { method: 'GET', path: `${E}/contract`, message: 'Contracts', results: true } })
      .input(listByEmployeeInput)
      .output(returns(listContractsOutput))
      .query(({ ctx, input }) => listContracts(ctx.svc, ctx.grant, input)),
    get: permissionProcedure('employee.view')
      .meta({ rest: { method: 'GET', path: `${E}/contract/{id}`, message: 'Contract' } })
      .input(historyIdInput)
      .output(returns(getContractOutput))
      .query(({ ctx, input }) => getContract(ctx.svc, ctx.grant, input)),
    create: permissionProcedure('employee.update')
      .meta({ rest: { method: 'POST', path: `${E}/contract`, message: 'Contract created' } })
      .input(createContractInput)
      .output(returns(createContractOutput))
      .mutation(({ ctx, input }) => createContract(ctx.svc, ctx.grant, input)),
    update: permissionProcedure('employee.update')
      .meta({ rest: { method: 'POST', path: `${E}/contract/{id}/update`, message: 'Contract updated' } })
      .input(updateContractInput)
      .output(returns(updateContractOutput))
      .mutation(({ ctx, input }) => updateContract(ctx.svc, ctx.grant, input)),
    uploadFile: permissionProcedure('employee.update')
      .meta({ rest: { method: 'POST', path: `${E}/contract/{id}/file`, message: 'Contract file uploaded' } })
      .input(uploadContractFileInput)
      .output(returns(uploadContractFileOutput))
      .mutation(({ ctx, input }) => uploadContractFile(ctx.svc, ctx.grant, input)),
    file: permissionProcedure('employee.view')
      .meta({ rest: { method: 'GET', path: `${E}/contract/{id}/file`, message: 'Contract file', download: true } })
      .input(historyIdInput)
      .output(returns(fileResult))
      .query(({ ctx, input }) => downloadContractFile(ctx.svc, ctx.grant, input)),
  }),
  secondContract: secondContractRouter,
  manager: router({
    list: permissionProcedure('employee.manager.manage')
      .meta({ rest: { method: 'GET', path: `${E}/manager`, message: 'Managers', results: true } })
      .input(listManagersInput)
      .output(returns(listManagersOutput))
      .query(({ ctx, input }) => listManagers(ctx.svc, ctx.grant, input)),
    get: permissionProcedure('employee.manager.manage')
      .meta({ rest: { method: 'GET', path: `${E}/manager/{id}`, message: 'Manager' } })
      .input(managerIdInput)
      .output(returns(getManagerOutput))
      .query(({ ctx, input }) => getManager(ctx.svc, ctx.grant, input)),
    create: permissionProcedure('employee.manager.manage')
      .meta({ rest: { method: 'POST', path: `${E}/manager`, message: 'Manager added' } })
      .input(createManagersInput)
      .output(returns(createManagersOutput))
      .mutation(({ ctx, input }) => createManagers(ctx.svc, ctx.grant, input)),
    update: permissionProcedure('employee.manager.manage')
      .meta({ rest: { method: 'POST', path: `${E}/manager/{id}/update`, message: 'Manager updated' } })
      .input(updateManagerInput)
      .output(returns(updateManagerOutput))
      .mutation(({ ctx, input }) => updateManager(ctx.svc, ctx.grant, input)),
    activate: permissionProcedure('employee.manager.manage')
      .meta({ rest: { method: 'POST', path: `${E}/manager/{id}/activate`, message: 'Manager activated' } })
      .input(managerIdInput)
      .output(returns(activateManagerOutput))
      .mutation(({ ctx, input }) => activateManager(ctx.svc, ctx.grant, input)),
    inactivate: permissionProcedure('employee.manager.manage')
      .meta({ rest: { method: 'POST', path: `${E}/manager/{id}/inactivate`, message: 'Manager inactivated' } })
      .input(managerIdInput)
      .output(returns(inactivateManagerOutput))
      .mutation(({ ctx, input }) => inactivateManager(ctx.svc, ctx.grant, input)),
  }),
  profile: router({
    personalInformation: permissionProcedure('personal.access')
      .meta({ rest: { method: 'GET', path: `${E}/profile/personalInformation`, message: 'Personal information' } })
      .output(returns(getOwnEmployeeDetailOutput))
      .query(({ ctx }) => getOwnEmployeeDetail(ctx.svc, ctx.grant)),
  }),
  updateRequest: router({
    submit: permissionProcedure('personal.access')
      .meta({ rest: { method: 'POST', path: `${E}/update/request`, message: 'Update request submitted' } })
      .input(submitUpdateRequestInput)
      .output(returns(submitUpdateRequestOutput))
      .mutation(({ ctx, input }) => submitUpdateRequest(ctx.svc, ctx.grant, input)),
    mine: permissionProcedure('personal.access')
      .meta({ rest: { method: 'GET', path: `${E}/update/request/mine`, message: 'My update requests', results: true } })
      .input(listUpdateRequestsInput)
      .output(returns(listMyUpdateRequestsOutput))
      .query(({ ctx, input }) => listMyUpdateRequests(ctx.svc, ctx.grant, input)),
    cancel: permissionProcedure('personal.access')
      .meta({ rest: { method: 'POST', path: `${E}/update/request/{id}/cancel`, message: 'Update request cancelled' } })
      .input(requestIdInput)
      .output(returns(cancelMyUpdateRequestOutput))
      .mutation(({ ctx, input }) => cancelMyUpdateRequest(ctx.svc, ctx.grant, input)),
    list: permissionProcedure('employee.editRequest.approve')
      .meta({ rest: { method: 'GET', path: `${E}/update/request`, message: 'Update requests', results: true } })
      .input(listUpdateRequestsInput)
      .output(returns(listUpdateRequestsOutput))
      .query(({ ctx, input }) => listUpdateRequests(ctx.svc, ctx.grant, input)),
    approve: permissionProcedure('employee.editRequest.approve')
      .meta({ rest: { method: 'POST', path: `${E}/update/request/{id}/approve`, message: 'Update request approved' } })
      .input(decideRequestInput)
      .output(returns(approveUpdateRequestOutput))
      .mutation(({ ctx, input }) => approveUpdateRequest(ctx.svc, ctx.grant, input)),
    disapprove: permissionProcedure('employee.editRequest.approve')
      .meta({ rest: { method: 'POST', path: `${E}/update/request/{id}/disapprove`, message: 'Update request disapproved' } })
      .input(decideRequestInput)
      .output(returns(disapproveUpdateRequestOutput))
      .mutation(({ ctx, input }) => disapproveUpdateRequest(ctx.svc, ctx.grant, input)),
    delete: permissionProcedure('employee.editRequest.approve')
      .meta({ rest: { method: 'POST', path: `${E}/update/request/{id}/delete`, message: 'Update request deleted' } })
      .input(requestIdInput)
      .output(returns(deleteUpdateRequestOutput))
      .mutation(({ ctx, input }) => deleteUpdateRequest(ctx.svc, ctx.grant, input)),
  }),
  resignation: router({
    request: permissionProcedure('personal.access')
      .meta({ rest: { method: 'POST', path: `${E}/resignation/request`, message: 'Resignation submitted' } })
      .input(requestResignationInput)
      .output(returns(requestResignationOutput))
      .mutation(({ ctx, input }) => requestResignation(ctx.svc, ctx.grant, input)),
    mine: permissionProcedure('personal.access')
      .meta({ rest: { method: 'GET', path: `${E}/resignation/mine`, message: 'My resignations', results: true } })
      .input(listResignationsInput)
      .output(returns(listMyResignationsOutput))
      .query(({ ctx, input }) => listMyResignations(ctx.svc, ctx.grant, input)),
    cancelOwn: permissionProcedure('personal.access')
      .meta({ rest: { method: 'POST', path: `${E}/resignation/request/{id}/cancel`, message: 'Resignation cancelled' } })
      .input(requestIdInput)
      .output(returns(cancelMyResignationOutput))
      .mutation(({ ctx, input }) => cancelMyResignation(ctx.svc, ctx.grant, input)),
    updateOwn: permissionProcedure('personal.access')
      .meta({ rest: { method: 'POST', path: `${E}/resignation/request/{id}/update`, message: 'Resignation updated' } })
      .input(updateResignationInput)
      .output(returns(updateMyResignationOutput))
      .mutation(({ ctx, input }) => updateMyResignation(ctx.svc, ctx.grant, input)),
    list: permissionProcedure('employee.resignation.manage')
      .meta({ rest: { method: 'GET', path: `${E}/resignation`, message: 'Resignations', results: true } })
      .input(listResignationsInput)
      .output(returns(listResignationsOutput))
      .query(({ ctx, input }) => listResignations(ctx.svc, ctx.grant, input)),
    get: permissionProcedure('employee.resignation.manage')
      .meta({ rest: { method: 'GET', path: `${E}/resignation/{id}`, message: 'Resignation' } })
      .input(requestIdInput)
      .output(returns(getResignationOutput))
      .query(({ ctx, input }) => getResignation(ctx.svc, ctx.grant, input)),
    create: permissionProcedure('employee.resignation.manage')
      .meta({ rest: { method: 'POST', path: `${E}/resignation`, message: 'Resignation created' } })
      .input(createResignationInput)
      .output(returns(createResignationOutput))
      .mutation(({ ctx, input }) => createResignation(ctx.svc, ctx.grant, input)),
    update: permissionProcedure('employee.resignation.manage')
      .meta({ rest: { method: 'POST', path: `${E}/resignation/{id}/update`, message: 'Resignation updated' } })
      .input(updateResignationInput)
      .output(returns(updateResignationOutput))
      .mutation(({ ctx, input }) => updateResignation(ctx.svc, ctx.grant, input)),
    approve: permissionProcedure('employee.resignation.manage')
      .meta({ rest: { method: 'POST', path: `${E}/resignation/{id}/approve`, message: 'Resignation approved' } })
      .input(decideRequestInput)
      .output(returns(approveResignationOutput))
      .mutation(({ ctx, input }) => approveResignation(ctx.svc, ctx.grant, input)),
    disapprove: permissionProcedure('employee.resignation.manage')
      .meta({ rest: { method: 'POST', path: `${E}/resignation/{id}/disapprove`, message: 'Resignation disapproved' } })
      .input(decideRequestInput)
      .output(returns(disapproveResignationOutput))
      .mutation(({ ctx, input }) => disapproveResignation(ctx.svc, ctx.grant, input)),
    cancel: permissionProcedure('employee.resignation.manage')
      .meta({ rest: { method: 'POST', path: `${E}/resignation/{id}/cancel`, message: 'Resignation cancelled' } })
      .input(decideRequestInput)
      .output(returns(cancelResignationOutput))
      .mutation(({ ctx, input }) => cancelResignation(ctx.svc, ctx.grant, input)),
    delete: permissionProcedure('employee.resignation.manage')
      .meta({ rest: { method: 'POST', path: `${E}/resignation/{id}/delete`, message: 'Resignation deleted' } })
      .input(requestIdInput)
      .output(returns(deleteResignationOutput))
      .mutation(({ ctx, input }) => deleteResignation(ctx.svc, ctx.grant, input)),
  }),
  record: router({
    list: permissionProcedure('employee.view')
      .meta({ rest: { method: 'GET', path: `${E}/record`, message: 'Records', results: true } })
      .input(listByEmployeeInput)
      .output(returns(listRecordsOutput))
      .query(({ ctx, input }) => listRecords(ctx.svc, ctx.grant, input)),
    get: permissionProcedure('employee.view')
      .meta({ rest: { method: 'GET', path: `${E}/record/{id}`, message: 'Record' } })
      .input(historyIdInput)
      .output(returns(getRecordOutput))
      .query(({ ctx, input }) => getRecord(ctx.svc, ctx.grant, input)),
    create: permissionProcedure('employee.update')
      .meta({ rest: { method: 'POST', path: `${E}/record`, message: 'Record created' } })
      .input(createRecordInput)
      .output(returns(createRecordOutput))
      .mutation(({ ctx, input }) => createRecord(ctx.svc, ctx.grant, input)),
    update: permissionProcedure('employee.update')
      .meta({ rest: { method: 'POST', path: `${E}/record/{id}/update`, message: 'Record updated' } })
      .input(updateRecordInput)
      .output(returns(updateEmploymentRecordOutput))
      .mutation(({ ctx, input }) => updateEmploymentRecord(ctx.svc, ctx.grant, input)),
    delete: permissionProcedure('employee.update')
      .meta({ rest: { method: 'POST', path: `${E}/record/{id}/delete`, message: 'Record deleted' } })
      .input(historyIdInput)
      .output(returns(deleteEmploymentRecordOutput))
      .mutation(({ ctx, input }) => deleteEmploymentRecord(ctx.svc, ctx.grant, input)),
  }),
  detail: permissionProcedure('employee.view')
    .meta({ rest: { method: 'GET', path: '/v2/h/employee/{id}/detail', message: 'Employee' } })
    .input(employeeIdInput)
    .output(returns(getEmployeeDetailOutput))
    .query(({ ctx, input }) => getEmployeeDetail(ctx.svc, ctx.grant, input)),
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
      .output(returns(updateEmployeeLoginOutput))
      .mutation(({ ctx, input }) => updateEmployeeLogin(ctx.svc, ctx.grant, input)),
    // A new one-time password for the employee's login (issue 16 items 5 and 6).
    loginPassword: permissionProcedure('user.manage')
      .meta({ rest: { method: 'POST', path: '/v2/h/employee/update/login/password', message: 'Password reset' } })
      .input(employeeIdInput)
      .output(returns(resetEmployeeLoginPasswordOutput))
      .mutation(({ ctx, input }) => resetEmployeeLoginPassword(ctx.svc, ctx.grant, input)),
  }),
  list: permissionProcedure('employee.view')
    .meta({ rest: { method: 'GET', path: '/v2/h/employee/all', message: 'Employees', results: true } })
    .input(listEmployeesInput)
    .output(returns(listEmployeesOutput))
    .query(({ ctx, input }) => listEmployees(ctx.svc, ctx.grant, input)),
  download: permissionProcedure('employee.view')
    .meta({ rest: { method: 'GET', path: '/v2/h/employee/download/data', message: 'Employees', download: true } })
    .input(downloadEmployeesInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadEmployees(ctx.svc, ctx.grant, input)),
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
      .output(returns(registerOutput))
      .mutation(async ({ ctx, input }) => {
        const c = ctx.services.ctx(null, ctx.requestId);
        await limitRegistration(c, ctx.services.auth, ctx.ip);
        return register(c, input);
      }),
    list: permissionProcedure('employee.registration.view')
      .meta({ rest: { method: 'GET', path: '/v2/h/employee/registration', message: 'Registrations', results: true } })
      .input(listRegistrationsInput)
      .output(returns(listRegistrationsOutput))
      .query(({ ctx, input }) => listRegistrations(ctx.svc, ctx.grant, input)),
    activate: permissionProcedure('employee.registration.decide')
      .meta({ rest: { method: 'POST', path: '/v2/h/employee/registration/{id}/activate', message: 'Registration activated' } })
      .input(activateRegistrationInput)
      .output(returns(activateRegistrationOutput))
      .mutation(({ ctx, input }) => activateRegistration(ctx.svc, ctx.grant, input)),
    reject: permissionProcedure('employee.registration.decide')
      .meta({ rest: { method: 'POST', path: '/v2/h/employee/registration/{id}/reject', message: 'Registration rejected' } })
      .input(rejectRegistrationInput)
      .output(returns(okResult))
      .mutation(async ({ ctx, input }) => {
        await rejectRegistration(ctx.svc, ctx.grant, input);
        return { ok: true };
      }),
  }),
});
