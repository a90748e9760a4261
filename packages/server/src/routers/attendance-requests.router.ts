import { router } from '../trpc/procedures';

export const attendanceRequestRouter = router({});
