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
  emailOneTimePassword,
  emailOneTimePasswordInput,
  listRegistrations,
  listRegistrationsInput,
  register,
  registrationInput,
  rejectRegistration,
  rejectRegistrationInput,
} from '@hr/core/registration';
import { limitRegistration } from '@hr/core/auth';
import { permissionProcedure, publicProcedure, router } from '../trpc/procedures';
import { call, decisionProcedures, gate, noInput, thenOk, writeProcedures } from '../trpc/crud';
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
import {
  activateRegistrationOutput,
  emailOneTimePasswordOutput,
  listRegistrationsOutput,
  registerOutput,
} from '@hr/core/registration';
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

const employeeCreate = gate('employee.create');
const view = gate('employee.view');
const employeeUpdate = gate('employee.update');
const manage = gate('employee.manager.manage');
const personalAccess = gate('personal.access');
const employeeEditRequestApprove = gate('employee.editRequest.approve');
const employeeResignationManage = gate('employee.resignation.manage');
const userManage = gate('user.manage');
const employeeRegistrationView = gate('employee.registration.view');
const decide = gate('employee.registration.decide');

export const employeeRouter = router({
  import: employeeImportRouter,
  recruitment: recruitmentRouter,
  signature: signatureRouter,
  qrCode: qrCodeRouter,
  create: employeeCreate.post(E, 'Employee created', call(createEmployeeInput, createEmployee, createEmployeeOutput)),
  contract: router({
    list: view.list(`${E}/contract`, 'Contracts', call(listByEmployeeInput, listContracts, listContractsOutput)),
    get: view.get(`${E}/contract/{id}`, 'Contract', call(historyIdInput, getContract, getContractOutput)),
    create: employeeUpdate.post(
      `${E}/contract`,
      'Contract created',
      call(createContractInput, createContract, createContractOutput),
    ),
    update: employeeUpdate.post(
      `${E}/contract/{id}/update`,
      'Contract updated',
      call(updateContractInput, updateContract, updateContractOutput),
    ),
    uploadFile: employeeUpdate.post(
      `${E}/contract/{id}/file`,
      'Contract file uploaded',
      call(uploadContractFileInput, uploadContractFile, uploadContractFileOutput),
    ),
    file: view.file(`${E}/contract/{id}/file`, 'Contract file', call(historyIdInput, downloadContractFile, fileResult)),
  }),
  secondContract: secondContractRouter,
  manager: router({
    list: manage.list(`${E}/manager`, 'Managers', call(listManagersInput, listManagers, listManagersOutput)),
    get: manage.get(`${E}/manager/{id}`, 'Manager', call(managerIdInput, getManager, getManagerOutput)),
    create: manage.post(`${E}/manager`, 'Manager added', call(createManagersInput, createManagers, createManagersOutput)),
    update: manage.post(
      `${E}/manager/{id}/update`,
      'Manager updated',
      call(updateManagerInput, updateManager, updateManagerOutput),
    ),
    activate: manage.post(
      `${E}/manager/{id}/activate`,
      'Manager activated',
      call(managerIdInput, activateManager, activateManagerOutput),
    ),
    inactivate: manage.post(
      `${E}/manager/{id}/inactivate`,
      'Manager inactivated',
      call(managerIdInput, inactivateManager, inactivateManagerOutput),
    ),
  }),
  profile: router({
    personalInformation: personalAccess.get(
      `${E}/profile/personalInformation`,
      'Personal information',
      noInput(getOwnEmployeeDetail, getOwnEmployeeDetailOutput),
    ),
  }),
  updateRequest: router({
    submit: personalAccess.post(
      `${E}/update/request`,
      'Update request submitted',
      call(submitUpdateRequestInput, submitUpdateRequest, submitUpdateRequestOutput),
    ),
    mine: personalAccess.list(
      `${E}/update/request/mine`,
      'My update requests',
      call(listUpdateRequestsInput, listMyUpdateRequests, listMyUpdateRequestsOutput),
    ),
    cancel: personalAccess.post(
      `${E}/update/request/{id}/cancel`,
      'Update request cancelled',
      call(requestIdInput, cancelMyUpdateRequest, cancelMyUpdateRequestOutput),
    ),
    list: employeeEditRequestApprove.list(
      `${E}/update/request`,
      'Update requests',
      call(listUpdateRequestsInput, listUpdateRequests, listUpdateRequestsOutput),
    ),
    ...decisionProcedures('employee.editRequest.approve', `${E}/update/request`, 'Update request', {
      approve: call(decideRequestInput, approveUpdateRequest, approveUpdateRequestOutput),
      disapprove: call(decideRequestInput, disapproveUpdateRequest, disapproveUpdateRequestOutput),
    }),
    delete: employeeEditRequestApprove.post(
      `${E}/update/request/{id}/delete`,
      'Update request deleted',
      call(requestIdInput, deleteUpdateRequest, deleteUpdateRequestOutput),
    ),
  }),
  resignation: router({
    request: personalAccess.post(
      `${E}/resignation/request`,
      'Resignation submitted',
      call(requestResignationInput, requestResignation, requestResignationOutput),
    ),
    mine: personalAccess.list(
      `${E}/resignation/mine`,
      'My resignations',
      call(listResignationsInput, listMyResignations, listMyResignationsOutput),
    ),
    cancelOwn: personalAccess.post(
      `${E}/resignation/request/{id}/cancel`,
      'Resignation cancelled',
      call(requestIdInput, cancelMyResignation, cancelMyResignationOutput),
    ),
    updateOwn: personalAccess.post(
      `${E}/resignation/request/{id}/update`,
      'Resignation updated',
      call(updateResignationInput, updateMyResignation, updateMyResignationOutput),
    ),
    list: employeeResignationManage.list(
      `${E}/resignation`,
      'Resignations',
      call(listResignationsInput, listResignations, listResignationsOutput),
    ),
    get: employeeResignationManage.get(
      `${E}/resignation/{id}`,
      'Resignation',
      call(requestIdInput, getResignation, getResignationOutput),
    ),
    create: employeeResignationManage.post(
      `${E}/resignation`,
      'Resignation created',
      call(createResignationInput, createResignation, createResignationOutput),
    ),
    update: employeeResignationManage.post(
      `${E}/resignation/{id}/update`,
      'Resignation updated',
      call(updateResignationInput, updateResignation, updateResignationOutput),
    ),
    ...decisionProcedures('employee.resignation.manage', `${E}/resignation`, 'Resignation', {
      approve: call(decideRequestInput, approveResignation, approveResignationOutput),
      disapprove: call(decideRequestInput, disapproveResignation, disapproveResignationOutput),
    }),
    cancel: employeeResignationManage.post(
      `${E}/resignation/{id}/cancel`,
      'Resignation cancelled',
      call(decideRequestInput, cancelResignation, cancelResignationOutput),
    ),
    delete: employeeResignationManage.post(
      `${E}/resignation/{id}/delete`,
      'Resignation deleted',
      call(requestIdInput, deleteResignation, deleteResignationOutput),
    ),
  }),
  record: router({
    list: view.list(`${E}/record`, 'Records', call(listByEmployeeInput, listRecords, listRecordsOutput)),
    get: view.get(`${E}/record/{id}`, 'Record', call(historyIdInput, getRecord, getRecordOutput)),
    ...writeProcedures(
      'employee.update',
      { path: `${E}/record`, noun: 'Record' },
      {
        create: call(createRecordInput, createRecord, createRecordOutput),
        update: call(updateRecordInput, updateEmploymentRecord, updateEmploymentRecordOutput),
        delete: call(historyIdInput, deleteEmploymentRecord, deleteEmploymentRecordOutput),
      },
    ),
  }),
  detail: view.get('/v2/h/employee/{id}/detail', 'Employee', call(employeeIdInput, getEmployeeDetail, getEmployeeDetailOutput)),
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
    login: userManage.post(
      '/v2/h/employee/update/login',
      `${SECTION_LABELS.login} saved`,
      call(SECTION_INPUTS.login, updateEmployeeLogin, updateEmployeeLoginOutput),
    ),
    // A new one-time password for the employee's login (issue 16 items 5 and 6).
    loginPassword: userManage.post(
      '/v2/h/employee/update/login/password',
      'Password reset',
      call(employeeIdInput, resetEmployeeLoginPassword, resetEmployeeLoginPasswordOutput),
    ),
  }),
  list: view.list('/v2/h/employee/all', 'Employees', call(listEmployeesInput, listEmployees, listEmployeesOutput)),
  download: view.file('/v2/h/employee/download/data', 'Employees', call(downloadEmployeesInput, downloadEmployees, fileResult)),
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
    list: employeeRegistrationView.list(
      '/v2/h/employee/registration',
      'Registrations',
      call(listRegistrationsInput, listRegistrations, listRegistrationsOutput),
    ),
    activate: decide.post(
      '/v2/h/employee/registration/{id}/activate',
      'Registration activated',
      call(activateRegistrationInput, activateRegistration, activateRegistrationOutput),
    ),
    /** E-mails the one-time password of an activated registration's login to its holder (issue 19). */
    sendPassword: permissionProcedure('employee.registration.decide')
      .meta({ rest: { method: 'POST', path: '/v2/h/employee/registration/sendPassword', message: 'One-time password e-mailed' } })
      .input(emailOneTimePasswordInput)
      .output(returns(emailOneTimePasswordOutput))
      .mutation(({ ctx, input }) => emailOneTimePassword(ctx.svc, ctx.grant, ctx.services.mail, input)),
    reject: decide.post(
      '/v2/h/employee/registration/{id}/reject',
      'Registration rejected',
      call(rejectRegistrationInput, thenOk(rejectRegistration), okResult),
    ),
  }),
});
