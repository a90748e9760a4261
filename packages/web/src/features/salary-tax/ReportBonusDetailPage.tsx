import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { formatPeriod, formatRupiah, moneyColumn } from '../salary-runs/run-format';
import { PagedTable, usePaging } from '../shared/PagedTable';
import { DownloadButton } from './DownloadButton';
import { SearchBox } from './SearchBox';
import type { BonusLineRow } from './tax-format';
import './texts';
import { TextLink } from '../../ui/TextLink';
import { linkColumn } from '../../ui/link-column';
import { trimmedOrOmitted } from '../../lib/use-schema-form';

/** A period id yyyymm (202611) is valid when its month is 1–12. */
const validPeriodId = (n: number) => Number.isInteger(n) && n >= 200001 && n <= 209912 && n % 100 >= 1 && n % 100 <= 12;

/**
 * /salary/reportBonus/:id/detail (id = yyyymm): every bonus/THR line of the period's finalised payslips:
 * employee, bonus name, amount, taxable or not, and the payslip (its run) it was paid in.
 */
export function ReportBonusDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = validPeriodId(id);
  const paging = usePaging();
  const { value: search, set: setSearch } = paging.param('q');
  const utils = trpc.useUtils();
  const q = trpc.salary.reportBonus.detail.useQuery(
    {
      id: valid ? id : 200001,
      page: paging.page,
      pageSize: paging.pageSize,
      ...trimmedOrOmitted('search', search),
    },
    { enabled: valid, placeholderData: keepPreviousData },
  );
  const period = `${Math.floor(id / 100)}-${String(id % 100).padStart(2, '0')}`;
  const columns: Column<BonusLineRow>[] = [
    {
      key: 'employee',
      header: t('salaryTax.employee'),
      cell: (r) => (
        <>
          {r.name}
          <span className="block text-xs text-slate-500">{r.employeeNumber}</span>
        </>
      ),
    },
    { key: 'bonus', header: t('salaryTax.bonus'), cell: (r) => r.bonusName },
    { key: 'kind', header: t('salaryTax.kind'), cell: (r) => t(`salaryTax.kind_${r.kind}`) },
    moneyColumn('amount', t('salaryTax.amount'), (r) => r.amount),
    { key: 'taxable', header: t('salaryTax.taxable'), cell: (r) => (r.taxable ? t('salaryTax.yes') : t('salaryTax.no')) },
    linkColumn(
      'payslip',
      t('salaryTax.payslip'),
      (r) => `/salary/report/${r.runId}/detail`,
      (r) => `#${r.payslipId}`,
    ),
  ];
  return (
    <>
      <PageTitle actions={<TextLink to="/salary/reportBonus">{t('salaryTax.backBonus')}</TextLink>}>
        {t('routes.salary.reportBonusDetail')} {valid ? formatPeriod(period) : ''}
      </PageTitle>
      {valid ? (
        <Card
          title={`${formatPeriod(period)} · ${t('salaryTax.total')} ${formatRupiah(q.data?.total ?? '0')}`}
          actions={
            <DownloadButton
              label={t('salaryTax.downloadXlsx')}
              fetchFile={() => utils.salary.reportBonus.download.fetch({ id })}
            />
          }
        >
          <div className="mb-4 max-w-sm">
            <SearchBox value={search} onChange={paging.resetting(setSearch)} />
          </div>
          <PagedTable
            columns={columns}
            query={{ ...q, data: q.data?.lines }}
            paging={paging}
            rowKey={(r) => `${r.payslipId}-${r.position}`}
            empty={t('salaryTax.noBonuses')}
          />
        </Card>
      ) : (
        <Banner tone="error">{t('salaryTax.noBonuses')}</Banner>
      )}
    </>
  );
}
