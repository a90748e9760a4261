import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { PagedRows, PeriodFilterBar, TimesheetTabs, usePeriodFilters } from './shared';
import './texts';

type Row = RouterOutputs['attendance']['timesheet']['summary']['rows'][number];

/** /attendance/timesheet/summary: per employee over the period, the days per spec §3 status, minutes and worked hours. */
export function TimesheetSummaryPage() {
  const { t } = useTranslation();
  const f = usePeriodFilters();
  const query = trpc.attendance.timesheet.summary.useQuery(f.input, { placeholderData: keepPreviousData });
  const num = (key: keyof Row, header: string): Column<Row> => ({
    key,
    header,
    cell: (r) => String(r[key] ?? ''),
    className: 'text-right tabular-nums',
  });
  const columns: Column<Row>[] = [
    {
      key: 'employee',
      header: t('att.employee'),
      cell: (r) => (
        <span>
          <span className="block font-medium">{r.employeeName}</span>
          <span className="text-xs text-slate-500">{r.employeeNumber}</span>
        </span>
      ),
    },
    { key: 'department', header: t('att.department'), cell: (r) => r.department ?? '' },
    num('days', t('att.days')),
    num('workdays', t('att.workdays')),
    // Spec §3 attendance status labels, exactly.
    num('valid', 'Valid'),
    num('noClockIn', 'No Clock-In'),
    num('noClockOut', 'No Clock-Out'),
    num('late', 'Late Clock-In'),
    num('early', 'Early Clock-Out'),
    num('manual', 'Manual Input'),
    num('lateMinutes', t('att.lateMin')),
    num('earlyMinutes', t('att.earlyMin')),
    num('workedHours', t('att.workedHours')),
  ];
  return (
    <>
      <PageTitle>{t('routes.attendance.timesheetSummary')}</PageTitle>
      <TimesheetTabs />
      <Card>
        <PeriodFilterBar f={f} />
        <PagedRows
          caption={t('routes.attendance.timesheetSummary')}
          list={f.list}
          query={query}
          columns={columns}
          rowKey={(r) => r.employeeId}
          empty={t('att.noTimesheets')}
        />
      </Card>
    </>
  );
}
