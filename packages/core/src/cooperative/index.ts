export * from './schema';
export { getCooperativeSettings, updateCooperativeSettings } from './settings';
export * from './members';
export { getCooperativeBalance, getCooperativeHistory, myCooperative, recordCooperativeDeposit } from './balances';
export * from './statement';
export * from './payroll-deductions';
export { getWithdrawal, listWithdrawals, requestWithdrawal } from './withdrawals';
export * from './withdrawal-decisions';
export * from './withdrawal-files';
export type { CooperativeTables } from './tables';
export * from './outputs';

// Used by other modules (their deep imports moved here, issue 17).
export { cooperativeDeductionSource, cooperativePrincipalDeductionSource } from './payroll-feed';
