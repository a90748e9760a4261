import { z } from 'zod';
import type { FileDownload } from '../shared/outputs';
import { REQUEST_STATUS, REQUEST_STATUS_LABELS, rupiah } from '../reference/schema';
import { id, isoDate, optionalId, pageInput, requiredText, text } from '../shared/zod';

/**
 * Cooperative (koperasi, issue 8; spec §3 "withdrawal (with files), balance and history,
 * cooperative manage"; §4 file delete / cancel of a delete; §7 cooperative/withdrawal, /balance,
 * /manage). Browser-safe: the web forms validate with these same schemas.
 *
 * Money is integer rupiah carried as digit strings (never a JS float).
 */

/** Spec §3 "Request status": a withdrawal is Pending until decided, or cancelled by its requester. */
export const WITHDRAWAL_STATUS = REQUEST_STATUS;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUS)[keyof typeof WITHDRAWAL_STATUS];
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = REQUEST_STATUS_LABELS;

export const SAVING_PRODUCTS = ['principal', 'mandatory', 'voluntary'] as const;
export type SavingProduct = (typeof SAVING_PRODUCTS)[number];
export const SAVING_PRODUCT_LABELS: Record<SavingProduct, string> = {
  principal: 'Principal saving',
  mandatory: 'Mandatory saving',
  voluntary: 'Voluntary saving',
};
export const COOPERATIVE_LEDGER_KIND_LABELS = {
  deposit: 'Deposit',
  payroll: 'Payroll deduction',
  withdrawal: 'Withdrawal',
} as const;
export type CooperativeLedgerKind = keyof typeof COOPERATIVE_LEDGER_KIND_LABELS;

/** Member status: 1 active, 0 inactive. */
export const COOPERATIVE_MEMBER_STATUS = { Active: 1, Inactive: 0 } as const;

/** Supporting files of a withdrawal (issue 8): pdf/jpg/png, at most 5 MB each, at most 5 per withdrawal. */
export const WITHDRAWAL_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const WITHDRAWAL_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const WITHDRAWAL_MAX_FILES = 5;

export const cooperativeSettingsInput = z.object({
  /** Principal saving (simpanan pokok), paid once, rupiah. */
  principalAmount: rupiah,
  /** Mandatory saving (simpanan wajib), deducted monthly through payroll, rupiah. */
  mandatoryAmount: rupiah,
  withdrawablePrincipal: z.boolean(),
  withdrawableMandatory: z.boolean(),
  withdrawableVoluntary: z.boolean(),
  /** One approval, or two by two different people. */
  approvalSteps: z.coerce.number().int().min(1, 'must be 1 or 2').max(2, 'must be 1 or 2'),
});

export interface CooperativeSettings {
  principalAmount: string;
  mandatoryAmount: string;
  withdrawablePrincipal: boolean;
  withdrawableMandatory: boolean;
  withdrawableVoluntary: boolean;
  approvalSteps: number;
  updatedAt: Date;
}

export const listCooperativeMembersInput = pageInput.extend({
  search: text(100).optional(),
  companyOfficeId: optionalId,
  departmentId: optionalId,
  status: z.coerce.number().int().min(0).max(1).optional(),
});

/** Bulk add: every working employee of an office (optionally one department), or the listed employees. */
export const addCooperativeMembersInput = z
  .object({
    companyOfficeId: optionalId,
    departmentId: optionalId,
    employeeIds: z.array(id).max(1000).optional(),
    joinDate: isoDate,
  })
  .superRefine((v, ctx) => {
    if (!v.companyOfficeId && !v.departmentId && !(v.employeeIds && v.employeeIds.length > 0))
      ctx.addIssue({ code: 'custom', path: ['companyOfficeId'], message: 'choose an office, a department or employees' });
  });

export interface AddCooperativeMembersResult {
  /** New members. */
  added: number;
  /** Matching employees who were members already. */
  skipped: number;
}

export const cooperativeMemberIdInput = z.object({ id });
/** The member statement: a PDF to print or keep (default), or the same entries as XLSX. */
export const cooperativeStatementInput = cooperativeMemberIdInput.extend({
  format: z.enum(['pdf', 'xlsx']).default('pdf'),
});
export const setCooperativeMemberStatusInput = z.object({ id, status: z.coerce.number().int().min(0).max(1) });

