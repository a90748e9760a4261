import { z } from 'zod';
import { email, id, isoDate, requiredText, text } from '../shared/zod';
import { blankToNull, nullableId, optionalDate, optionalText } from '../shared/zod-optional';

/*
 * The sections of an employee record (spec §3), each saved on its own through
 * `POST /v2/h/employee/update/{section}`. Single-valued sections are partial: a field left out is
 * kept, "" or null clears an optional one. Repeating sections (emergency, sibling,
 * previousCompany) and parents are replaced as a whole.
 */
export const EMPLOYEE_SECTIONS = [
  'personal',
  'contact',
  'employment',
  'emergency',
  'parents',
  'sibling',
  'medical',
  'login',
  'bank',
  'previousCompany',
] as const;
export type EmployeeSection = (typeof EMPLOYEE_SECTIONS)[number];

/** Digits only after removing spaces, dots and dashes (how people type NIK, NPWP, account numbers). */
const digits = (label: string, lengths: readonly number[]) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.replace(/[\s.-]/g, '')) : v),
    z
      .string()
      .regex(/^\d+$/, 'must contain digits only')
      .refine((s) => lengths.includes(s.length), `must be ${label}`)
      .nullable()
      .optional(),
  );
const digitRange = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.replace(/[\s.-]/g, '')) : v),
    z
      .string()
      .regex(new RegExp(`^\\d{${min},${max}}$`), `must be ${min} to ${max} digits`)
      .nullable()
      .optional(),
  );
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 \-()]{5,22}$/, 'must be a phone number (digits, spaces, dashes, optional leading +)');
const optionalPhone = z.preprocess(blankToNull, phone.nullable().optional());
const smallInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).nullable().optional(),
  );

const target = { id };
const gender = z.enum(['Male', 'Female']);

export const personalSectionInput = z.strictObject({
  ...target,
  givenName: requiredText(100).optional(),
  surname: text(100).optional(),
  gender: gender.optional(),
  birthDate: isoDate.optional(),
  birthPlace: optionalText(100),
  religionId: id.optional(),
  maritalStatusId: id.optional(),
  educationLevelId: id.optional(),
  nationalId: digits('16 digits (NIK)', [16]),
  taxId: digits('15 or 16 digits (NPWP)', [15, 16]),
  nationalityCountryId: nullableId,
  ptkpStatusId: nullableId,
});

export const contactSectionInput = z.strictObject({
  ...target,
  email: email.optional(),
  personalEmail: z.preprocess(blankToNull, email.nullable().optional()),
  phone: optionalPhone,
  address: optionalText(500),
  domicileAddress: optionalText(500),
  city: optionalText(100),
  postalCode: z.preprocess(
    blankToNull,
    z
      .string()
      .regex(/^\d{5}$/, 'must be 5 digits')
      .nullable()
      .optional(),
  ),
  /** Home ownership, spec §3: Owned=1, Rent=2, Kost=3, Parent_House=4, Stay_With=5. */
  homeOwnership: smallInt(1, 5),
});

/** Where in the office an employee is placed: each level below it may be cleared with null. */
export const placementLevels = {
  departmentId: nullableId,
  divisionId: nullableId,
  sectionId: nullableId,
  jobPositionId: nullableId,
  jobLevelId: nullableId,
};

export const employmentSectionInput = z.strictObject({
  ...target,
  companyOfficeId: id.optional(),
  ...placementLevels,
  /** Contract type, spec §3: training=1, internship=2, Freelance=3, Contracted=4, Permanent=5. */
  contractType: smallInt(1, 5),
  entryDate: isoDate.optional(),
  firstJoinDate: optionalDate,
  contractStartDate: optionalDate,
  annualLeaveDate: optionalDate,
});

const emergencyContact = z.strictObject({
  name: requiredText(100),
  relationship: z.enum(['Family', 'Friend']),
  phone,
  address: optionalText(500),
});
export const emergencySectionInput = z.strictObject({
  ...target,
  contacts: z.array(emergencyContact).max(5, 'at most 5 emergency contacts'),
});

const parent = z.strictObject({
  name: requiredText(100),
  birthDate: optionalDate,
  phone: optionalPhone,
  occupation: optionalText(100),
  alive: z.boolean().default(true),
});
export const parentsSectionInput = z.strictObject({
  ...target,
  father: parent.nullable(),
  mother: parent.nullable(),
});

const sibling = z.strictObject({
  name: requiredText(100),
  gender,
  birthDate: optionalDate,
  educationLevelId: nullableId,
  occupation: optionalText(100),
});
export const siblingSectionInput = z.strictObject({
  ...target,
  siblings: z.array(sibling).max(20, 'at most 20 siblings'),
});

