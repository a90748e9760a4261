import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Fact } from '../shared/approvals/Fact';
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
          <Fact label={t('leave.remaining')} valueClassName="font-semibold tabular-nums" testId="requester-remaining">
            {b.remaining}
          </Fact>
          <Fact label={t('leave.reserved')} valueClassName="tabular-nums">
            {b.reserved}
          </Fact>
          <Fact label={t('leave.thisRequest')} valueClassName="tabular-nums">
            {request.days}
          </Fact>
        </dl>
      ) : (
        <p className="mt-1 text-slate-500">{balance.isError ? t('leave.balanceUnavailable') : t('app.loading')}</p>
      )}
      {b && request.countsAnnual ? <p className="mt-1 text-xs text-slate-500">{t('leave.reservedIncludesThis')}</p> : null}
    </section>
  );
}
