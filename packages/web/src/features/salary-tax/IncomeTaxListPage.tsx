import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { trpc } from '../../lib/trpc';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { Select } from '../../ui/Select';
import { moneyColumn, yearOptions } from '../salary-runs/run-format';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { PagedTable, usePaging } from '../shared/PagedTable';
import { BasisBadge } from './BasisBadge';
import { DebtAmount } from './DebtAmount';
import { DownloadButton } from './DownloadButton';
import { SearchBox } from './SearchBox';
import { type IncomeTaxRow, MONTHS, mm, yearFromParam } from './tax-format';
import './texts';
import { trimmedOrOmitted } from '../../lib/use-schema-form';

/**
 * /salary/incomeTax: per employee with finalised payslips in the tax year, the PPh 21 withheld per month
 * (January–December), the totals, the tax due and the income-tax debt. Server-paginated; search, office
 * and month filters; XLSX of the whole filtered list.
 */
export function IncomeTaxListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const year = yearFromParam(params.get('year'));
  const paging = usePaging();
  const { value: month, set: setMonth } = paging.param('month');
  const { value: office, set: setOffice } = paging.param('office');
  const { value: search, set: setSearch } = paging.param('q');
  const utils = trpc.useUtils();
  const filter = {
    year,
    ...(month ? { month: Number(month) } : {}),
    ...(office ? { companyOfficeId: Number(office) } : {}),
    ...trimmedOrOmitted('search', search),
  };
  const query = trpc.salary.incomeTax.list.useQuery(
    { ...filter, page: paging.page, pageSize: paging.pageSize },
    { placeholderData: keepPreviousData },
  );
  const money = (key: string, header: string, get: (r: IncomeTaxRow) => string | null) =>
    moneyColumn<IncomeTaxRow>(key, header, get, true);
  const columns: Column<IncomeTaxRow>[] = [
    {
      key: 'employee',
      header: t('salaryTax.employee'),
      cell: (r) => (
        <Link to={`/salary/incomeTax/${r.employeeId}/detail?year=${year}`} className="font-medium text-sky-700 hover:underline">
          {r.name}
          <span className="block text-xs text-slate-500">{r.employeeNumber}</span>
        </Link>
      ),
    },
    { key: 'ptkp', header: t('salaryTax.ptkp'), cell: (r) => r.ptkpStatus },
    ...(month
      ? [
          money('monthGross', t('salaryTax.monthTaxableGross'), (r) => r.monthTaxableGross),
          money('monthPph21', t('salaryTax.monthPph21'), (r) => r.monthPph21),
        ]
      : MONTHS.map((m) => money(`m${m}`, `${mm(m)}/${year}`, (r) => r.months[m - 1] ?? null))),
    money('gross', t('salaryTax.taxableGross'), (r) => r.taxableGross),
    money('withheld', t('salaryTax.totalWithheld'), (r) => r.totalWithheld),
    money('due', t('salaryTax.annualTaxDue'), (r) => r.annualTaxDue),
    { key: 'debt', header: t('salaryTax.debt'), cell: (r) => <DebtAmount value={r.debt} />, className: 'text-right' },
    { key: 'basis', header: t('salaryTax.basis'), cell: (r) => <BasisBadge basis={r.basis} /> },
  ];
  return (
    <>
      <PageTitle
        actions={
          <DownloadButton label={t('salaryTax.downloadXlsx')} fetchFile={() => utils.salary.incomeTax.download.fetch(filter)} />
        }
      >
        {t('routes.salary.incomeTax')}
      </PageTitle>
      <Card title={`${t('routes.salary.incomeTax')} ${year}`}>
        <div className="mb-4 grid gap-3 sm:grid-cols-4">
          <Select
            aria-label={t('salaryTax.year')}
            value={year}
            onChange={(v) => {
              paging.setPage(1);
              setParams({ year: v }, { replace: true });
            }}
            options={yearOptions()}
          />
          <Select
            aria-label={t('salaryTax.month')}
            placeholder={t('salaryTax.allMonths')}
            value={month}
            onChange={paging.resetting(setMonth)}
            options={MONTHS.map((m) => ({ value: String(m), label: `${mm(m)}/${year}` }))}
          />
          <CompanyOfficeSelect
            aria-label={t('salaryTax.office')}
            placeholder={t('salaryTax.allOffices')}
            value={office}
            onChange={paging.resetting(setOffice)}
          />
          <SearchBox value={search} onChange={paging.resetting(setSearch)} />
        </div>
        <p className="mb-2 text-xs text-slate-500">{t('salaryTax.debtHint')}</p>
        <PagedTable columns={columns} query={query} paging={paging} rowKey={(r) => r.employeeId} empty={t('salaryTax.noRows')} />
      </Card>
    </>
  );
}
