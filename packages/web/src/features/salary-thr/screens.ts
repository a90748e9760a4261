export { HolidayAllowanceDetailPage } from './HolidayAllowanceDetailPage';
export { HolidayAllowanceGeneratePage } from './HolidayAllowanceGeneratePage';
export { HolidayAllowanceListPage } from './HolidayAllowanceListPage';
