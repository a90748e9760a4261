import type { RouterOutputs } from '../../lib/trpc';

export type TaxPreview = RouterOutputs['salary']['taxReport']['preview'];
export type TaxPreviewRow = TaxPreview['rows'][number];
export type TaxExport = RouterOutputs['salary']['taxReport']['list']['rows'][number];
export type TaxIdentity = RouterOutputs['salary']['taxReport']['identity'];

/** What the export button would do, or why it cannot: the server's `next`, then what blocks an export here. */
export type ExportAction =
  | { kind: 'new' | 'replacement' }
  | { kind: 'blocked'; why: 'identity' | 'errors' | 'empty' }
  | { kind: 'none'; reason: string | null };

export function exportAction(p: TaxPreview): ExportAction {
  if (p.next === 'none') return { kind: 'none', reason: p.reason };
  if (p.identityErrors.length > 0) return { kind: 'blocked', why: 'identity' };
  if (p.totals.withErrors > 0) return { kind: 'blocked', why: 'errors' };
  if (p.rows.length === 0) return { kind: 'blocked', why: 'empty' };
  return { kind: p.next };
}

/** The tax period HR usually reports: the month before today ('yyyy-mm'). */
export function previousMonth(today = new Date()): string {
  const d = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/** "1.5" → "1.5%"; no rate (BPA1) → "-". */
export const formatRate = (rate: string | null): string => (rate === null ? '-' : `${rate}%`);
