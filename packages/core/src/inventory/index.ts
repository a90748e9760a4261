export * from './catalogue';
export * from './purchase-orders';
export * from './purchase-requests';
export * from './schema';
export * from './warehouse-requests';
export type { InventoryTables } from './tables';
export { moveStock, onHand, type Movement } from './stock';
export { seedInventoryDemo } from './seed';
