import type { RegistrationForm } from './validate';

/** One complete registration as the form holds it (dd/mm/yyyy, ids as text). */
export const SARI_FORM: RegistrationForm = {
  email: 'sari@example.com',
  givenName: 'Sari',
  surname: 'Wulandari',
  gender: 'Female',
  birthDate: '17/08/1995',
  religionId: '1',
  educationLevelId: '2',
  maritalStatusId: '5',
};

/** The same registration as the server receives it (yyyy-mm-dd, numeric ids). */
export const SARI_INPUT = {
  email: 'sari@example.com',
  givenName: 'Sari',
  surname: 'Wulandari',
  gender: 'Female',
  birthDate: '1995-08-17',
  religionId: 1,
  educationLevelId: 2,
  maritalStatusId: 5,
};
