export { addMonths, allocateDeduction, formatRupiah, invoiceTotal, splitInstalments } from './rules';
export * from './schema';
export * from './service';
export type { PurchaseOfGoodsTables } from './tables';
export * from './template';
export * from './outputs';
