import type { Grant } from '../access/index';

/** Reading the leave of employees in scope (lists, schedule, report, balances). */
export type View = Grant<'attendance.view'>;
/** Filing, editing and deciding the leave of employees in scope. */
export type Approve = Grant<'attendance.approve'>;
/** Leave settings and types. */
export type Manage = Grant<'attendance.manage'>;
/** One's own leave. */
export type Personal = Grant<'personal.access'>;
