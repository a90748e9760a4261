export { CredentialAddPage } from './CredentialAddPage';
export { CredentialEditPage } from './CredentialEditPage';
export { CredentialListPage } from './CredentialListPage';
export { FingerspotDetailPage } from './FingerspotDetailPage';
export { FingerspotAddPage, FingerspotEditPage } from './FingerspotFormPage';
export { FingerspotListPage } from './FingerspotListPage';
