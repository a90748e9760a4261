import { z } from 'zod';
import { id, isoDate, optionalId, pageInput, requiredText, text } from '../shared/zod';

/** The sections an employee may ask to change in their own record (not employment, not login). */
export const REQUESTABLE_SECTIONS = [
  'personal',
  'contact',
  'emergency',
  'parents',
  'sibling',
  'medical',
  'bank',
  'previousCompany',
] as const;
export type RequestableSection = (typeof REQUESTABLE_SECTIONS)[number];

const status = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(4).optional());

export const submitUpdateRequestInput = z.strictObject({
  section: z.enum(REQUESTABLE_SECTIONS),
  /** The section's fields, as for `employee/update/{section}` but without the id. */
  changes: z.record(z.string(), z.unknown()),
});
export type SubmitUpdateRequestInput = z.input<typeof submitUpdateRequestInput>;

export const listUpdateRequestsInput = pageInput.extend({
  status,
  companyOfficeId: optionalId,
  departmentId: optionalId,
  search: text(100).optional(),
});
export const requestIdInput = z.strictObject({ id });
export const decideRequestInput = z.strictObject({ id, note: text(500).optional() });

export interface FieldChange {
  field: string;
  /** The value in the record when the request was made (null when empty). */
  old?: unknown;
  /** The proposed value. */
  new?: unknown;
}

export interface UpdateRequestRow {
  id: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  section: RequestableSection;
  status: number;
  changes: FieldChange[];
  note: string | null;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
}

// ---------------------------------------------------------------------------------------------
// Resignations.

export const requestResignationInput = z.strictObject({
  lastWorkingDay: isoDate,
  reason: requiredText(1000),
});
export const createResignationInput = requestResignationInput.extend({ employeeId: id });
/** `POST …/resignation/{id}/update` (HR) and `…/resignation/request/{id}/update` (own): a pending one only; a field left out keeps its value. */
export const updateResignationInput = requestResignationInput.partial().extend({ id });
export const listResignationsInput = pageInput.extend({
  status,
  companyOfficeId: optionalId,
  departmentId: optionalId,
  search: text(100).optional(),
});

export interface ResignationRow {
  id: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  department: string | null;
  requestDate: string;
  lastWorkingDay: string;
  reason: string;
  status: number;
  decisionNote: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
}
