import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { RouterOutputs } from '../../../lib/trpc';
import { Card } from '../../../ui/Card';
import { type Column, DataTable } from '../../../ui/DataTable';
import './texts';

type Refusal = RouterOutputs['device']['detail']['refusals'][number];

/**
 * What was sent for a terminal and refused (issue 19 item 18): punches uploaded with a credential
 * bound to another terminal, webhooks with a wrong secret. Shown on /developer/fingerspot/:id/detail
 * only when there is something to show.
 */
export function RefusalsCard({ refusals }: { refusals: readonly Refusal[] }) {
  const { t } = useTranslation();
  if (refusals.length === 0) return null;
  const what = (r: Refusal) =>
    r.kind === 'credential-bound-elsewhere'
      ? t('devCloud.kindCredential', { bound: r.boundSerial ?? '?' })
      : r.kind === 'webhook-secret'
        ? t('devCloud.kindSecret')
        : t('devCloud.kindInactive');
  const columns: Column<Refusal>[] = [
    {
      key: 'what',
      header: t('devCloud.refusalWhat'),
      cell: (r) => (
        <span className="text-red-700" title={r.lastMessage ?? undefined}>
          {what(r)}
        </span>
      ),
    },
    { key: 'serial', header: t('devCloud.refusalFor'), cell: (r) => <code className="font-mono text-xs">{r.deviceSerial}</code> },
    { key: 'source', header: t('devCloud.refusalFrom'), cell: (r) => r.source },
    { key: 'times', header: t('devCloud.refusalTimes'), cell: (r) => r.times.toLocaleString('id-ID') },
    { key: 'punches', header: t('devCloud.refusalPunches'), cell: (r) => r.punches.toLocaleString('id-ID') },
    { key: 'first', header: t('devCloud.refusalFirst'), cell: (r) => formatDateTime(r.firstAt), className: 'whitespace-nowrap' },
    { key: 'last', header: t('devCloud.refusalLast'), cell: (r) => formatDateTime(r.lastAt), className: 'whitespace-nowrap' },
  ];
  return (
    <Card title={t('devCloud.refusalsTitle', { count: refusals.length })}>
      <p className="mb-2 text-xs text-slate-500">{t('devCloud.refusalsIntro')}</p>
      <DataTable columns={columns} rows={[...refusals]} empty="" />
    </Card>
  );
}
