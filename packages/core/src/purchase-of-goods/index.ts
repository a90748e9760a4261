export { addMonths, allocateDeduction, formatRupiah, invoiceTotal, splitInstalments } from './rules';
export * from './schema';
export * from './service';
export type { PurchaseOfGoodsTables } from './tables';
export * from './template';
export * from './outputs';

// Used by other modules (their deep imports moved here, issue 17).
export { purchaseOfGoodsDeductionSource } from './payroll-feed';
export { seedPurchaseOfGoodsDemo } from './seed';
