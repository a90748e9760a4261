import type { DeductionSource } from '../payroll/index';
import { trace } from '../payroll/index';
import type { Db } from '../shared/context';
import {
  mandatorySavingDeductions,
  type PayrollSavingsBooking,
  principalSavingDeductions,
  recordPayrollDeductions,
  recordPrincipalDeductions,
} from './payroll-deductions';

/**
 * A cooperative saving taken from payroll: `due` reads what each member owes for the period (from the cooperative
 * settings), each amount is traced to those settings, and finalising the run books what was deducted with `book`.
 * An after-tax deduction (PMK 168/2023 lists no such deduction from gross).
 */
function savingDeductionSource(saving: {
  code: string;
  name: string;
  /** The trace's formula: which amount, how often. */
  formula: string;
  due: (db: Db, period: string) => Promise<{ employeeId: number; amount: string }[]>;
  book: PayrollSavingsBooking;
}): DeductionSource {
  return {
    code: saving.code,
    name: saving.name,
    async read(db, { period }) {
      const rows = await saving.due(db, period);
      return rows.map((c) => ({
        employeeId: c.employeeId,
        amount: c.amount,
        trace: trace(saving.name, saving.formula, { amount: c.amount, period }, 'Cooperative settings (/cooperative/manage)'),
      }));
    },
    async book(db, period, deducted) {
      await saving.book(db, period, deducted);
    },
  };
}

/**
 * The cooperative's deduction from payroll (payroll/ports.ts `DeductionSource`; issue 5): the mandatory saving of
 * the cooperative settings, once a month per active member. Finalising the run books it into the member's ledger
 * (kind payroll), once per period.
 */
export const cooperativeDeductionSource = savingDeductionSource({
  code: 'cooperative-mandatory',
  name: 'Cooperative mandatory saving',
  formula: 'the mandatory saving of the cooperative settings, once a month per active member',
  due: mandatorySavingDeductions,
  book: recordPayrollDeductions,
});

/**
 * The cooperative's principal saving (simpanan pokok) from payroll (issue 19 item 16): the principal amount of the
 * cooperative settings, once per member, in the first run finalised after joining (unless paid by deposit).
 * Finalising books it into the ledger (product principal, kind payroll) exactly once per member.
 */
export const cooperativePrincipalDeductionSource = savingDeductionSource({
  code: 'cooperative-principal',
  name: 'Cooperative principal saving',
  formula: 'the principal saving of the cooperative settings, once per member, in the first payroll after joining',
  due: principalSavingDeductions,
  book: recordPrincipalDeductions,
});
