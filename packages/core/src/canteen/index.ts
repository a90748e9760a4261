export * from './schema';
export { canteenLocalTime } from './format';
export { deleteCanteen, getCanteenSetting, saveCanteen } from './settings';
export * from './meal-schedules';
export * from './presences';
export * from './punch-import';
export * from './preference-report';
export * from './meal-costs';
export type { CanteenTables } from './tables';
export * from './outputs';

// Used by other modules (their deep imports moved here, issue 17).
export { canteenDeductionSource } from './payroll-feed';
export { seedCanteenDemo } from './seed';
