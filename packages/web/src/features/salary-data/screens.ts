export { EmployeeComponentDetailPage, EmployeeComponentListPage } from './EmployeeComponentPages';
export { SalaryEmployeeDetailPage, SalaryEmployeeListPage } from './SalaryEmployeePages';
export { SalaryQueueAddPage, SalaryQueueEditPage, SalaryQueueListPage } from './SalaryQueuePages';
export { SalarySettingPage } from './SalarySettingPage';
