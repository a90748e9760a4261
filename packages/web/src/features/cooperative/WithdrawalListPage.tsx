import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { useListState } from '../../lib/use-list-state';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { BalanceCard, formatRp, WITHDRAWAL_STATUSES } from './coop-shared';
import { SearchListCard } from '../shared/approvals/SearchListCard';
import { FilterSelect } from '../shared/approvals/FilterSelect';
import { useListFilter, usePeriodFilter } from '../shared/list-filters';
import './texts';
import { linkColumn } from '../../ui/link-column';
import { LinkButton } from '../../ui/LinkButton';
import { enumLabel } from '../../lib/enum-labels';

type Row = RouterOutputs['cooperative']['withdrawal']['list']['rows'][number];

/** /cooperative/withdrawal: the caller's savings, and the withdrawals (own; all in scope for managers). */
export function WithdrawalListPage() {
  const { t } = useTranslation();
  const canManage = useCan('cooperative.manage');
  const list = useListState();
  const status = useListFilter(list, 'status');
  const office = useListFilter(list, 'office');
  const period = usePeriodFilter(list, { from: t('coop.from'), to: t('coop.to') });
  const query = trpc.cooperative.withdrawal.list.useQuery(
    {
      ...list.query,
      ...(status.value ? { status: Number(status.value) } : {}),
      ...(office.value ? { companyOfficeId: Number(office.value) } : {}),
      ...period.input,
    },
    { placeholderData: keepPreviousData },
  );
  const mine = trpc.cooperative.balance.mine.useQuery();
  const columns: Column<Row>[] = [
    linkColumn(
      'id',
      '#',
      (r) => `/cooperative/withdrawal/${r.id}/detail`,
      (r) => r.id,
    ),
    { key: 'requester', header: t('coop.requester'), cell: (r) => `${r.employeeNumber} ${r.employeeName}` },
    { key: 'office', header: t('coop.office'), cell: (r) => r.companyOffice },
    { key: 'amount', header: t('coop.amount'), cell: (r) => formatRp(r.amount), className: 'text-right tabular-nums' },
    { key: 'reason', header: t('coop.reason'), cell: (r) => r.reason },
    { key: 'status', header: t('coop.status'), cell: (r) => enumLabel('requestStatus', r.status, r.statusLabel) },
    { key: 'createdAt', header: t('coop.createdAt'), cell: (r) => formatDateTime(r.createdAt), className: 'whitespace-nowrap' },
  ];
  return (
    <>
      <PageTitle
        actions={mine.data ? <LinkButton to="/cooperative/withdrawal/add">{t('coop.requestWithdrawal')}</LinkButton> : null}
      >
        {t('routes.cooperative.withdrawal')}
      </PageTitle>
      <div className="space-y-4">
        {mine.data ? (
          <BalanceCard balance={mine.data} title={t('coop.mySavings')} />
        ) : mine.isSuccess ? (
          <Card>
            <p className="text-sm text-slate-600">{t('coop.notMember')}</p>
          </Card>
        ) : null}
        <SearchListCard
          title={t('coop.withdrawals')}
          list={list}
          query={query}
          columns={columns}
          filters={
            <>
              <FilterSelect label={t('coop.status')} all={t('coop.allStatuses')} {...status} options={WITHDRAWAL_STATUSES} />
              {canManage ? (
                <CompanyOfficeSelect aria-label={t('coop.office')} placeholder={t('coop.allOffices')} {...office} />
              ) : null}
              {period.control}
            </>
          }
          empty={t('coop.noWithdrawals')}
        />
      </div>
    </>
  );
}
