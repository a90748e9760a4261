export { HolidayAllowanceListPage } from './stubs';
export { HolidayAllowanceGeneratePage } from './stubs';
export { HolidayAllowanceDetailPage } from './stubs';
