import { router } from '../trpc/procedures';

export const purchaseOfGoodsRouter = router({});
