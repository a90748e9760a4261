import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Screens that are built, by route id (code-split per feature). Every other route shows PlaceholderPage. */
const employee = () => import('../features/employee/screens');
const developer = () => import('../features/developer/screens');
const personal = () => import('../features/personal/screens');
const org = () => import('../features/org/screens');

export const SCREENS: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  'employee.list': lazy(() => employee().then((m) => ({ default: m.EmployeeListPage }))),
  'employee.detail': lazy(() => employee().then((m) => ({ default: m.EmployeeDetailPage }))),
  'employee.registration': lazy(() => employee().then((m) => ({ default: m.RegistrationsPage }))),
  'developer.credential': lazy(() => developer().then((m) => ({ default: m.CredentialListPage }))),
  'developer.credentialAdd': lazy(() => developer().then((m) => ({ default: m.CredentialAddPage }))),
  'personal.profile': lazy(() => personal().then((m) => ({ default: m.ProfilePage }))),
  'misc.index': lazy(() => org().then((m) => ({ default: m.MiscPage }))),
  'misc.companyOffice': lazy(() => org().then((m) => ({ default: m.CompanyOfficePage }))),
  'misc.jobPosition': lazy(() => org().then((m) => ({ default: m.JobPositionListPage }))),
  'misc.jobPositionSetting': lazy(() => org().then((m) => ({ default: m.JobPositionSettingPage }))),
};
