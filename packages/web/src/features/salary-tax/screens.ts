export { IncomeTaxListPage } from './stubs';
export { IncomeTaxDetailPage } from './stubs';
export { ReportBonusListPage } from './stubs';
export { ReportBonusDetailPage } from './stubs';
