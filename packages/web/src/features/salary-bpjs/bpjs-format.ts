import type { RouterOutputs } from '../../lib/trpc';

export type BpjsReport = RouterOutputs['bpjsReport']['detail'];
export type BpjsRow = BpjsReport['rows']['rows'][number];
export type BpjsRecapRow = BpjsReport['recap'][number];
export type BpjsProblem = BpjsRow['problems'][number];

/** "Rp a / Rp b": a company share and an employee share in one cell. */
export const shareText = (format: (v: string) => string, company: string, employee: string): string =>
  `${format(company)} / ${format(employee)}`;
