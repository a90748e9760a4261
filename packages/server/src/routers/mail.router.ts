import { router } from '../trpc/procedures';

/** The mail outbox (issue 5: on the embedded default, mail goes to an outbox visible in the app). */
export const mailRouter = router({});
