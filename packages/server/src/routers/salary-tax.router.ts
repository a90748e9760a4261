import { router } from '../trpc/procedures';

/** Income tax per employee (monthly, annual, 1721-A1): /v2/h/salary/incomeTax… (issue 5). */
export const incomeTaxRouter = router({});

/** Report bonus: /v2/h/salary/reportBonus… (issue 5). */
export const reportBonusRouter = router({});