export const medicalSectionInput = z.strictObject({
  ...target,
  bloodType: z.preprocess(blankToNull, z.enum(['A', 'B', 'AB', 'O']).nullable().optional()),
  heightCm: smallInt(30, 260),
  weightKg: smallInt(2, 400),
  allergies: optionalText(500),
  medicalNotes: optionalText(1000),
  /** The JKN card number has 13 digits. */
  bpjsKesehatanNumber: digits('13 digits', [13]),
  /** The BPJS Ketenagakerjaan (KPJ) number has 11 digits. */
  bpjsKetenagakerjaanNumber: digits('11 digits', [11]),
});

export const loginSectionInput = z.strictObject({
  ...target,
  /** An inactive login cannot sign in; deactivating ends its sessions at once. */
  active: z.boolean(),
});

export const bankSectionInput = z.strictObject({
  ...target,
  bankId: nullableId,
  bankAccountNumber: digitRange(5, 30),
  bankAccountName: optionalText(100),
});

const previousCompany = z
  .strictObject({
    companyName: requiredText(150),
    jobTitle: optionalText(100),
    startDate: isoDate,
    endDate: optionalDate,
    reasonForLeaving: optionalText(300),
  })
  .refine((c) => !c.endDate || c.endDate >= c.startDate, { path: ['endDate'], message: 'must not be before the start date' });
export const previousCompanySectionInput = z.strictObject({
  ...target,
  companies: z.array(previousCompany).max(20, 'at most 20 previous companies'),
});

export const SECTION_INPUTS = {
  personal: personalSectionInput,
  contact: contactSectionInput,
  employment: employmentSectionInput,
  emergency: emergencySectionInput,
  parents: parentsSectionInput,
  sibling: siblingSectionInput,
  medical: medicalSectionInput,
  login: loginSectionInput,
  bank: bankSectionInput,
  previousCompany: previousCompanySectionInput,
} as const satisfies Record<EmployeeSection, z.ZodType>;

export type SectionInput<S extends EmployeeSection> = z.input<(typeof SECTION_INPUTS)[S]>;

export const SECTION_LABELS: Record<EmployeeSection, string> = {
  personal: 'Personal data',
  contact: 'Contact',
  employment: 'Employment',
  emergency: 'Emergency contacts',
  parents: 'Parents',
  sibling: 'Siblings',
  medical: 'Medical',
  login: 'Login',
  bank: 'Bank account',
  previousCompany: 'Previous companies',
};

export const employeeIdInput = z.strictObject({ id });

export interface Named {
  id: number;
  name: string;
}

/** Everything the detail page shows, section by section. */
export interface EmployeeDetail {
  id: number;
  employeeNumber: string;
  name: string;
  resigned: number;
  personal: {
    givenName: string;
    surname: string;
    gender: 'Male' | 'Female';
    birthDate: string;
    birthPlace: string | null;
    religion: Named;
    maritalStatus: Named;
    educationLevel: Named;
    nationalId: string | null;
    taxId: string | null;
    nationality: Named | null;
    ptkpStatus: (Named & { code: string }) | null;
  };
  contact: {
    email: string;
    personalEmail: string | null;
    phone: string | null;
    address: string | null;
    domicileAddress: string | null;
    city: string | null;
    postalCode: string | null;
    homeOwnership: number | null;
  };
  employment: {
    companyOffice: Named;
    department: Named | null;
    division: Named | null;
    section: Named | null;
    jobPosition: Named | null;
    jobLevel: Named | null;
    contractType: number | null;
    entryDate: string;
    firstJoinDate: string | null;
    contractStartDate: string | null;
    annualLeaveDate: string | null;
  };
  emergency: { contacts: { name: string; relationship: 'Family' | 'Friend'; phone: string; address: string | null }[] };
  parents: Record<
    'father' | 'mother',
    { name: string; birthDate: string | null; phone: string | null; occupation: string | null; alive: boolean } | null
  >;
  sibling: {
    siblings: {
      name: string;
      gender: 'Male' | 'Female';
      birthDate: string | null;
      educationLevel: Named | null;
      occupation: string | null;
    }[];
  };
  medical: {
    bloodType: 'A' | 'B' | 'AB' | 'O' | null;
    heightCm: number | null;
    weightKg: number | null;
    allergies: string | null;
    medicalNotes: string | null;
    bpjsKesehatanNumber: string | null;
    bpjsKetenagakerjaanNumber: string | null;
  };
  login: { userId: number; email: string; active: boolean; roles: string[]; lastLoginAt: string | null } | null;
  bank: { bank: Named | null; bankAccountNumber: string | null; bankAccountName: string | null };
  previousCompany: {
    companies: {
      companyName: string;
      jobTitle: string | null;
      startDate: string;
      endDate: string | null;
      reasonForLeaving: string | null;
    }[];
  };
}
