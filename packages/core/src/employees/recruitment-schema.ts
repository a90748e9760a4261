import { z } from 'zod';
import { email, id, isoDate, optionalId, pageInput, requiredText, text } from '../shared/zod';
import { nullableId, optionalText } from '../shared/zod-optional';
import { base64Content, UPLOAD_MAX_BYTES } from './file-schema';
import { newEmployeePlacement } from './history-schema';

/**
 * Recruitment stages (`/employee/recruitment`). The spec names none; these are the usual
 * pipeline. `hired` is reached only by hiring (which creates the employee record); `hired` and
 * `rejected` are final.
 */
export const RECRUITMENT_STAGES = ['applied', 'interview', 'offered', 'hired', 'rejected'] as const;
export type RecruitmentStage = (typeof RECRUITMENT_STAGES)[number];
/** Stages an applicant can still be moved between (and hired from). */
export const OPEN_RECRUITMENT_STAGES = ['applied', 'interview', 'offered'] as const;
export const RECRUITMENT_STAGE_LABELS: Record<RecruitmentStage, string> = {
  applied: 'Applied',
  interview: 'Interview',
  offered: 'Offered',
  hired: 'Hired',
  rejected: 'Rejected',
};

/** Where an applicant came from: entered by HR, or taken over from a self-registration. */
export type RecruitmentSource = 'manual' | 'registration';

/** CV files: PDF or Word (DOCX), checked by their first bytes. */
export const CV_TYPES = ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'] as const;
export type CvType = (typeof CV_TYPES)[number];
/** 700 KB: as base64 in a JSON body it stays under the server's 1 MB body limit (like other uploads). */
export const CV_MAX_BYTES = UPLOAD_MAX_BYTES;

export const cvFileInput = z.strictObject({
  fileName: requiredText(150),
  contentType: z.enum(CV_TYPES, { message: 'must be a PDF or Word (DOCX) file' }),
  /** The file's bytes, base64 (the API takes JSON bodies only). */
  contentBase64: base64Content(CV_MAX_BYTES),
});
export type CvFileInput = z.input<typeof cvFileInput>;

const phone = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  text(30)
    .regex(/^\+?[0-9 ()-]{6,30}$/, 'must be a phone number')
    .nullable()
    .optional(),
);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** `GET /v2/h/employee/recruitment`: newest first, searchable by name, e-mail, phone or position. */
export const listApplicantsInput = pageInput.extend({
  search: text(100).optional(),
  stage: z.preprocess(blankToUndefined, z.enum(RECRUITMENT_STAGES).optional()),
  companyOfficeId: optionalId,
});
export type ListApplicantsInput = z.input<typeof listApplicantsInput>;

/** `POST /v2/h/employee/recruitment`: HR enters an applicant by hand. */
export const createApplicantInput = z.strictObject({
  givenName: requiredText(100),
  surname: text(100).default(''),
  email,
  phone,
  companyOfficeId: id,
  jobPositionId: nullableId,
  positionApplied: requiredText(150),
  note: optionalText(1000),
  cv: cvFileInput.optional(),
});
export type CreateApplicantInput = z.input<typeof createApplicantInput>;

/** `POST /v2/h/employee/recruitment/registration`: a pending self-registration becomes an applicant. */
export const applicantFromRegistrationInput = z.strictObject({
  registrationId: id,
  phone,
  companyOfficeId: id,
  jobPositionId: nullableId,
  positionApplied: requiredText(150),
  note: optionalText(1000),
});

export const applicantIdInput = z.strictObject({ id });

/** `POST /v2/h/employee/recruitment/{id}/stage`: move between the open stages, or reject. */
export const setApplicantStageInput = z.strictObject({
  id,
  stage: z.enum(['applied', 'interview', 'offered', 'rejected'], {
    message: 'must be applied, interview, offered or rejected (hire an applicant with Hire)',
  }),
  note: optionalText(1000),
});

export const addApplicantNoteInput = z.strictObject({ id, note: requiredText(1000) });

export const uploadApplicantCvInput = cvFileInput.extend({ id });

/**
 * `POST /v2/h/employee/recruitment/{id}/hire`: what the employee record needs beyond the
 * applicant's name and e-mail. Personal fields left out are taken from the applicant (a
 * self-registration brings them); the office and job position default to the application's.
 */
export const hireApplicantInput = z.strictObject({
  id,
  gender: z.enum(['Male', 'Female']).optional(),
  birthDate: isoDate.optional(),
  religionId: optionalId,
  educationLevelId: optionalId,
  maritalStatusId: optionalId,
  companyOfficeId: optionalId,
  ...newEmployeePlacement,
  annualLeaveDate: z.preprocess(blankToUndefined, isoDate.optional()),
});
export type HireApplicantInput = z.input<typeof hireApplicantInput>;

export interface ApplicantRow {
  id: number;
  source: RecruitmentSource;
  registrationId: number | null;
  name: string;
  givenName: string;
  surname: string;
  email: string;
  phone: string | null;
  companyOfficeId: number;
  companyOffice: string;
  jobPositionId: number | null;
  jobPosition: string | null;
  positionApplied: string;
  stage: RecruitmentStage;
  cvFileName: string | null;
  employeeId: number | null;
  employeeNumber: string | null;
  createdAt: string;
}

export interface ApplicantNote {
  id: number;
  stage: RecruitmentStage | null;
  note: string | null;
  createdBy: string | null;
  createdAt: string;
}

export interface ApplicantDetail extends ApplicantRow {
  gender: 'Male' | 'Female' | null;
  birthDate: string | null;
  religionId: number | null;
  educationLevelId: number | null;
  maritalStatusId: number | null;
  cvContentType: string | null;
  cvSize: number | null;
  notes: ApplicantNote[];
}
