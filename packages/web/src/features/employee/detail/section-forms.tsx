import {
  bankSectionInput,
  contactSectionInput,
  type EmployeeDetail,
  employmentSectionInput,
  medicalSectionInput,
  personalSectionInput,
} from '@hr/core/browser';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../ui/DatePicker';
import { Select } from '../../../ui/Select';
import type { FieldView } from '../../../ui/FormFields';
import { type FormFieldDef, formFieldDefs, useSchemaForm } from '../../../lib/use-schema-form';
import { FixedSelect } from '../../shared/FixedSelect';
import {
  BankSelect,
  CountrySelect,
  EducationLevelSelect,
  MaritalStatusSelect,
  PtkpSelect,
  ReligionSelect,
} from '../../shared/ReferenceSelects';
import { placementViews } from '../../shared/placement-views';
import { toId } from '../../shared/use-lookups';
import type { EmployeeField } from '../text-keys';

/*
 * The edit forms of the single-valued sections of an employee record. Each is a core schema
 * (the server checks the same one) with string form values; blanks clear optional fields.
 */

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const idOrNull = (v: string | undefined) => toId(v ?? '') ?? null;
const int = (v: string | undefined = ''): number | string | null =>
  v.trim() === '' ? null : /^\d+$/.test(v.trim()) ? Number(v) : v;
const date = (key: string): { key: string; render: FieldView<string>['render'] } => ({
  key,
  render: (p) => <DatePicker {...p} />,
});

export type SectionFormKind = 'personal' | 'contact' | 'employment' | 'medical' | 'bank';

function useLabels() {
  const { t } = useTranslation();
  return (k: EmployeeField) => t(`employeeDetail.fields.${k}`);
}

export function usePersonalForm(d: EmployeeDetail) {
  const label = useLabels();
  const p = d.personal;
  const keys = [
    'givenName',
    'surname',
    'gender',
    'birthDate',
    'birthPlace',
    'religionId',
    'maritalStatusId',
    'educationLevelId',
    'nationalId',
    'taxId',
    'nationalityCountryId',
    'ptkpStatusId',
  ] as const;
  const required = new Set(['givenName', 'gender', 'birthDate', 'religionId', 'maritalStatusId', 'educationLevelId']);
  return useSchemaForm({
    idPrefix: 'emp-personal',
    fields: formFieldDefs(keys, label, { required }),
    initial: {
      givenName: p.givenName,
      surname: p.surname,
      gender: p.gender,
      birthDate: p.birthDate,
      birthPlace: str(p.birthPlace),
      religionId: str(p.religion.id),
      maritalStatusId: str(p.maritalStatus.id),
      educationLevelId: str(p.educationLevel.id),
      nationalId: str(p.nationalId),
      taxId: str(p.taxId),
      nationalityCountryId: str(p.nationality?.id),
      ptkpStatusId: str(p.ptkpStatus?.id),
    },
    schema: personalSectionInput,
    toInput: (v) => ({
      id: d.id,
      givenName: v.givenName,
      surname: v.surname,
      gender: v.gender as 'Male' | 'Female',
      birthDate: v.birthDate,
      birthPlace: v.birthPlace,
      religionId: toId(v.religionId),
      maritalStatusId: toId(v.maritalStatusId),
      educationLevelId: toId(v.educationLevelId),
      nationalId: v.nationalId,
      taxId: v.taxId,
      nationalityCountryId: idOrNull(v.nationalityCountryId),
      ptkpStatusId: idOrNull(v.ptkpStatusId),
    }),
  });
}

