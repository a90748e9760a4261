import type { Grant } from '../access/index';

/** Reading employees in scope (lists, details, contracts, files). */
export type View = Grant<'employee.view'>;
/** Changing the records of employees in scope. */
export type Update = Grant<'employee.update'>;
/** One's own record (profile, requests, signature). */
export type Personal = Grant<'personal.access'>;
