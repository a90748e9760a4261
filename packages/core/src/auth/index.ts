export { type AttemptLimit, consumeAttempt } from './attempt-limiter';
export { type CredentialDetail, getCredential, rotateCredentialSecret, updateCredential } from './credentials';
export { isCommonPassword, passwordProblem } from './password-policy';
export { generatePassword, hashPassword, verifyPassword } from './passwords';
export { INGEST_PERMISSIONS, isIngestOnly, requireClientScope } from './scopes';
export * from './schema';
export {
  actorForUser,
  type AuthConfig,
  changePassword,
  createCredential,
  createUser,
  type CreateUserInput,
  DEFAULT_AUTH_CONFIG,
  issueClientToken,
  limitRegistration,
  listCredentials,
  login,
  type LoginResult,
  logout,
  resolveToken,
  revokeCredential,
  sessionUser,
} from './service';
export {
  logoutAll,
  revokeSessionsOfEmployee,
  revokeSessionsOfJobPosition,
  revokeSessionsOfUser,
  revokeSessionToken,
} from './sessions';
export type { AuthTables } from './tables';
export { hashToken, newToken } from './tokens';
