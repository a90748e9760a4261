import type { DeductionSource } from '../payroll/index';
import { trace } from '../payroll/index';
import { canteenMealCosts } from './meal-costs';

/**
 * Canteen meals deducted from payroll (payroll/ports.ts `DeductionSource`; issue 8): Σ employee price of the meals
 * taken in the payroll period; the company subsidy is not deducted. An after-tax deduction (PMK 168/2023 lists no
 * such deduction from gross). Nothing to book on finalising: the presences are the record.
 */
export const canteenDeductionSource: DeductionSource = {
  code: 'canteen-meals',
  name: 'Canteen meals',
  async read(db, { employeeIds, dates }) {
    const rows = await canteenMealCosts(db, { from: dates.start, to: dates.end, employeeIds });
    return rows.map((m) => ({
      employeeId: m.employeeId,
      amount: m.employeePaid,
      trace: trace(
        'Canteen meals',
        'Σ employee price of the meals taken in the period (the company subsidy is not deducted)',
        { meals: m.meals, employeePaid: m.employeePaid, subsidy: m.subsidy, from: dates.start, to: dates.end },
        'Canteen settings and presences (/canteen/presence)',
      ),
    }));
  },
};
