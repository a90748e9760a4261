export { CredentialAddPage } from './CredentialAddPage';
export { CredentialListPage } from './CredentialListPage';
