import type { DeductionSource } from '../payroll/index';
import { trace } from '../payroll/index';
import {
  mandatorySavingDeductions,
  principalSavingDeductions,
  recordPayrollDeductions,
  recordPrincipalDeductions,
} from './payroll-deductions';

/**
 * The cooperative's deduction from payroll (payroll/ports.ts `DeductionSource`; issue 5): the mandatory saving of
 * the cooperative settings, once a month per active member. An after-tax deduction (PMK 168/2023 lists no such
 * deduction from gross). Finalising the run books it into the member's ledger (kind payroll), once per period.
 */
export const cooperativeDeductionSource: DeductionSource = {
  code: 'cooperative-mandatory',
  name: 'Cooperative mandatory saving',
  async read(db, { period }) {
    const rows = await mandatorySavingDeductions(db, period);
    return rows.map((c) => ({
      employeeId: c.employeeId,
      amount: c.amount,
      trace: trace(
        'Cooperative mandatory saving',
        'the mandatory saving of the cooperative settings, once a month per active member',
        { amount: c.amount, period },
        'Cooperative settings (/cooperative/manage)',
      ),
    }));
  },
  async book(db, period, deducted) {
    await recordPayrollDeductions(db, period, deducted);
  },
};

/**
 * The cooperative's principal saving (simpanan pokok) from payroll (issue 19 item 16): the principal amount of the
 * cooperative settings, once per member, in the first run finalised after joining (unless paid by deposit).
 * Finalising books it into the ledger (product principal, kind payroll) exactly once per member.
 */
export const cooperativePrincipalDeductionSource: DeductionSource = {
  code: 'cooperative-principal',
  name: 'Cooperative principal saving',
  async read(db, { period }) {
    const rows = await principalSavingDeductions(db, period);
    return rows.map((c) => ({
      employeeId: c.employeeId,
      amount: c.amount,
      trace: trace(
        'Cooperative principal saving',
        'the principal saving of the cooperative settings, once per member, in the first payroll after joining',
        { amount: c.amount, period },
        'Cooperative settings (/cooperative/manage)',
      ),
    }));
  },
  async book(db, period, deducted) {
    await recordPrincipalDeductions(db, period, deducted);
  },
};
