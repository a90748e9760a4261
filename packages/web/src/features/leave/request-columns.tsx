import { useTranslation } from 'react-i18next';
import type { Column } from '../../ui/DataTable';
import { StepProgress } from './LeaveApprovals';
import { type LeaveHalf, type LeaveRow, leaveDates, StatusBadge } from './leave-shared';
import './texts';

/**
 * The type, dates, days, reason and status (with the approval steps) columns of a list of leave
 * requests: the caller's own (`own`, My Leave) or those of their scope.
 */
export function useRequestColumns(own: boolean): Column<LeaveRow>[] {
  const { t } = useTranslation();
  const half = (h: LeaveHalf) => t(`leave.${h}`);
  return [
    { key: 'type', header: t('leave.leaveType'), cell: (r) => r.leaveType, className: own ? undefined : 'whitespace-nowrap' },
    { key: 'dates', header: t('leave.dates'), cell: (r) => leaveDates(r, half), className: 'whitespace-nowrap' },
    { key: 'days', header: t('leave.days'), cell: (r) => r.days, className: 'text-right tabular-nums' },
    { key: 'reason', header: t('leave.reason'), cell: (r) => r.reason },
    {
      key: 'status',
      header: t('leave.status'),
      cell: (r) => (
        <>
          <StatusBadge status={r.status} label={r.statusLabel} />
          <StepProgress row={r} own={own} />
        </>
      ),
    },
  ];
}
