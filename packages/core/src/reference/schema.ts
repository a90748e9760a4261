import { z } from 'zod';
import { id, pageInput, requiredText, text } from '../shared/zod';
import { optionalText } from '../shared/zod-optional';

/** Fixed enumerations of spec §3, values exactly as the spec. Browser-safe. */
export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

export const HOME_OWNERSHIP = { Owned: 1, Rent: 2, Kost: 3, Parent_House: 4, Stay_With: 5 } as const;
export const RESIGNED_WORKING = { Resigned: 1, Work: 0 } as const;
export const YES_NO = { yes: 1, no: 0 } as const;
export const BOOLEAN = { True: 1, False: 0 } as const;
export const RELATIONSHIP = ['Family', 'Friend'] as const;
export const HOLIDAYS = { 1: 'Hari Raya Natal', 2: 'Idul Fitri', 3: 'Waisak', 4: 'Nyepi' } as const;
export const CONTRACT_TYPES = { training: 1, internship: 2, Freelance: 3, Contracted: 4, Permanent: 5 } as const;
export const MARITAL_STATUS_CODES = { married: 1, remarried: 2, divorced: 3, widowed: 4, unmarried: 5 } as const;
export const EMPLOYMENT_CHANGE_TYPES = { Mutation: 1, Promotion: 2, Demotion: 3, Relocation: 4 } as const;
export const ATTENDANCE_STATUS = {
  1: 'Valid',
  2: 'No Clock-In',
  3: 'No Clock-Out',
  4: 'Late Clock-In',
  5: 'Early Clock-Out',
  98: 'Manual Input',
} as const;
/** The same statuses in Bahasa Indonesia (the web's badges and the attendance PDF in Indonesian). */
export const ATTENDANCE_STATUS_ID: Record<keyof typeof ATTENDANCE_STATUS, string> = {
  1: 'Valid',
  2: 'Tidak Absen Masuk',
  3: 'Tidak Absen Pulang',
  4: 'Terlambat Masuk',
  5: 'Pulang Lebih Awal',
  98: 'Input Manual',
};
export const APPROVAL_STATUS = { Approved: 1, Disapproved: 2, Pending: 3 } as const;
export const REQUEST_STATUS = { Approved: 1, Disapproved: 2, Pending: 3, Cancel: 4 } as const;
/** Spec §3 "Request status" labels, shared by every request (leave, attendance, cooperative, inventory). */
export const REQUEST_STATUS_LABELS: Record<(typeof REQUEST_STATUS)[keyof typeof REQUEST_STATUS], string> = {
  1: 'Approved',
  2: 'Disapproved',
  3: 'Pending',
  4: 'Cancel',
};
export const PERMIT_TYPES = {
  1: { name: 'Late Clock In Permit', label: 'Late Clock-In' },
  2: { name: 'Leave Early From Office Permit', label: 'Leave Early' },
  3: { name: 'Short Leave Permit', label: 'Short Leave' },
  4: { name: 'Shift Correction', label: 'Shift Correction' },
} as const;

export interface LookupItem {
  id: number;
  name: string;
}

// ---------------------------------------------------------------------------------------------
// Reference data maintained under /misc (spec §3 "Reference data", §7 component/* paths)

/** The reference lists an administrator maintains, by the name their procedures use. */
export const REFERENCE_KINDS = [
  'bank',
  'country',
  'educationLevel',
  'maritalStatus',
  'religion',
  'pkp',
  'pkpSecond',
  'ptkp',
  'company',
  'companySecond',
  'fingerspotType',
] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/**
 * Each kind's REST path segment under /v2/h/component/ (spec §7) and its label in messages.
 * `fixed`: the ids are the spec's codes (marital status 1–5), so names are editable but rows are
 * neither created nor deleted.
 */
export const REFERENCE_META = {
  bank: { path: 'bank', label: 'Bank' },
  country: { path: 'country', label: 'Country' },
  educationLevel: { path: 'education/level', label: 'Education level' },
  maritalStatus: { path: 'marital/status', label: 'Marital status', fixed: true },
  religion: { path: 'religion', label: 'Religion' },
  pkp: { path: 'PKP', label: 'PKP bracket' },
  pkpSecond: { path: 'PKPSecond', label: 'Second PKP bracket' },
  ptkp: { path: 'PTKP', label: 'PTKP status' },
  company: { path: 'company', label: 'Company' },
  companySecond: { path: 'company/second', label: 'Second company' },
  fingerspotType: { path: 'fingerspot/type', label: 'Fingerspot type' },
} as const satisfies Record<ReferenceKind, { path: string; label: string; fixed?: true }>;

export const isFixedReference = (kind: ReferenceKind): boolean => 'fixed' in REFERENCE_META[kind];

