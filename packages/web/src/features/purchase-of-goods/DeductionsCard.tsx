import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Card } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { MonthPicker } from '../../ui/MonthPicker';
import { formatPeriod, formatRp } from './shared';
import './texts';

type Row = RouterOutputs['purchaseOfGood']['deductions'][number];

const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/** What payroll deducts per employee in a month (the interface the payroll engine reads). */
export function DeductionsCard() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(thisMonth);
  const query = trpc.purchaseOfGood.deductions.useQuery({ period });
  const columns: Column<Row>[] = [
    { key: 'employee', header: t('pog.employee'), cell: (r) => `${r.employeeNumber} ${r.employeeName}` },
    {
      key: 'instalments',
      header: t('pog.invoices'),
      cell: (r) => r.instalments.map((i) => `${i.invoiceNumber} #${i.seq} (${formatPeriod(i.period)})`).join(', '),
    },
    { key: 'amount', header: t('pog.amount'), cell: (r) => formatRp(r.amount), className: 'text-right tabular-nums' },
    { key: 'state', header: t('pog.state'), cell: (r) => (r.posted ? t('pog.posted') : t('pog.due')) },
  ];
  return (
    <Card
      title={t('pog.deductions')}
      actions={<MonthPicker ariaLabel={t('pog.period')} value={period} onChange={(v) => v && setPeriod(v)} />}
    >
      <p className="mb-3 text-sm text-slate-600">{t('pog.deductionsHint')}</p>
      <QueryTable
        caption={t('pog.deductions')}
        query={query}
        columns={columns}
        rowKey={(r) => r.employeeId}
        empty={t('pog.noDeductions')}
      />
    </Card>
  );
}
