export { BpjsReportPage } from './BpjsReportPage';
