import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '../../lib/trpc';
import { Card } from '../../ui/Card';
import { cx } from '../../ui/cx';
import { type Column, DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/Pagination';
import { FigureList } from './FigureList';
import { SkippedList } from './SkippedList';
import { type DryRunRow, formatPeriod, formatRupiah, moneyColumn, isBigDifference } from './run-format';
import './texts';

type DryRun = RouterOutputs['salary']['report']['dryRun'];

/**
 * What a run would pay: totals, per employee gross, PPh 21, net, the previous period's finalised net
 * and the difference (10% or more highlighted), and the employees the run would skip, with why.
 * The rows are all in memory (the dry run returns them at once), so they are paged here.
 */
export function DryRunResult({ result }: { result: DryRun }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const rows = result.rows.slice((page - 1) * pageSize, page * pageSize);
  const columns: Column<DryRunRow>[] = [
    {
      key: 'employee',
      header: t('salaryRuns.employee'),
      cell: (r) => (
        <div className="min-w-40">
          <div className="font-medium">{r.employeeName}</div>
          <div className="text-xs text-slate-500">{r.employeeNumber}</div>
        </div>
      ),
    },
    moneyColumn('gross', t('salaryRuns.gross'), (r) => r.gross),
    moneyColumn('pph21', t('salaryRuns.pph21'), (r) => r.pph21),
    moneyColumn('net', t('salaryRuns.net'), (r) => r.net),
    {
      key: 'previous',
      header: t('salaryRuns.previousNet', { period: formatPeriod(result.previousPeriod) }),
      cell: (r) =>
        r.previousNet === null ? (
          <span className="text-xs text-slate-500">{t('salaryRuns.newEmployee')}</span>
        ) : (
          formatRupiah(r.previousNet)
        ),
      className: 'text-right tabular-nums',
    },
    {
      key: 'difference',
      header: t('salaryRuns.difference'),
      cell: (r) => {
        const big = isBigDifference(r.difference, r.previousNet);
        return (
          <span
            data-testid="dry-run-difference"
            data-big={big || undefined}
            title={big ? t('salaryRuns.bigDifference') : undefined}
            className={cx(big && 'rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900')}
          >
            {r.difference === null
              ? '-'
              : `${r.difference.startsWith('-') || r.difference === '0' ? '' : '+'}${formatRupiah(r.difference)}`}
          </span>
        );
      },
      className: 'whitespace-nowrap text-right tabular-nums',
    },
  ];
  const totals: [string, string, string][] = [
    ['employees', t('salaryRuns.employees'), String(result.employees)],
    ['gross', t('salaryRuns.gross'), formatRupiah(result.gross)],
    ['tax', t('salaryRuns.pph21'), formatRupiah(result.tax)],
    ['net', t('salaryRuns.net'), formatRupiah(result.net)],
  ];
  return (
    <Card title={`${t('salaryRuns.dryRun')} ${formatPeriod(result.period)}`} className="mt-4">
      <FigureList items={totals} testIdPrefix="dry-run" />
      <SkippedList skipped={result.skipped} />
      <DataTable
        caption={t('salaryRuns.dryRun')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.employeeId}
        empty={t('salaryRuns.noRows')}
      />
      <Pagination
        page={page}
        pageSize={pageSize}
        total={result.rows.length}
        onPage={setPage}
        onPageSize={(n) => {
          setPageSize(n);
          setPage(1);
        }}
      />
    </Card>
  );
}
