export { EmployeeListPage } from './EmployeeListPage';
export { RegistrationsPage } from './RegistrationsPage';
