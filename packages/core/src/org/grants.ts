import type { Grant } from '../access/index';

/** Reading the org structure (its lists, chart and employees in scope). */
export type View = Grant<'org.view'>;
/** Changing the org structure. */
export type Manage = Grant<'org.manage'>;
