export { LegalTablePage } from './LegalTablePage';
