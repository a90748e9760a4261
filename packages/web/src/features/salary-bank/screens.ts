export { BankTemplatePage } from './BankTemplatePage';
export { BankTransferPage } from './BankTransferPage';
