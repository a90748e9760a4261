export { PurchaseRequestDetailPage } from './PurchaseRequestDetailPage';
export { PurchaseRequestAddPage, PurchaseRequestEditPage } from './PurchaseRequestFormPage';
export { PurchaseRequestListPage, PurchaseRequestTeamPage } from './PurchaseRequestListPage';
export { WarehouseRequestDetailPage } from './WarehouseRequestDetailPage';
export { WarehouseRequestAddPage, WarehouseRequestEditPage } from './WarehouseRequestFormPage';
export { WarehouseRequestListPage, WarehouseRequestTeamPage } from './WarehouseRequestListPage';