/** Integer rupiah, 0 or more (a JSON number or a string of digits); carried as a string of digits. */
export const rupiah = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z.string({ message: 'must be a whole number of rupiah' }).regex(/^\d{1,15}$/, 'must be a whole number of rupiah (0 or more)'),
);
/** A rate in basis points (1% = 100 bp), 0–10000. */
export const basisPoints = z.coerce.number().int().min(0, 'must be 0% or more').max(10_000, 'must be 100% or less');

const refName = requiredText(100);
const upperCode = (re: RegExp, msg: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().toUpperCase().regex(re, msg).nullable().optional(),
  );
const bracketFields = {
  name: refName,
  lowerBound: rupiah,
  upperBound: z.preprocess((v) => (v === '' ? null : v), rupiah.nullable()).optional(),
  rateBp: basisPoints,
};
const companyFields = {
  name: refName,
  code: upperCode(/^[A-Z0-9][A-Z0-9._-]{0,19}$/, 'must be 1 to 20 letters, digits, ".", "_" or "-"'),
  address: optionalText(500),
};

/** The fields of each kind (create input; an update takes any of them plus the id). */
export const REFERENCE_FIELDS = {
  bank: z.object({ name: refName, code: upperCode(/^[A-Z0-9]{1,10}$/, 'must be 1 to 10 letters or digits') }),
  country: z.object({ name: refName, code: upperCode(/^[A-Z]{2,3}$/, 'must be an ISO 3166 code of 2 or 3 letters') }),
  educationLevel: z.object({ name: refName }),
  maritalStatus: z.object({ name: refName }),
  religion: z.object({ name: refName }),
  pkp: z.object(bracketFields),
  pkpSecond: z.object(bracketFields),
  ptkp: z.object({
    name: refName,
    // text(): NUL, control characters and lone surrogates are GL0001 on `code`, not a database error (issue 16 item 12).
    code: text(10).toUpperCase().min(1, 'is required'),
    yearlyAmount: rupiah,
  }),
  company: z.object(companyFields),
  companySecond: z.object(companyFields),
  fingerspotType: z.object({ name: refName }),
} as const;

/** A bracket's upper bound lies above its lower bound (none = no upper bound). */
export function bracketProblem(b: { lowerBound?: string | undefined; upperBound?: string | null | undefined }): string | null {
  const digits = /^\d{1,15}$/;
  // Bounds that are not whole rupiah are reported by their own fields.
  if (typeof b.upperBound !== 'string' || typeof b.lowerBound !== 'string') return null;
  if (!digits.test(b.upperBound) || !digits.test(b.lowerBound)) return null;
  return BigInt(b.upperBound) > BigInt(b.lowerBound) ? null : 'must be more than the lower bound';
}

/** Create input of a kind (brackets also check their bounds). */
export function referenceCreateInput<K extends ReferenceKind>(kind: K) {
  const base = REFERENCE_FIELDS[kind] as z.ZodObject<z.ZodRawShape>;
  return base.superRefine((v, ctx) => {
    const problem = bracketProblem(v as { lowerBound?: string; upperBound?: string | null });
    if (problem) ctx.addIssue({ code: 'custom', path: ['upperBound'], message: problem });
  }) as unknown as (typeof REFERENCE_FIELDS)[K];
}

/** Update input of a kind: the id and any of the kind's fields. */
export function referenceUpdateInput<K extends ReferenceKind>(kind: K) {
  return (REFERENCE_FIELDS[kind] as z.ZodObject<z.ZodRawShape>).partial().extend({ id }) as unknown as z.ZodType<
    Partial<z.output<(typeof REFERENCE_FIELDS)[K]>> & { id: number },
    Partial<z.input<(typeof REFERENCE_FIELDS)[K]>> & { id: number | string }
  >;
}

export const listReferenceInput = pageInput.extend({ search: text(100).optional() });
export const referenceIdInput = z.object({ id });

/** A row of each kind as lists return it (money as strings of digits). */
export interface ReferenceRows {
  bank: { id: number; name: string; code: string | null };
  country: { id: number; name: string; code: string | null };
  educationLevel: LookupItem;
  maritalStatus: LookupItem;
  religion: LookupItem;
  pkp: BracketRow;
  pkpSecond: BracketRow;
  ptkp: { id: number; name: string; code: string; yearlyAmount: string };
  company: CompanyRow;
  companySecond: CompanyRow;
  fingerspotType: LookupItem;
}
export interface BracketRow {
  id: number;
  name: string;
  lowerBound: string;
  upperBound: string | null;
  rateBp: number;
}
export interface CompanyRow {
  id: number;
  name: string;
  code: string | null;
  address: string | null;
}
