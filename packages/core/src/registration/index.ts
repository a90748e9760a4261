export * from './schema';
export { activateRegistration, listRegistrations, register, rejectRegistration } from './service';
export { emailOneTimePassword } from './one-time-password-mail';
export type { RegistrationTables } from './tables';
export * from './outputs';
