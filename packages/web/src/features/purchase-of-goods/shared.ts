import { POG_INVOICE_STATUSES } from '@hr/core/browser';
import { enumOptionsNow } from '../../lib/enum-labels';

export { formatRp } from '../shared/approvals/rupiah';

/** 'yyyy-mm' → mm/yyyy (spec §9 month format). */
export const formatPeriod = (p: string | null | undefined): string =>
  p && /^\d{4}-\d{2}$/.test(p) ? `${p.slice(5)}/${p.slice(0, 4)}` : '';

export const STATUS_OPTIONS = enumOptionsNow('pogInvoiceStatus', POG_INVOICE_STATUSES);
