import type { FieldView } from '../../ui/FormFields';
import { FixedSelect } from '../shared/FixedSelect';
import { dateView, placementViews } from '../shared/placement-views';
import { EducationLevelSelect, MaritalStatusSelect, ReligionSelect } from '../shared/ReferenceSelects';

/** Keys of the personal fields below, in form order. */
export const PERSONAL_KEYS = ['gender', 'birthDate', 'religionId', 'educationLevelId', 'maritalStatusId'] as const;
/** Keys of the employment fields below, in form order. */
export const EMPLOYMENT_KEYS = [
  'companyOfficeId',
  'departmentId',
  'divisionId',
  'sectionId',
  'jobPositionId',
  'jobLevelId',
  'contractType',
  'firstJoinDate',
  'annualLeaveDate',
] as const;

/** A new person's name and e-mail (add employee, add an applicant). */
export const nameEmailViews: FieldView<string>[] = [
  { key: 'givenName', maxLength: 100 },
  { key: 'surname', maxLength: 100 },
  { key: 'email', maxLength: 254 },
];

/** The personal fields of a new employee (add employee, hire an applicant). */
export const personalViews: FieldView<string>[] = [
  { key: 'gender', render: (p) => <FixedSelect {...p} list="gender" /> },
  dateView('birthDate'),
  { key: 'religionId', render: (p) => <ReligionSelect {...p} /> },
  { key: 'educationLevelId', render: (p) => <EducationLevelSelect {...p} /> },
  { key: 'maritalStatusId', render: (p) => <MaritalStatusSelect {...p} /> },
];

/** Where a new employee works and on what terms (add employee, hire an applicant). */
export const employmentViews: FieldView<string>[] = [
  ...placementViews,
  { key: 'contractType', render: (p) => <FixedSelect {...p} list="contractStatus" /> },
  dateView('firstJoinDate'),
  dateView('annualLeaveDate'),
];
