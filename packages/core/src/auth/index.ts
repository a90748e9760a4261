export { type AttemptLimit, consumeAttempt } from './attempt-limiter';
export { isCommonPassword, passwordProblem } from './password-policy';
export { generatePassword, hashPassword, verifyPassword } from './passwords';
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
