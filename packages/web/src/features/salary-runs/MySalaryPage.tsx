import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Card, PageTitle } from '../../ui/Card';
import { cx } from '../../ui/cx';
import type { Column } from '../../ui/DataTable';
import { Select } from '../../ui/Select';
import { MyPayslipPdfButton, PayslipPdfPasswordCard } from '../salary-mail/PayslipActions';
import { PagedTable, usePaging } from '../shared/PagedTable';
import { PayslipFigures } from './PayslipFigures';
import { PayslipLines } from './PayslipLines';
import { RunStatusBadge } from './RunStatusBadge';
import { formatPeriod, formatRupiah, type PayslipDetail, yearOptions } from './run-format';
import './texts';

/**
 * /personal/salary: the signed-in employee's finalised payslips, newest first; the chosen one
 * (the newest by default) with every line and its trace, and its PDF.
 */
export function MySalaryPage() {
  const { t } = useTranslation();
  const paging = usePaging(10);
  const { value: year, set: setYear } = paging.param('year');
  const [chosen, setChosen] = useState<number | null>(null);
  const q = trpc.salary.personal.useQuery(
    { page: paging.page, pageSize: paging.pageSize, ...(year ? { year: Number(year) } : {}) },
    { placeholderData: keepPreviousData },
  );
  const rows = q.data?.rows ?? [];
  const selected = rows.find((r) => r.id === chosen) ?? rows[0];
  const columns: Column<PayslipDetail>[] = [
    {
      key: 'period',
      header: t('salaryRuns.period'),
      cell: (r) => (
        <button
          type="button"
          aria-pressed={r.id === selected?.id}
          className={cx('font-medium hover:underline', r.id === selected?.id ? 'text-slate-900' : 'text-sky-700')}
          onClick={() => setChosen(r.id)}
        >
          {formatPeriod(r.period)}
        </button>
      ),
    },
    {
      key: 'net',
      header: t('salaryRuns.net'),
      cell: (r) => formatRupiah(r.net),
      className: 'whitespace-nowrap text-right tabular-nums',
    },
    { key: 'status', header: t('salaryRuns.status'), cell: (r) => <RunStatusBadge status={r.status} /> },
  ];
  return (
    <>
      <PageTitle>{t('routes.personal.salary')}</PageTitle>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[24rem_1fr]">
        <Card title={t('salaryRuns.myPayslips')}>
          <Select
            aria-label={t('salaryRuns.year')}
            placeholder={t('salaryRuns.allYears')}
            value={year}
            onChange={paging.resetting(setYear)}
            options={yearOptions()}
            className="mb-3"
          />
          <PagedTable columns={columns} query={q} paging={paging} empty={t('salaryRuns.noMyPayslips')} />
        </Card>
        <Card
          title={selected ? `${t('salaryRuns.period')} ${formatPeriod(selected.period)}` : t('salaryRuns.myPayslips')}
          actions={selected ? <MyPayslipPdfButton payslipId={selected.id} /> : null}
        >
          {selected ? (
            <>
              <PayslipFigures payslip={selected} />
              <PayslipLines lines={selected.lines} />
            </>
          ) : (
            <p className="text-sm text-slate-500">{t('salaryRuns.choosePayslip')}</p>
          )}
        </Card>
        <div className="lg:col-start-1">
          <PayslipPdfPasswordCard />
        </div>
      </div>
    </>
  );
}
