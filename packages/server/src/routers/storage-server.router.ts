import { router } from '../trpc/procedures';

export const storageServerRouter = router({});