export const personalViews: FieldView<string>[] = [
  { key: 'givenName', maxLength: 100 },
  { key: 'surname', maxLength: 100 },
  { key: 'gender', render: (p) => <FixedSelect {...p} list="gender" /> },
  date('birthDate'),
  { key: 'birthPlace', maxLength: 100 },
  { key: 'religionId', render: (p) => <ReligionSelect {...p} /> },
  { key: 'maritalStatusId', render: (p) => <MaritalStatusSelect {...p} /> },
  { key: 'educationLevelId', render: (p) => <EducationLevelSelect {...p} /> },
  { key: 'nationalId', inputMode: 'numeric', maxLength: 24, hint: 'NIK: 16 digits' },
  { key: 'taxId', inputMode: 'numeric', maxLength: 24, hint: 'NPWP: 15 or 16 digits' },
  { key: 'nationalityCountryId', render: (p) => <CountrySelect {...p} /> },
  { key: 'ptkpStatusId', render: (p) => <PtkpSelect {...p} /> },
];

export function useContactForm(d: EmployeeDetail) {
  const label = useLabels();
  const c = d.contact;
  const keys = ['email', 'personalEmail', 'phone', 'address', 'domicileAddress', 'city', 'postalCode', 'homeOwnership'] as const;
  return useSchemaForm({
    idPrefix: 'emp-contact',
    fields: formFieldDefs(keys, label, { required: new Set(['email']) }),
    initial: {
      email: c.email,
      personalEmail: str(c.personalEmail),
      phone: str(c.phone),
      address: str(c.address),
      domicileAddress: str(c.domicileAddress),
      city: str(c.city),
      postalCode: str(c.postalCode),
      homeOwnership: str(c.homeOwnership),
    },
    schema: contactSectionInput,
    toInput: (v) => ({ id: d.id, ...v, homeOwnership: int(v.homeOwnership) as number | null }),
  });
}

export const contactViews: FieldView<string>[] = [
  { key: 'email', maxLength: 254 },
  { key: 'personalEmail', maxLength: 254 },
  { key: 'phone', maxLength: 24, inputMode: 'numeric' },
  { key: 'address', maxLength: 500 },
  { key: 'domicileAddress', maxLength: 500 },
  { key: 'city', maxLength: 100 },
  { key: 'postalCode', maxLength: 5, inputMode: 'numeric' },
  { key: 'homeOwnership', render: (p) => <FixedSelect {...p} list="homeOwnership" /> },
];

export function useEmploymentForm(d: EmployeeDetail) {
  const label = useLabels();
  const e = d.employment;
  const fields: FormFieldDef<string>[] = [
    {
      key: 'companyOfficeId',
      label: label('companyOfficeId'),
      required: true,
      resets: ['departmentId', 'divisionId', 'sectionId', 'jobPositionId'],
    },
    { key: 'departmentId', label: label('departmentId'), resets: ['divisionId', 'sectionId', 'jobPositionId'] },
    { key: 'divisionId', label: label('divisionId'), resets: ['sectionId', 'jobPositionId'] },
    { key: 'sectionId', label: label('sectionId'), resets: ['jobPositionId'] },
    { key: 'jobPositionId', label: label('jobPositionId') },
    { key: 'jobLevelId', label: label('jobLevelId') },
    { key: 'contractType', label: label('contractType') },
    { key: 'entryDate', label: label('entryDate'), required: true },
    { key: 'firstJoinDate', label: label('firstJoinDate') },
    { key: 'contractStartDate', label: label('contractStartDate') },
    { key: 'annualLeaveDate', label: label('annualLeaveDate') },
  ];
  return useSchemaForm({
    idPrefix: 'emp-employment',
    fields,
    initial: {
      companyOfficeId: str(e.companyOffice.id),
      departmentId: str(e.department?.id),
      divisionId: str(e.division?.id),
      sectionId: str(e.section?.id),
      jobPositionId: str(e.jobPosition?.id),
      jobLevelId: str(e.jobLevel?.id),
      contractType: str(e.contractType),
      entryDate: e.entryDate,
      firstJoinDate: str(e.firstJoinDate),
      contractStartDate: str(e.contractStartDate),
      annualLeaveDate: str(e.annualLeaveDate),
    },
    schema: employmentSectionInput,
    toInput: (v) => ({
      id: d.id,
      companyOfficeId: toId(v.companyOfficeId),
      departmentId: idOrNull(v.departmentId ?? ''),
      divisionId: idOrNull(v.divisionId ?? ''),
      sectionId: idOrNull(v.sectionId ?? ''),
      jobPositionId: idOrNull(v.jobPositionId ?? ''),
      jobLevelId: idOrNull(v.jobLevelId ?? ''),
      contractType: int(v.contractType ?? '') as number | null,
      entryDate: v.entryDate,
      firstJoinDate: v.firstJoinDate,
      contractStartDate: v.contractStartDate,
      annualLeaveDate: v.annualLeaveDate,
    }),
  });
}

