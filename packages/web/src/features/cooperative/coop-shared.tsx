import { WITHDRAWAL_FILE_TYPES, WITHDRAWAL_MAX_FILE_BYTES } from '@hr/core/browser';
import { saveBase64 } from '../../lib/save-file';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../lib/format';
import { useFileDownload } from '../../lib/use-file-download';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/Pagination';
import { usePaging } from '../shared/PagedTable';
import { Fact } from '../shared/approvals/Fact';
import { readAttachment } from '../shared/approvals/read-attachment';
import { REQUEST_STATUS_OPTIONS } from '../shared/approvals/request-status';
import { formatRp } from '../shared/approvals/rupiah';
import './texts';

export type Balance = NonNullable<RouterOutputs['cooperative']['balance']['mine']>;
type LedgerRow = RouterOutputs['cooperative']['balance']['history']['rows'][number];

export const WITHDRAWAL_STATUSES = REQUEST_STATUS_OPTIONS;

export { formatRp };

/** Reads a picked file as base64 for the JSON API; null when its type or size is not allowed. */
export const readUpload = (f: File) => readAttachment(f, WITHDRAWAL_FILE_TYPES, WITHDRAWAL_MAX_FILE_BYTES);

const AMOUNT = 'font-medium tabular-nums';

/** A manager's page (`title`) as someone else sees it: only its title and "Only cooperative managers…". */
export function ManagersOnly({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Card>
        <p className="text-sm text-slate-600">{t('coop.manageOnly')}</p>
      </Card>
    </>
  );
}

/** A member's balances per saving, the ledger with its running balance, and the statement download. */
export function BalanceCard({ balance, title }: { balance: Balance; title: string }) {
  const { t } = useTranslation();
  // The ledger's page lives in the URL (`ledger.page`), so Back returns to it.
  const { page, setPage, pageSize, setPageSize } = usePaging(10, 'ledger');
  const memberId = balance.member.id;
  const history = trpc.cooperative.balance.history.useQuery(
    { id: memberId, page, pageSize },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const { busy: downloading, download: save } = useFileDownload();
  const download = () => save(() => utils.cooperative.balance.statement.fetch({ id: memberId }));
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
          <Fact key={p.product} label={t(`coop.${p.product}`)} valueClassName={AMOUNT}>
            Rp {formatRp(p.balance)}
          </Fact>
        ))}
        <Fact label={t('coop.total')} valueClassName={AMOUNT} testId="coop-total">
          Rp {formatRp(balance.total)}
        </Fact>
        <Fact label={t('coop.pending')} valueClassName={AMOUNT}>
          Rp {formatRp(balance.pending)}
        </Fact>
        <Fact label={t('coop.available')} valueClassName="font-semibold tabular-nums text-sky-800" testId="coop-available">
          Rp {formatRp(balance.available)}
        </Fact>
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
      <Pagination page={page} pageSize={pageSize} total={history.data?.total ?? 0} onPage={setPage} onPageSize={setPageSize} />
    </Card>
  );
}

export { saveBase64 };
