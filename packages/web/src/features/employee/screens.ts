export { EmployeeListPage } from './EmployeeListPage';
export { RegistrationsPage } from './RegistrationsPage';
export { EmployeeDetailPage } from './EmployeeDetailPage';
export {
  ResignationAddPage,
  ResignationDetailPage,
  ResignationListPage,
  ResignationRequestPage,
} from './ResignationPages';
export { ManagerAddPage, ManagerEditPage, ManagerListPage } from './ManagerPages';
export { RecruitmentPage } from './recruitment/RecruitmentPage';
