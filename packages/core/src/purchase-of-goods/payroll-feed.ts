import type { DeductionSource } from '../payroll/index';
import { trace } from '../payroll/index';
import { purchaseOfGoodsDeductions, recordPurchaseOfGoodsPayments } from './service';

/**
 * Purchase of goods instalments deducted from payroll (payroll/ports.ts `DeductionSource`; issue 7): Σ unpaid
 * instalments due up to the period. An after-tax deduction (PMK 168/2023 lists no such deduction from gross).
 * Finalising the run marks the instalments paid, once per period.
 */
export const purchaseOfGoodsDeductionSource: DeductionSource = {
  code: 'purchase-of-goods',
  name: 'Purchase of goods instalments',
  async read(db, { period, employeeIds }) {
    const rows = await purchaseOfGoodsDeductions(db, { period, employeeIds });
    return rows.map((p) => ({
      employeeId: p.employeeId,
      amount: p.amount,
      trace: trace(
        'Purchase of goods instalments',
        'Σ unpaid instalments due up to this period',
        { instalments: p.instalments.map((i) => `${i.invoiceNumber} #${i.seq} (${i.period}) ${i.amount}`).join('; ') },
        'Purchase of goods invoices (/purchaseOfGood)',
      ),
    }));
  },
  async book(db, period, deducted) {
    await recordPurchaseOfGoodsPayments(db, period, deducted);
  },
};
