import { formatNumber } from '../../lib/format';

/** Whole rupiah carried as a digit string, shown with thousands separators ("Rp 3.000.000"). */
export const rupiah = (s: string | null | undefined): string =>
  s === null || s === undefined ? '' : `Rp ${formatNumber(Number(s))}`;

/** The status key of the texts. */
export const statusKey = (s: string) =>
  s === 'draft' ? 'thr.draft' : s === 'finalised' ? 'thr.finalisedStatus' : 'thr.cancelledStatus';
