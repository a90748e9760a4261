export { TaxReportPage } from './TaxReportPage';
