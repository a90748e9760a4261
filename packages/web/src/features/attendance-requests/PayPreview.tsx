import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { type Column, DataTable } from '../../ui/DataTable';
import { formatRp } from '../cooperative/coop-shared';
import './texts';

type Line = { hour: number; multiplier: string; pay: string };

/**
 * Overtime pay with the payroll engine (read-only, salary.view): monthly wage (basic + fixed
 * allowances) / 173 per hour, the multiplier of each hour, one rounding of the day's total.
 */
export function PayPreview({
  employeeId,
  dayType,
  date,
  hours,
}: {
  employeeId: number;
  dayType: 'workday' | 'restday' | 'holiday';
  date: string;
  hours: number;
}) {
  const { t } = useTranslation();
  const q = trpc.attendanceRequest.overtime.payPreview.useQuery(
    { employeeId, dayType, date, hours },
    { enabled: employeeId > 0 && hours > 0, retry: false, meta: { silent: true } },
  );
  if (q.isError) return <p className="text-sm text-amber-800">{q.error.message}</p>;
  if (!q.data) return null;
  const p = q.data;
  const columns: Column<Line>[] = [
    { key: 'hour', header: t('attreq.hour'), cell: (l) => l.hour },
    { key: 'multiplier', header: t('attreq.multiplier'), cell: (l) => `× ${l.multiplier}` },
    { key: 'pay', header: t('attreq.pay'), cell: (l) => `Rp ${formatRp(l.pay)}`, className: 'text-right tabular-nums' },
  ];
  return (
    <section className="rounded-md border border-slate-200 p-3" aria-label={t('attreq.payPreview')}>
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{t('attreq.payPreview')}</h3>
      <dl className="mb-2 grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">{t('attreq.monthlyWage')}</dt>
          <dd className="tabular-nums">Rp {formatRp(p.monthlyWage)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('attreq.hourlyWage')}</dt>
          <dd className="tabular-nums">Rp {p.hourlyWage}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('attreq.totalPay')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="ot-pay">
            Rp {formatRp(p.pay)}
          </dd>
        </div>
      </dl>
      <DataTable caption={t('attreq.payPreview')} columns={columns} rows={p.lines} rowKey={(l) => l.hour} empty="-" />
      <p className="mt-1 text-xs text-slate-500">{p.source}</p>
    </section>
  );
}