export interface CooperativeMemberRow {
  id: number;
  employeeId: number;
  employeeNumber: string;
  name: string;
  companyOffice: string;
  department: string | null;
  joinDate: string;
  status: number;
  statusLabel: 'Active' | 'Inactive';
  /** Sum of the ledger, rupiah. */
  balance: string;
}

export const cooperativeDepositInput = z.object({
  id,
  product: z.enum(SAVING_PRODUCTS),
  amount: rupiah.refine((v) => v !== '0' && !/^0+$/.test(v), 'must be more than 0'),
  date: isoDate,
  note: text(500).optional(),
});

export interface SavingBalance {
  product: SavingProduct;
  label: string;
  balance: string;
  withdrawable: boolean;
}

export interface CooperativeBalance {
  member: CooperativeMemberRow;
  products: SavingBalance[];
  total: string;
  /** Balance of the withdrawable products. */
  withdrawable: string;
  /** Pending withdrawals (reserved). */
  pending: string;
  /** What a new request may ask for: withdrawable − pending. */
  available: string;
  /** The spec session's "mandatory-saving id": the member's mandatory saving account (the member id). */
  mandatorySavingId: number;
}

export const cooperativeHistoryInput = pageInput.extend({ id, from: isoDate.optional(), to: isoDate.optional() });

export interface CooperativeLedgerRow {
  id: string;
  date: string;
  product: SavingProduct;
  productLabel: string;
  kind: CooperativeLedgerKind;
  kindLabel: string;
  /** Signed rupiah. */
  amount: string;
  /** Running balance of the member after this entry (all products), rupiah. */
  balance: string;
  period: string | null;
  withdrawalId: number | null;
  note: string | null;
}

export const withdrawalFileInput = z.object({
  name: requiredText(150),
  mime: z.enum(WITHDRAWAL_FILE_TYPES, { message: 'must be a PDF, JPG or PNG file' }),
  /** The file's bytes, base64 (the API takes JSON bodies only). */
  contentBase64: z
    .string()
    .max(Math.ceil(WITHDRAWAL_MAX_FILE_BYTES / 3) * 4 + 4, 'must be at most 5 MB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});

export const createWithdrawalInput = z.object({
  amount: rupiah.refine((v) => !/^0+$/.test(v), 'must be more than 0'),
  reason: requiredText(1000),
  files: z.array(withdrawalFileInput).max(WITHDRAWAL_MAX_FILES, `at most ${WITHDRAWAL_MAX_FILES} files`).optional(),
});

export const listWithdrawalsInput = pageInput
  .extend({
    status: z.coerce.number().int().min(1).max(4).optional(),
    companyOfficeId: optionalId,
    from: isoDate.optional(),
    to: isoDate.optional(),
    search: text(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  });

export const withdrawalIdInput = z.object({ id });
export const decideWithdrawalInput = z.object({ id, note: text(500).optional() });
export const addWithdrawalFileInput = withdrawalFileInput.extend({ id });
export const withdrawalFileIdInput = z.object({ id, fileId: id });

export interface WithdrawalRow {
  id: number;
  memberId: number;
  employeeId: number;
  employeeName: string;
  employeeNumber: string;
  companyOffice: string;
  amount: string;
  reason: string;
  status: WithdrawalStatus;
  statusLabel: string;
  approvals: number;
  createdAt: Date;
}

export interface WithdrawalFile {
  id: number;
  name: string;
  mime: string;
  size: number;
  deleted: boolean;
  createdAt: Date;
}

export interface WithdrawalHistoryRow {
  action: 'requested' | 'approved' | 'disapproved' | 'cancelled';
  step: number | null;
  fromStatus: number | null;
  toStatus: number;
  note: string | null;
  actor: string;
  at: Date;
}

export interface WithdrawalDetail extends WithdrawalRow {
  approvalSteps: number;
  decidedAt: Date | null;
  decisionNote: string | null;
  files: WithdrawalFile[];
  history: WithdrawalHistoryRow[];
  /** What the caller may do now (the server checks again). */
  can: {
    approve: boolean;
    disapprove: boolean;
    /** Why a cooperative manager may not decide this withdrawal (their own, already approved a step, …). */
    decideRefusal: string | null;
    cancel: boolean;
    editFiles: boolean;
  };
}

export type CooperativeFileDownload = FileDownload;
