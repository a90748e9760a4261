import { router } from '../trpc/procedures';

export const leaveRouter = router({});
