import { z } from 'zod';
import { email, id, isoDate, pageInput, requiredText, text } from '../shared/zod';
import { blankToNull, optionalDate, optionalText } from '../shared/zod-optional';
import { placementLevels } from './detail-schema';
import { base64Content, UPLOAD_MAX_BYTES } from './file-schema';

/** Integer rupiah (no fractions; up to one trillion a month is plenty). */
export const wholeRupiah = z.coerce
  .number({ error: 'must be an amount in rupiah' })
  .int('must be whole wholeRupiah')
  .min(0, 'must not be negative')
  .max(1_000_000_000_000, 'is too large');

// ---------------------------------------------------------------------------------------------
// A new employee (HR enters one by hand; self-registration is the other way in).

/** Where a new employee starts and on what contract: by hand and on hiring an applicant alike. */
export const newEmployeePlacement = {
  ...placementLevels,
  /** Contract type, spec §3: training=1, internship=2, Freelance=3, Contracted=4, Permanent=5. */
  contractType: z.coerce.number().int().min(1).max(5),
  firstJoinDate: isoDate,
};

export const createEmployeeInput = z.strictObject({
  givenName: requiredText(100),
  surname: text(100).default(''),
  email,
  gender: z.enum(['Male', 'Female']),
  birthDate: isoDate,
  religionId: id,
  educationLevelId: id,
  maritalStatusId: id,
  companyOfficeId: id,
  ...newEmployeePlacement,
  annualLeaveDate: optionalDate,
});
export type CreateEmployeeInput = z.input<typeof createEmployeeInput>;

// ---------------------------------------------------------------------------------------------
// Contracts: number, type, period and basic salary. The salary history is the contracts in order.

const contractFields = {
  contractNumber: requiredText(60),
  contractType: z.coerce.number().int().min(1).max(5),
  startDate: isoDate,
  endDate: optionalDate,
  basicSalary: wholeRupiah,
  notes: optionalText(500),
};
const contractRules = <T extends { contractType?: number; startDate?: string; endDate?: string | null }>(
  c: T,
  ctx: z.RefinementCtx,
) => {
  if (c.endDate && c.startDate && c.endDate < c.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before the start date' });
  }
  if (c.contractType !== undefined && c.contractType !== 5 && c.endDate === null) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'is required unless the contract is permanent' });
  }
};

const createContractShape = z.strictObject({
  employeeId: id,
  ...contractFields,
  /**
   * Needs `salary.update` (issue 16 item 1). Left out, the contract carries the salary of the employee's
   * latest earlier contract of its kind (0 for a first contract): a renewal by HR without the salary permission.
   */
  basicSalary: wholeRupiah.optional(),
  endDate: z.preprocess(blankToNull, isoDate.nullable().default(null)),
});
export const createContractInput = createContractShape.superRefine(contractRules);
export type CreateContractInput = z.input<typeof createContractInput>;

const updateContractShape = z.strictObject({
  id,
  contractNumber: contractFields.contractNumber.optional(),
  contractType: contractFields.contractType.optional(),
  startDate: isoDate.optional(),
  endDate: optionalDate,
  /** Changing it needs `salary.update` (issue 16 item 1); sending the current value changes nothing. */
  basicSalary: wholeRupiah.optional(),
  notes: optionalText(500),
});
export const updateContractInput = updateContractShape.superRefine(contractRules);
export type UpdateContractInput = z.input<typeof updateContractInput>;

/**
 * A second contract (spec §3 "second contract", §7 `employee/secondContract`): a contract with a
 * second company that runs alongside the main one. Same fields, plus the second company.
 */
export const createSecondContractInput = createContractShape.extend({ secondCompanyId: id }).superRefine(contractRules);
export type CreateSecondContractInput = z.input<typeof createSecondContractInput>;
export const updateSecondContractInput = updateContractShape
  .extend({ secondCompanyId: id.optional() })
  .superRefine(contractRules);
export type UpdateSecondContractInput = z.input<typeof updateSecondContractInput>;

/** Files a contract may carry: the signed contract as PDF or a photo/scan. */
export const CONTRACT_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const CONTRACT_FILE_MAX_BYTES = UPLOAD_MAX_BYTES;
/** `POST /v2/h/employee/contract/{id}/file` (and `secondContract/{id}/file`): attach or replace the file. */
export const uploadContractFileInput = z.strictObject({
  id,
  fileName: requiredText(150),
  contentType: z.enum(CONTRACT_FILE_TYPES, { message: 'must be a PDF, PNG or JPG file' }),
  contentBase64: base64Content(CONTRACT_FILE_MAX_BYTES),
});
export type UploadContractFileInput = z.input<typeof uploadContractFileInput>;

export const listByEmployeeInput = pageInput.extend({ employeeId: id });
export const historyIdInput = z.strictObject({ id });

export interface ContractRow {
  id: number;
  employeeId: number;
  contractNumber: string;
  contractType: number;
  startDate: string;
  endDate: string | null;
  /** Integer wholeRupiah, as a string (bigint). */
  basicSalary: string;
  /** Change against the previous contract's salary (null for the first). */
  salaryChange: string | null;
  notes: string | null;
  /** The attached file's name and size (bytes), or null. */
  fileName: string | null;
  fileSize: number | null;
  createdBy: string | null;
  createdAt: string;
}

export interface SecondContractRow extends ContractRow {
  secondCompanyId: number;
  secondCompany: string;
}

// ---------------------------------------------------------------------------------------------
// Employment records: mutation, promotion, demotion, relocation.

export const createRecordInput = z.strictObject({
  employeeId: id,
  /** Employment change types, spec §3: Mutation 1, Promotion 2, Demotion 3, Relocation 4. */
  changeType: z.coerce.number().int().min(1).max(4),
  effectiveDate: isoDate,
  companyOfficeId: id.optional(),
  ...placementLevels,
  reason: optionalText(500),
});
export type CreateRecordInput = z.input<typeof createRecordInput>;

/**
 * `POST /v2/h/employee/record/{id}/update`: the fields of create (the employee stays); a field left
 * out keeps the record's value; checked by create's rules against where the record says the employee came from.
 */
export const updateRecordInput = createRecordInput.omit({ employeeId: true }).partial().extend({ id });
export type UpdateRecordInput = z.input<typeof updateRecordInput>;

export interface Placement {
  companyOffice: string;
  department: string | null;
  division: string | null;
  section: string | null;
  jobPosition: string | null;
  jobLevel: string | null;
}

export interface PlacementIds {
  companyOfficeId: number;
  departmentId: number | null;
  divisionId: number | null;
  sectionId: number | null;
  jobPositionId: number | null;
  jobLevelId: number | null;
}

export interface RecordRow {
  id: number;
  employeeId: number;
  changeType: number;
  effectiveDate: string;
  from: Placement;
  to: Placement;
  /** The ids of `to`, for a correction form. */
  toIds: PlacementIds;
  reason: string | null;
  createdBy: string | null;
  createdAt: string;
}
