import type { RouterOutputs } from '../../lib/trpc';

/** One employee of a run in the transfer preview. */
export type BankLine = RouterOutputs['bankTransfer']['preview']['lines'][number];
/** A transfer file made from a run. */
export type BankExport = RouterOutputs['bankTransfer']['exports'][number];
/** A transfer file template (built-in or an admin's). */
export type BankTemplate = RouterOutputs['bankTransfer']['templates'][number];
