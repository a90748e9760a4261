import type { Grant } from '../access/index';

/** A member's own cooperative (their balances, withdrawals and files). */
export type View = Grant<'cooperative.view'>;
/** Running the cooperative: members, deposits, settings and decisions on withdrawals. */
export type Manage = Grant<'cooperative.manage'>;
/** Either: what a member sees of their own, or a manager of the members in scope. */
export type Any = Grant<'cooperative.view' | 'cooperative.manage'>;
