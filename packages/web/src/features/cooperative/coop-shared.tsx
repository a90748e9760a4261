import { saveBase64 } from '../../lib/save-file';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/Pagination';
import './texts';

export type Balance = NonNullable<RouterOutputs['cooperative']['balance']['mine']>;
type LedgerRow = RouterOutputs['cooperative']['balance']['history']['rows'][number];

/** Spec §3 Request status, as the server sends it (Approved 1, Disapproved 2, Pending 3, Cancel 4). */
export const WITHDRAWAL_STATUSES = [
  { value: 3, label: 'Pending' },
  { value: 1, label: 'Approved' },
  { value: 2, label: 'Disapproved' },
  { value: 4, label: 'Cancel' },
];

/** Integer rupiah digits (optionally negative) with Indonesian thousands dots: "-1250000" → "-1.250.000". */
export function formatRp(digits: string): string {
  const neg = digits.startsWith('-');
  const body = (neg ? digits.slice(1) : digits).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return neg ? `-${body}` : body;
}

export const FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type FileType = (typeof FILE_TYPES)[number];
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Reads a picked file as base64 for the JSON API; null when its type or size is not allowed. */
export async function readUpload(f: File): Promise<{ name: string; mime: FileType; contentBase64: string } | null> {
  const mime = (f.type === 'image/jpg' ? 'image/jpeg' : f.type) as FileType;
  if (!FILE_TYPES.includes(mime) || f.size === 0 || f.size > MAX_FILE_BYTES) return null;
  const buf = new Uint8Array(await f.arrayBuffer());
  let bin = '';
  for (let i = 0; i < buf.length; i += 0x8000) bin += String.fromCharCode(...buf.subarray(i, i + 0x8000));
  return { name: f.name, mime, contentBase64: btoa(bin) };
}

/** A member's balances per saving, the ledger with its running balance, and the statement download. */
export function BalanceCard({ balance, title }: { balance: Balance; title: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const memberId = balance.member.id;
  const history = trpc.cooperative.balance.history.useQuery(
    { id: memberId, page, pageSize },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveBase64(await utils.cooperative.balance.statement.fetch({ id: memberId }));
    } finally {
      setDownloading(false);
    }
  };
  const columns: Column<LedgerRow>[] = [
    { key: 'date', header: t('coop.date'), cell: (r) => formatIsoDate(r.date), className: 'whitespace-nowrap' },
    { key: 'product', header: t('coop.product'), cell: (r) => r.productLabel },
    { key: 'kind', header: t('coop.type'), cell: (r) => r.kindLabel + (r.period ? ` ${r.period}` : '') },
    { key: 'amount', header: t('coop.amount'), cell: (r) => formatRp(r.amount), className: 'text-right tabular-nums' },
    { key: 'balance', header: t('coop.balance'), cell: (r) => formatRp(r.balance), className: 'text-right tabular-nums' },
    { key: 'note', header: t('coop.note'), cell: (r) => r.note ?? '' },
  ];
  return (
    <Card
      title={`${title}: ${balance.member.employeeNumber} ${balance.member.name}`}
      actions={
        <Button size="sm" variant="secondary" disabled={downloading} onClick={() => void download()}>
          {t('coop.statement')}
        </Button>
      }
    >
      <dl className="mb-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="coop-balance">
        {balance.products.map((p) => (
          <div key={p.product}>
            <dt className="text-xs text-slate-500">{t(`coop.${p.product}`)}</dt>
            <dd className="font-medium tabular-nums">Rp {formatRp(p.balance)}</dd>
          </div>
        ))}
        <div>
          <dt className="text-xs text-slate-500">{t('coop.total')}</dt>
          <dd className="font-medium tabular-nums" data-testid="coop-total">
            Rp {formatRp(balance.total)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('coop.pending')}</dt>
          <dd className="font-medium tabular-nums">Rp {formatRp(balance.pending)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('coop.available')}</dt>
          <dd className="font-semibold tabular-nums text-sky-800" data-testid="coop-available">
            Rp {formatRp(balance.available)}
          </dd>
        </div>
      </dl>
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{t('coop.history')}</h3>
      <DataTable
        caption={t('coop.history')}
        columns={columns}
        rows={history.data?.rows ?? []}
        rowKey={(r) => Number(r.id)}
        loading={history.isFetching}
        failed={history.isError && !history.data}
        onRetry={() => void history.refetch()}
        empty={t('coop.noHistory')}
      />
      <Pagination
        page={page}
        pageSize={pageSize}
        total={history.data?.total ?? 0}
        onPage={setPage}
        onPageSize={(n) => {
          setPageSize(n);
          setPage(1);
        }}
      />
    </Card>
  );
}

export { saveBase64 };
