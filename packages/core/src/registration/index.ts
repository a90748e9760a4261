export * from './schema';
export { activateRegistration, listRegistrations, register, rejectRegistration } from './service';
export type { RegistrationTables } from './tables';
export * from './outputs';
