import { POG_INVOICE_STATUSES } from '@hr/core/browser';
import { enumOptionsNow } from '../../lib/enum-labels';

export { formatRp } from '../shared/approvals/rupiah';

/** 'yyyy-mm' → mm/yyyy (spec §9 month format). */
export const formatPeriod = (p: string | null | undefined): string =>
  p && /^\d{4}-\d{2}$/.test(p) ? `${p.slice(5)}/${p.slice(0, 4)}` : '';

export const STATUS_OPTIONS = enumOptionsNow('pogInvoiceStatus', POG_INVOICE_STATUSES);

/** A picked file as base64 (for the JSON API), read with FileReader (works in every browser and in jsdom). */
export function fileToBase64(f: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(f);
  });
}
