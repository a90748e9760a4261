import { payrollAttendanceFeed } from './attendance-requests/index';
import { canteenDeductionSource } from './canteen/index';
import { cooperativeDeductionSource, cooperativePrincipalDeductionSource } from './cooperative/index';
import type { PayrollFeeds } from './payroll/index';
import { purchaseOfGoodsDeductionSource } from './purchase-of-goods/index';

/**
 * The feature modules' implementations of payroll's ports (payroll/ports.ts), as `createServices()` wires them into
 * every service context. Lives outside payroll so that payroll imports no feature module. The feeds take the
 * database of each call, so one set serves every context and transaction.
 */
export function defaultPayrollFeeds(): PayrollFeeds {
  return {
    // Timesheets + approved unpaid leave, with the approved overtime of attendance requests.
    attendance: payrollAttendanceFeed,
    // Payslip order of the deduction lines: cooperative (principal once, then the month's mandatory), purchase of
    // goods, canteen.
    deductions: [
      cooperativePrincipalDeductionSource,
      cooperativeDeductionSource,
      purchaseOfGoodsDeductionSource,
      canteenDeductionSource,
    ],
  };
}
