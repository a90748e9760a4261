export { CompanyOfficePage } from './CompanyOfficePage';
export { JobPositionListPage } from './JobPositionListPage';
export { JobPositionSettingPage } from './JobPositionSettingPage';
export { MiscPage } from './MiscPage';
