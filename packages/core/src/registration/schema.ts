import { z } from 'zod';
import { GENDERS } from '../reference/schema';
import { email, id, isoDate, optionalId, pageInput, requiredText } from '../shared/zod';

/**
 * The public registration form (spec §2, §5): eight required fields. The order of this
 * list is the order in which the form reports the first empty field.
 */
export const REGISTRATION_FIELDS = [
  { key: 'email', label: 'Email' },
  { key: 'givenName', label: 'Given name' },
  { key: 'surname', label: 'Surname' },
  { key: 'gender', label: 'Gender' },
  { key: 'birthDate', label: 'BirthDate' },
  { key: 'religionId', label: 'Religion' },
  { key: 'educationLevelId', label: 'Education level' },
  { key: 'maritalStatusId', label: 'Marital status' },
] as const;

export const registrationInput = z.object({
  email,
  givenName: requiredText(100),
  surname: requiredText(100),
  gender: z.enum(GENDERS, { message: 'must be Male or Female' }),
  /** yyyy-mm-dd (the form shows dd/mm/yyyy). */
  birthDate: isoDate,
  religionId: id,
  educationLevelId: id,
  maritalStatusId: id,
});
export type RegistrationInput = z.input<typeof registrationInput>;

export const listRegistrationsInput = pageInput.extend({
  /** Approval status, spec §3: Approved=1, Disapproved=2, Pending=3. */
  status: z.coerce.number().int().min(1).max(3).default(3),
});

export const activateRegistrationInput = z.object({
  id,
  companyOfficeId: id,
  departmentId: optionalId,
  divisionId: optionalId,
  jobPositionId: optionalId,
});

/**
 * E-mail the one-time password of an activated registration's login to its holder (issue 19): the password the
 * activation showed, which the server checks against the login (it keeps only its hash).
 */
export const emailOneTimePasswordInput = z.object({
  employeeId: id,
  password: z.string({ message: 'is required' }).min(1, 'is required').max(200, 'must be at most 200 characters'),
});

export const rejectRegistrationInput = z.object({ id, note: z.string().trim().max(500).optional() });

export interface RegistrationRow {
  id: number;
  email: string;
  givenName: string;
  surname: string;
  gender: string;
  birthDate: string;
  religion: string;
  educationLevel: string;
  maritalStatus: string;
  status: number;
  createdAt: Date;
  decidedAt: Date | null;
  employeeId: number | null;
}
