/**
 * Texts fixed word for word by the spec (§2, §5, §8). They are the same in every language.
 */
export const SPEC_TEXT = {
  crash: 'Oops. Something went wrong.',
  unknownError: 'Unknown Error Occurred',
  onProcess: 'On Process..',
  errPrefix: 'Err:',
  loading: 'Loading...',
  selectCompanyOffice: 'Select Company Office',
  selectDepartment: 'Select Department',
  selectDivision: 'Select Division',
  selectItem: 'Select Item',
  selectUnit: 'Select Unit',
  selectService: 'Select Service',
  personalIdMissing: 'Your ID Personal not available, please reload page',
  registrationTitle: 'Registration',
} as const;

/** Labels of the registration form (spec §2). */
export const REGISTRATION_LABELS = {
  email: 'E-Mail',
  givenName: 'Given Name',
  surname: 'Surname',
  gender: 'Gender',
  religionId: 'Religion',
  educationLevelId: 'Education Level',
  maritalStatusId: 'Marital Status',
  birthDate: 'Birth Date',
} as const;
