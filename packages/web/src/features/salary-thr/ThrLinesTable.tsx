import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../lib/format';
import type { RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { type Column, DataTable } from '../../ui/DataTable';
import { rupiah } from './thr-format';
import { TraceDialog } from './TraceDialog';
import './texts';

/** A line as it travels (from a dry run or a run's detail). */
export type ThrLineView = RouterOutputs['salary']['holidayAllowance']['dryRun']['lines'][number];

/** The lines of a THR run or dry run: eligible with the amount, not eligible with the reason; each with its trace. */
export function ThrLinesTable({ rows, loading }: { rows: readonly ThrLineView[]; loading?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ThrLineView | null>(null);
  const columns: Column<ThrLineView>[] = [
    { key: 'employee', header: t('thr.employee'), cell: (l) => `${l.employeeNumber} ${l.employeeName}` },
    { key: 'religion', header: t('thr.religion'), cell: (l) => l.religion },
    { key: 'join', header: t('thr.joinDate'), cell: (l) => formatIsoDate(l.joinDate) },
    { key: 'months', header: t('thr.months'), cell: (l) => l.monthsOfService, className: 'text-right' },
    { key: 'wage', header: t('thr.wage'), cell: (l) => rupiah(l.monthlyWage), className: 'whitespace-nowrap text-right' },
    { key: 'amount', header: t('thr.amount'), cell: (l) => rupiah(l.amount), className: 'whitespace-nowrap text-right' },
    {
      key: 'tax',
      header: t('thr.pph21Estimate'),
      cell: (l) => rupiah(l.pph21Estimate),
      className: 'whitespace-nowrap text-right',
    },
    {
      key: 'eligible',
      header: t('thr.eligible'),
      cell: (l) => (l.eligible ? t('thr.yes') : <span title={l.reason ?? ''}>{t('thr.no')}</span>),
    },
    { key: 'reason', header: t('thr.reason'), cell: (l) => l.reason ?? '', className: 'min-w-64' },
    {
      key: 'trace',
      header: t('thr.trace'),
      cell: (l) => (
        <Button size="sm" variant="ghost" onClick={() => setOpen(l)}>
          {t('thr.trace')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <DataTable columns={columns} rows={rows} rowKey={(l) => l.employeeId} loading={loading ?? false} empty={t('thr.noLines')} />
      {open ? <TraceDialog name={open.employeeName} trace={open.trace} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
