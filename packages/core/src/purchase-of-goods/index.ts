export * from './schema';
export type { PurchaseOfGoodsTables } from './tables';
