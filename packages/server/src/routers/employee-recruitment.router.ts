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
import { router } from '../trpc/procedures';
import { call, gate } from '../trpc/crud';
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
import { fileResult } from '../trpc/output';

/*
 * Recruitment (issue 3, `/employee/recruitment`): applicants entered by HR or taken over from a
 * pending self-registration, their stages, notes and CV, and hiring (which also needs
 * employee.create and creates the employee record).
 */
const R = '/v2/h/employee/recruitment';

const manage = gate('employee.recruitment.manage');

export const recruitmentRouter = router({
  list: manage.list(R, 'Applicants', call(listApplicantsInput, listApplicants, listApplicantsOutput)),
  get: manage.get(`${R}/{id}`, 'Applicant', call(applicantIdInput, getApplicant, getApplicantOutput)),
  create: manage.post(R, 'Applicant added', call(createApplicantInput, createApplicant, createApplicantOutput)),
  fromRegistration: manage.post(
    `${R}/registration`,
    'Registration moved into recruitment',
    call(applicantFromRegistrationInput, applicantFromRegistration, applicantFromRegistrationOutput),
  ),
  stage: manage.post(
    `${R}/{id}/stage`,
    'Applicant moved',
    call(setApplicantStageInput, setApplicantStage, setApplicantStageOutput),
  ),
  note: manage.post(`${R}/{id}/note`, 'Note added', call(addApplicantNoteInput, addApplicantNote, addApplicantNoteOutput)),
  uploadCv: manage.post(`${R}/{id}/cv`, 'CV uploaded', call(uploadApplicantCvInput, uploadApplicantCv, uploadApplicantCvOutput)),
  cv: manage.file(`${R}/{id}/cv`, 'CV', call(applicantIdInput, downloadApplicantCv, fileResult)),
  hire: manage.post(`${R}/{id}/hire`, 'Applicant hired', call(hireApplicantInput, hireApplicant, hireApplicantOutput)),
});
