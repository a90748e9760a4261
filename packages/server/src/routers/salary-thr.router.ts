import { router } from '../trpc/procedures';

/** THR (holiday allowance) runs: /v2/h/salary/allowance… (issue 5). */
export const holidayAllowanceRouter = router({});
