export { IncomeTaxDetailPage } from './IncomeTaxDetailPage';
export { IncomeTaxListPage } from './IncomeTaxListPage';
export { ReportBonusDetailPage } from './ReportBonusDetailPage';
export { ReportBonusListPage } from './ReportBonusListPage';
