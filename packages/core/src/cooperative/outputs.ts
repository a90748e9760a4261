/*
 * Output schemas of the cooperative procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { pageOutput } from '../shared/outputs';

const cooperativeSettingsShape = z.object({
  principalAmount: z.string(),
  mandatoryAmount: z.string(),
  withdrawablePrincipal: z.boolean(),
  withdrawableMandatory: z.boolean(),
  withdrawableVoluntary: z.boolean(),
  approvalSteps: z.number(),
  updatedAt: z.date(),
});
const cooperativeMemberRowShape = z.object({
  id: z.number(),
  employeeId: z.number(),
  employeeNumber: z.string(),
  name: z.string(),
  companyOffice: z.string(),
  department: z.string().nullable(),
  joinDate: z.string(),
  status: z.number(),
  statusLabel: z.enum(['Active', 'Inactive']),
  balance: z.string(),
});
const addCooperativeMembersResultShape = z.object({ added: z.number(), skipped: z.number() });
const savingBalanceShape = z.object({
  product: z.enum(['principal', 'mandatory', 'voluntary']),
  label: z.string(),
  balance: z.string(),
  withdrawable: z.boolean(),
});
const cooperativeBalanceShape = z.object({
  member: cooperativeMemberRowShape,
  products: z.array(savingBalanceShape),
  total: z.string(),
  withdrawable: z.string(),
  pending: z.string(),
  available: z.string(),
  mandatorySavingId: z.number(),
});
const cooperativeLedgerRowShape = z.object({
  id: z.string(),
  date: z.string(),
  product: z.enum(['principal', 'mandatory', 'voluntary']),
  productLabel: z.string(),
  kind: z.enum(['payroll', 'deposit', 'withdrawal']),
  kindLabel: z.string(),
  amount: z.string(),
  balance: z.string(),
  period: z.string().nullable(),
  withdrawalId: z.number().nullable(),
  note: z.string().nullable(),
});
const withdrawalRowShape = z.object({
  id: z.number(),
  memberId: z.number(),
  employeeId: z.number(),
  employeeName: z.string(),
  employeeNumber: z.string(),
  companyOffice: z.string(),
  amount: z.string(),
  reason: z.string(),
  status: z.union([z.literal(3), z.literal(1), z.literal(2), z.literal(4)]),
  statusLabel: z.string(),
  approvals: z.number(),
  createdAt: z.date(),
});
const withdrawalFileShape = z.object({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  deleted: z.boolean(),
  createdAt: z.date(),
});
const withdrawalHistoryRowShape = z.object({
  action: z.enum(['cancelled', 'requested', 'approved', 'disapproved']),
  step: z.number().nullable(),
  fromStatus: z.number().nullable(),
  toStatus: z.number(),
  note: z.string().nullable(),
  actor: z.string(),
  at: z.date(),
});
const withdrawalDetailShape = z.object({
  approvalSteps: z.number(),
  decidedAt: z.date().nullable(),
  decisionNote: z.string().nullable(),
  files: z.array(withdrawalFileShape),
  history: z.array(withdrawalHistoryRowShape),
  can: z.object({
    approve: z.boolean(),
    disapprove: z.boolean(),
    decideRefusal: z.string().nullable(),
    cancel: z.boolean(),
    editFiles: z.boolean(),
  }),
  ...withdrawalRowShape.shape,
});

export const getCooperativeSettingsOutput = cooperativeSettingsShape;
export const updateCooperativeSettingsOutput = cooperativeSettingsShape;
export const listCooperativeMembersOutput = pageOutput(cooperativeMemberRowShape);
export const addCooperativeMembersOutput = addCooperativeMembersResultShape;
export const setCooperativeMemberStatusOutput = cooperativeMemberRowShape;
export const myCooperativeOutput = cooperativeBalanceShape.nullable();
export const getCooperativeBalanceOutput = cooperativeBalanceShape;
export const getCooperativeHistoryOutput = pageOutput(cooperativeLedgerRowShape);
export const recordCooperativeDepositOutput = cooperativeBalanceShape;
export const listWithdrawalsOutput = pageOutput(withdrawalRowShape);
export const requestWithdrawalOutput = withdrawalDetailShape;
export const getWithdrawalOutput = withdrawalDetailShape;
export const approveWithdrawalOutput = withdrawalDetailShape;
export const disapproveWithdrawalOutput = withdrawalDetailShape;
export const cancelWithdrawalOutput = withdrawalDetailShape;
export const addWithdrawalFileOutput = withdrawalDetailShape;
export const deleteWithdrawalFileOutput = withdrawalDetailShape;
export const cancelDeleteWithdrawalFileOutput = withdrawalDetailShape;
