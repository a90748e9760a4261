import { router } from '../trpc/procedures';

export const canteenRouter = router({});
