export { CooperativeManageAddPage } from './ManageAddPage';
export { CooperativeManagePage } from './ManagePage';
export { WithdrawalAddPage } from './WithdrawalAddPage';
export { WithdrawalDetailPage } from './WithdrawalDetailPage';
export { WithdrawalListPage } from './WithdrawalListPage';