export const employmentViews: FieldView<string>[] = [
  ...placementViews,
  { key: 'contractType', render: (p) => <FixedSelect {...p} list="contractStatus" /> },
  date('entryDate'),
  date('firstJoinDate'),
  date('contractStartDate'),
  date('annualLeaveDate'),
];

/** The medical section's fields, in form order. */
export const MEDICAL_FIELDS = [
  'bloodType',
  'heightCm',
  'weightKg',
  'allergies',
  'medicalNotes',
  'bpjsKesehatanNumber',
  'bpjsKetenagakerjaanNumber',
] as const;

export function useMedicalForm(d: EmployeeDetail) {
  const label = useLabels();
  const m = d.medical;
  const keys = MEDICAL_FIELDS;
  return useSchemaForm({
    idPrefix: 'emp-medical',
    fields: formFieldDefs(keys, label),
    initial: {
      bloodType: str(m.bloodType),
      heightCm: str(m.heightCm),
      weightKg: str(m.weightKg),
      allergies: str(m.allergies),
      medicalNotes: str(m.medicalNotes),
      bpjsKesehatanNumber: str(m.bpjsKesehatanNumber),
      bpjsKetenagakerjaanNumber: str(m.bpjsKetenagakerjaanNumber),
    },
    schema: medicalSectionInput,
    toInput: (v) => ({
      id: d.id,
      ...v,
      bloodType: (v.bloodType || null) as 'A' | 'B' | 'AB' | 'O' | null,
      heightCm: int(v.heightCm) as number | null,
      weightKg: int(v.weightKg) as number | null,
    }),
  });
}

export const medicalViews: FieldView<string>[] = [
  {
    key: 'bloodType',
    render: (p) => <Select {...p} placeholder="-" options={['A', 'B', 'AB', 'O'].map((b) => ({ value: b, label: b }))} />,
  },
  { key: 'heightCm', type: 'number', maxLength: 3 },
  { key: 'weightKg', type: 'number', maxLength: 3 },
  { key: 'allergies', maxLength: 500 },
  { key: 'medicalNotes', maxLength: 1000 },
  { key: 'bpjsKesehatanNumber', inputMode: 'numeric', maxLength: 20, hint: '13 digits' },
  { key: 'bpjsKetenagakerjaanNumber', inputMode: 'numeric', maxLength: 20, hint: '11 digits' },
];

export function useBankForm(d: EmployeeDetail) {
  const label = useLabels();
  const b = d.bank;
  const keys = ['bankId', 'bankAccountNumber', 'bankAccountName'] as const;
  return useSchemaForm({
    idPrefix: 'emp-bank',
    fields: formFieldDefs(keys, label),
    initial: { bankId: str(b.bank?.id), bankAccountNumber: str(b.bankAccountNumber), bankAccountName: str(b.bankAccountName) },
    schema: bankSectionInput,
    toInput: (v) => ({
      id: d.id,
      bankId: idOrNull(v.bankId),
      bankAccountNumber: v.bankAccountNumber,
      bankAccountName: v.bankAccountName,
    }),
  });
}

export const bankViews: FieldView<string>[] = [
  { key: 'bankId', render: (p) => <BankSelect {...p} /> },
  { key: 'bankAccountNumber', inputMode: 'numeric', maxLength: 34 },
  { key: 'bankAccountName', maxLength: 100 },
];
