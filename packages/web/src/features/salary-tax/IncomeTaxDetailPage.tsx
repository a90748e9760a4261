import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { httpStatusOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Card, PageTitle } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { FigureList } from '../salary-runs/FigureList';
import { formatPeriod, formatRupiah, moneyColumn, yearOptions } from '../salary-runs/run-format';
import { BasisBadge } from './BasisBadge';
import { DebtAmount } from './DebtAmount';
import { DownloadButton } from './DownloadButton';
import { type A1Line, type IncomeTaxMonth, mm, yearFromParam } from './tax-format';
import './texts';
import { TextLink } from '../../ui/TextLink';

/**
 * /salary/incomeTax/:id/detail?year=yyyy: one employee's PPh 21 per month and the 1721-A1-style annual
 * summary (lines 1–20, labels as on the form), with its PDF. NOT_FOUND (out of scope or no finalised
 * payslip that year) shows a notice; the year can still be changed.
 */
export function IncomeTaxDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [params, setParams] = useSearchParams();
  const year = yearFromParam(params.get('year'));
  const utils = trpc.useUtils();
  const q = trpc.salary.incomeTax.detail.useQuery({ id: valid ? id : 1, year }, { enabled: valid, meta: { silent: true } });
  const d = q.data;
  const yearSelect = (
    <Select
      aria-label={t('salaryTax.year')}
      value={year}
      onChange={(v) => setParams({ year: v }, { replace: true })}
      options={yearOptions()}
      className="w-auto"
    />
  );
  const back = <TextLink to={`/salary/incomeTax?year=${year}`}>{t('salaryTax.back')}</TextLink>;
  const monthColumns: Column<IncomeTaxMonth>[] = [
    { key: 'period', header: t('salaryTax.period'), cell: (m) => formatPeriod(m.period) },
    { key: 'ptkp', header: t('salaryTax.ptkp'), cell: (m) => m.ptkpStatus },
    moneyColumn('gross', t('salaryTax.taxableGross'), (m) => m.taxableGross),
    moneyColumn('ded', t('salaryTax.annualDeductions'), (m) => m.annualDeductions),
    moneyColumn('pph21', t('salaryTax.pph21'), (m) => m.pph21),
  ];
  const a1Columns: Column<A1Line>[] = [
    { key: 'no', header: t('salaryTax.a1No'), cell: (l) => l.no, className: 'w-12 text-right tabular-nums' },
    { key: 'label', header: t('salaryTax.a1Label'), cell: (l) => l.label },
    {
      key: 'amount',
      header: t('salaryTax.amount'),
      cell: (l) => <span data-testid={`a1-line-${l.no}`}>{formatRupiah(l.amount)}</span>,
      className: 'whitespace-nowrap text-right tabular-nums',
    },
  ];
  let body: React.ReactNode;
  if (!valid || (q.isError && httpStatusOf(q.error) === 404)) body = <Banner tone="error">{t('salaryTax.notFound')}</Banner>;
  else if (q.isError)
    body = (
      <Banner tone="error">
        {q.error.message}{' '}
        <button type="button" className="underline" onClick={() => void q.refetch()}>
          {t('salaryTax.retry')}
        </button>
      </Banner>
    );
  else if (!d) body = <Spinner />;
  else
    body = (
      <>
        <Card
          title={
            <span className="flex items-center gap-2">
              {d.name} · {d.employeeNumber} <BasisBadge basis={d.basis} />
            </span>
          }
          actions={
            <DownloadButton label={t('salaryTax.downloadPdf')} fetchFile={() => utils.salary.incomeTax.a1.fetch({ id, year })} />
          }
        >
          {d.basis === 'projection' ? (
            <Banner tone="warning" className="mb-4">
              {t('salaryTax.projectionNote')}
            </Banner>
          ) : null}
          <FigureList
            testIdPrefix="tax"
            items={[
              ['office', t('salaryTax.office_'), d.companyOffice ?? '-'],
              ['taxId', t('salaryTax.taxId'), d.taxId || d.nationalId || '-'],
              ['ptkp', t('salaryTax.ptkp'), d.ptkpStatus],
              ['period', t('salaryTax.taxPeriod'), `${mm(d.firstMonth)}/${year} – ${mm(d.lastMonth)}/${year}`],
              ['gross', t('salaryTax.taxableGross'), formatRupiah(d.taxableGross)],
              ['withheld', t('salaryTax.totalWithheld'), formatRupiah(d.totalWithheld)],
              ['due', t('salaryTax.annualTaxDue'), formatRupiah(d.annualTaxDue)],
              ['debt', t('salaryTax.debt'), <DebtAmount key="debt" value={d.debt} />],
            ]}
          />
          <p className="text-xs text-slate-500">{t('salaryTax.debtHint')}</p>
        </Card>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <Card title={t('salaryTax.a1')}>
            <DataTable columns={a1Columns} rows={d.a1} rowKey={(l) => l.no} empty="-" caption={t('salaryTax.a1')} />
          </Card>
          <Card title={t('salaryTax.monthly')}>
            <DataTable
              columns={monthColumns}
              rows={d.months}
              rowKey={(m) => m.payslipId}
              empty="-"
              caption={t('salaryTax.monthly')}
            />
          </Card>
        </div>
      </>
    );
  return (
    <>
      <PageTitle actions={back}>
        {t('routes.salary.incomeTaxDetail')} {year}
      </PageTitle>
      <div className="mb-4">{yearSelect}</div>
      {body}
    </>
  );
}
