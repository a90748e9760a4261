export { type AttemptLimit, consumeAttempt } from './attempt-limiter';
export { type CredentialDetail, getCredential, rotateCredentialSecret, updateCredential } from './credentials';
export { assertHoldsPowersOf, type LoginAction } from './hierarchy';
export { isCommonPassword, passwordProblem } from './password-policy';
export {
  assertStrongPassword,
  MIN_PASSWORD_SCORE,
  type PasswordOwner,
  passwordOwnerOf,
  passwordWeakness,
} from './password-strength';
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
  effectiveAccessOfUser,
  issueClientToken,
  limitRegistration,
  listCredentials,
  login,
  type LoginResult,
  logout,
  type ResolvedSession,
  resolveSession,
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
export * from './outputs';

// Used by other modules (their deep imports moved here, issue 17).
export { revokeSessionsOfSection } from './sessions';
