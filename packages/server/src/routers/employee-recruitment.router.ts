import {
  addApplicantNote,
  addApplicantNoteInput,
  applicantFromRegistration,
  applicantFromRegistrationInput,
  applicantIdInput,
  createApplicant,
  createApplicantInput,
  downloadApplicantCv,
  getApplicant,
  hireApplicant,
  hireApplicantInput,
  listApplicants,
  listApplicantsInput,
  setApplicantStage,
  setApplicantStageInput,
  uploadApplicantCv,
  uploadApplicantCvInput,
} from '@hr/core/employees';
import { permissionProcedure, router } from '../trpc/procedures';
import {
  addApplicantNoteOutput,
  applicantFromRegistrationOutput,
  createApplicantOutput,
  getApplicantOutput,
  hireApplicantOutput,
  listApplicantsOutput,
  setApplicantStageOutput,
  uploadApplicantCvOutput,
} from '@hr/core/employees';
import { fileResult, returns } from '../trpc/output';

/*
 * Recruitment (issue 3, `/employee/recruitment`): applicants entered by HR or taken over from a
 * pending self-registration, their stages, notes and CV, and hiring (which also needs
 * employee.create and creates the employee record).
 */
const R = '/v2/h/employee/recruitment';
const manage = () => permissionProcedure('employee.recruitment.manage');

export const recruitmentRouter = router({
  list: manage()
    .meta({ rest: { method: 'GET', path: R, message: 'Applicants', results: true } })
    .input(listApplicantsInput)
    .output(returns(listApplicantsOutput))
    .query(({ ctx, input }) => listApplicants(ctx.svc, ctx.grant, input)),
  get: manage()
    .meta({ rest: { method: 'GET', path: `${R}/{id}`, message: 'Applicant' } })
    .input(applicantIdInput)
    .output(returns(getApplicantOutput))
    .query(({ ctx, input }) => getApplicant(ctx.svc, ctx.grant, input)),
  create: manage()
    .meta({ rest: { method: 'POST', path: R, message: 'Applicant added' } })
    .input(createApplicantInput)
    .output(returns(createApplicantOutput))
    .mutation(({ ctx, input }) => createApplicant(ctx.svc, ctx.grant, input)),
  fromRegistration: manage()
    .meta({ rest: { method: 'POST', path: `${R}/registration`, message: 'Registration moved into recruitment' } })
    .input(applicantFromRegistrationInput)
    .output(returns(applicantFromRegistrationOutput))
    .mutation(({ ctx, input }) => applicantFromRegistration(ctx.svc, ctx.grant, input)),
  stage: manage()
    .meta({ rest: { method: 'POST', path: `${R}/{id}/stage`, message: 'Applicant moved' } })
    .input(setApplicantStageInput)
    .output(returns(setApplicantStageOutput))
    .mutation(({ ctx, input }) => setApplicantStage(ctx.svc, ctx.grant, input)),
  note: manage()
    .meta({ rest: { method: 'POST', path: `${R}/{id}/note`, message: 'Note added' } })
    .input(addApplicantNoteInput)
    .output(returns(addApplicantNoteOutput))
    .mutation(({ ctx, input }) => addApplicantNote(ctx.svc, ctx.grant, input)),
  uploadCv: manage()
    .meta({ rest: { method: 'POST', path: `${R}/{id}/cv`, message: 'CV uploaded' } })
    .input(uploadApplicantCvInput)
    .output(returns(uploadApplicantCvOutput))
    .mutation(({ ctx, input }) => uploadApplicantCv(ctx.svc, ctx.grant, input)),
  cv: manage()
    .meta({ rest: { method: 'GET', path: `${R}/{id}/cv`, message: 'CV', download: true } })
    .input(applicantIdInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadApplicantCv(ctx.svc, ctx.grant, input)),
  hire: manage()
    .meta({ rest: { method: 'POST', path: `${R}/{id}/hire`, message: 'Applicant hired' } })
    .input(hireApplicantInput)
    .output(returns(hireApplicantOutput))
    .mutation(({ ctx, input }) => hireApplicant(ctx.svc, ctx.grant, input)),
});
