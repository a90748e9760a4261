export { SalaryReportListPage } from './stubs';
export { SalaryReportGeneratePage } from './stubs';
export { SalaryReportDetailPage } from './stubs';
export { MySalaryPage } from './stubs';
