import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { trpc } from '../../lib/trpc';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { Select } from '../../ui/Select';
import { formatPeriod, moneyColumn, yearOptions } from '../salary-runs/run-format';
import { PagedTable, usePaging } from '../shared/PagedTable';
import { DownloadButton } from './DownloadButton';
import type { BonusPeriodRow } from './tax-format';
import './texts';

/** /salary/reportBonus: bonuses and THR paid in finalised payslips, one row per period with count and totals. */
export function ReportBonusListPage() {
  const { t } = useTranslation();
  const paging = usePaging();
  const { value: year, set: setYear } = paging.param('year');
  const utils = trpc.useUtils();
  const filter = year ? { year: Number(year) } : {};
  const query = trpc.salary.reportBonus.list.useQuery(
    { ...filter, page: paging.page, pageSize: paging.pageSize },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<BonusPeriodRow>[] = [
    {
      key: 'period',
      header: t('salaryTax.period'),
      cell: (r) => (
        <Link to={`/salary/reportBonus/${r.id}/detail`} className="font-medium text-sky-700 hover:underline">
          {formatPeriod(r.period)}
        </Link>
      ),
    },
    { key: 'employees', header: t('salaryTax.employees'), cell: (r) => r.employees, className: 'text-right tabular-nums' },
    { key: 'lines', header: t('salaryTax.lines'), cell: (r) => r.lines, className: 'text-right tabular-nums' },
    moneyColumn('total', t('salaryTax.total'), (r) => r.total),
    moneyColumn('taxable', t('salaryTax.taxableTotal'), (r) => r.taxableTotal),
  ];
  return (
    <>
      <PageTitle
        actions={
          <DownloadButton label={t('salaryTax.downloadXlsx')} fetchFile={() => utils.salary.reportBonus.download.fetch(filter)} />
        }
      >
        {t('routes.salary.reportBonus')}
      </PageTitle>
      <Card title={t('salaryTax.bonusPeriods')}>
        <div className="mb-4 max-w-xs">
          <Select
            aria-label={t('salaryTax.year')}
            placeholder={t('salaryTax.allYears')}
            value={year}
            onChange={paging.resetting(setYear)}
            options={yearOptions()}
          />
        </div>
        <PagedTable columns={columns} query={query} paging={paging} empty={t('salaryTax.noBonuses')} />
      </Card>
    </>
  );
}
