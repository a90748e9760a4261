export { InvoiceDetailPage } from './InvoiceDetailPage';
export { InvoiceListPage } from './InvoiceListPage';
export { TemplatePage } from './TemplatePage';
