export { SalaryEmployeeListPage } from './stubs';
export { SalaryEmployeeDetailPage } from './stubs';
export { SalaryQueueListPage } from './stubs';
export { SalaryQueueAddPage } from './stubs';
export { SalaryQueueEditPage } from './stubs';
export { SalarySettingPage } from './stubs';
export { EmployeeComponentListPage } from './stubs';
export { EmployeeComponentDetailPage } from './stubs';
