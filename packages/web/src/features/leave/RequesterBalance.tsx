import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import type { LeaveRow } from './leave-shared';
import './texts';

/**
 * The requester's annual balance of the request's year, shown to the approver while deciding (issue 19):
 * what remains with the pending requests (this one included) already set aside, and what this request takes.
 */
export function RequesterBalance({ request }: { request: LeaveRow }) {
  const { t } = useTranslation();
  const year = Number(request.startDate.slice(0, 4));
  const balance = trpc.leave.balance.useQuery({ employeeId: request.employeeId, year }, { meta: { silent: true } });
  const b = balance.data;
  return (
    <section
      className="mb-3 rounded-md bg-slate-50 p-3 text-sm"
      aria-label={t('leave.requesterBalance', { year })}
      data-testid="requester-balance"
    >
      <p className="font-medium">
        {request.employeeName} · {t('leave.requesterBalance', { year })}
      </p>
      {b ? (
        <dl className="mt-1 grid grid-cols-3 gap-2">
          <div>
            <dt className="text-xs text-slate-500">{t('leave.remaining')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="requester-remaining">
              {b.remaining}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('leave.reserved')}</dt>
            <dd className="tabular-nums">{b.reserved}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('leave.thisRequest')}</dt>
            <dd className="tabular-nums">{request.days}</dd>
          </div>
        </dl>
      ) : (
        <p className="mt-1 text-slate-500">{balance.isError ? t('leave.balanceUnavailable') : t('app.loading')}</p>
      )}
      {b && request.countsAnnual ? <p className="mt-1 text-xs text-slate-500">{t('leave.reservedIncludesThis')}</p> : null}
    </section>
  );
}
