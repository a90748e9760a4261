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
  listCredentials,
  login,
  type LoginResult,
  logout,
  resolveToken,
  revokeCredential,
  sessionUser,
} from './service';
export type { AuthTables } from './tables';
export { hashToken, newToken } from './tokens';
