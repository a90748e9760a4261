import { REGISTRATION_FIELDS, type RegistrationInput } from '@hr/core/browser';
import { dmyToIso } from '../../lib/date-mask';

export type RegistrationKey = (typeof REGISTRATION_FIELDS)[number]['key'];

/** The form as typed: every value a string; birthDate as dd/mm/yyyy. */
export type RegistrationForm = Record<RegistrationKey, string>;

export const EMPTY_REGISTRATION: RegistrationForm = {
  email: '',
  givenName: '',
  surname: '',
  gender: '',
  birthDate: '',
  religionId: '',
  educationLevelId: '',
  maritalStatusId: '',
};

export interface RegistrationProblem {
  field: RegistrationKey;
  kind: 'required' | 'invalidDate';
  /** Notice naming the field, e.g. "Given name field is required" (spec §5). */
  message: string;
}

/** The notice for an empty registration field, with the spec's label (spec §5). */
export function registrationRequiredNotice(field: RegistrationKey): string {
  const label = REGISTRATION_FIELDS.find((f) => f.key === field)?.label ?? field;
  return `${label} field is required`;
}

/**
 * The first problem of the form, checking fields in the order of spec §5: email, givenName,
 * surname, gender, birthDate, religionId, educationLevelId, maritalStatusId. A birth date that
 * is filled in but not a real dd/mm/yyyy date is reported at its place in that order.
 */
export function firstRegistrationProblem(form: RegistrationForm, invalidDateMessage: string): RegistrationProblem | null {
  for (const { key } of REGISTRATION_FIELDS) {
    const v = form[key].trim();
    if (!v) return { field: key, kind: 'required', message: registrationRequiredNotice(key) };
    if (key === 'birthDate' && !dmyToIso(v)) return { field: key, kind: 'invalidDate', message: invalidDateMessage };
  }
  return null;
}

/** The server's input: trimmed text, numeric ids, birthDate as yyyy-mm-dd. Call after validation. */
export function toRegistrationInput(form: RegistrationForm): RegistrationInput {
  return {
    email: form.email.trim(),
    givenName: form.givenName.trim(),
    surname: form.surname.trim(),
    gender: form.gender as RegistrationInput['gender'],
    birthDate: dmyToIso(form.birthDate) ?? '',
    religionId: Number(form.religionId),
    educationLevelId: Number(form.educationLevelId),
    maritalStatusId: Number(form.maritalStatusId),
  };
}
