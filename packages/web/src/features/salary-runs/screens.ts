export { MySalaryPage } from './MySalaryPage';
export { SalaryReportDetailPage } from './SalaryReportDetailPage';
export { SalaryReportGeneratePage } from './SalaryReportGeneratePage';
export { SalaryReportListPage } from './SalaryReportListPage';
