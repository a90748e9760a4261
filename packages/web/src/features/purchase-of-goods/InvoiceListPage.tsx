import { enumLabel } from '../../lib/enum-labels';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/Card';
import { LinkButton } from '../../ui/LinkButton';
import type { Column } from '../../ui/DataTable';
import { ListCard } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { DeductionsCard } from './DeductionsCard';
import { NewInvoiceDialog } from './NewInvoiceDialog';
import { formatPeriod, formatRp, STATUS_OPTIONS } from './shared';
import { FilterSelect } from '../shared/approvals/FilterSelect';
import { LookupFilter, useListFilter, usePeriodFilter } from '../shared/list-filters';
import './texts';
import { linkColumn } from '../../ui/link-column';

type Row = RouterOutputs['purchaseOfGood']['list']['rows'][number];

/** /purchaseOfGood: invoices of the employees in scope (server-paginated, searchable, filtered) and payroll deductions. */
export function InvoiceListPage() {
  const { t } = useTranslation();
  const list = useListState();
  const status = useListFilter(list, 'status');
  const typeId = useListFilter(list, 'type');
  const period = usePeriodFilter(list, { from: t('pog.from'), to: t('pog.to') });
  const [creating, setCreating] = useState(false);
  const types = trpc.purchaseOfGood.type.list.useQuery();
  const query = trpc.purchaseOfGood.list.useQuery(
    {
      ...list.query,
      ...(status.value ? { status: status.value as Row['status'] } : {}),
      ...(typeId.value ? { typeId: Number(typeId.value) } : {}),
      ...period.input,
    },
    { placeholderData: keepPreviousData },
  );
  const money = 'text-right tabular-nums';
  const columns: Column<Row>[] = [
    linkColumn(
      'number',
      t('pog.invoiceNumber'),
      (r) => `/purchaseOfGood/invoice/${r.id}/detail`,
      (r) => r.invoiceNumber,
    ),
    { key: 'employee', header: t('pog.employee'), cell: (r) => `${r.employeeNumber} ${r.employeeName}` },
    { key: 'type', header: t('pog.type'), cell: (r) => r.typeName },
    { key: 'date', header: t('pog.invoiceDate'), cell: (r) => formatIsoDate(r.invoiceDate), className: 'whitespace-nowrap' },
    { key: 'total', header: t('pog.total'), cell: (r) => formatRp(r.total), className: money },
    { key: 'outstanding', header: t('pog.outstanding'), cell: (r) => formatRp(r.outstanding), className: money },
    { key: 'months', header: t('pog.months'), cell: (r) => r.months, className: 'text-right' },
    { key: 'next', header: t('pog.nextPeriod'), cell: (r) => formatPeriod(r.nextPeriod) || '-' },
    { key: 'status', header: t('pog.status'), cell: (r) => enumLabel('pogInvoiceStatus', r.status, r.statusLabel) },
  ];
  return (
    <>
      <PageTitle
        actions={
          <div className="flex gap-2">
            <LinkButton to="/purchaseOfGood/template" variant="secondary">
              {t('pog.uploadTemplate')}
            </LinkButton>
            <Button onClick={() => setCreating(true)}>{t('pog.newInvoice')}</Button>
          </div>
        }
      >
        {t('routes.purchaseOfGood.index')}
      </PageTitle>
      <div className="space-y-4">
        <ListCard
          title={t('pog.invoices')}
          list={list}
          query={query}
          columns={columns}
          searchPlaceholder={t('pog.searchPlaceholder')}
          filters={
            <>
              <FilterSelect label={t('pog.status')} all={t('pog.allStatuses')} {...status} options={STATUS_OPTIONS} />
              <LookupFilter label={t('pog.type')} all={t('pog.allTypes')} lookup={types} {...typeId} />
              {period.control}
            </>
          }
          empty={t('pog.noInvoices')}
        />
        <DeductionsCard />
      </div>
      {creating ? <NewInvoiceDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}
