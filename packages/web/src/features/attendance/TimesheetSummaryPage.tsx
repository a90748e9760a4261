import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { employeeColumns, numColumn, PerEmployeeRows, PeriodFilterBar, TimesheetTabs, usePeriodFilters } from './shared';
import './texts';
import { useEnumLabel } from '../../lib/enum-labels';

type Row = RouterOutputs['attendance']['timesheet']['summary']['rows'][number];

/** /attendance/timesheet/summary: per employee over the period, the days per spec §3 status, minutes and worked hours. */
export function TimesheetSummaryPage() {
  const { t } = useTranslation();
  const enumLabel = useEnumLabel();
  const f = usePeriodFilters();
  const query = trpc.attendance.timesheet.summary.useQuery(f.input, { placeholderData: keepPreviousData });
  const columns: Column<Row>[] = [
    ...employeeColumns<Row>(t),
    numColumn<Row>('days', t('att.days')),
    numColumn<Row>('workdays', t('att.workdays')),
    // Spec §3 attendance status labels, exactly.
    numColumn<Row>('valid', enumLabel('attendanceStatus', 1)),
    numColumn<Row>('noClockIn', enumLabel('attendanceStatus', 2)),
    numColumn<Row>('noClockOut', enumLabel('attendanceStatus', 3)),
    numColumn<Row>('late', enumLabel('attendanceStatus', 4)),
    numColumn<Row>('early', enumLabel('attendanceStatus', 5)),
    numColumn<Row>('manual', enumLabel('attendanceStatus', 98)),
    numColumn<Row>('lateMinutes', t('att.lateMin')),
    numColumn<Row>('earlyMinutes', t('att.earlyMin')),
    numColumn<Row>('workedHours', t('att.workedHours')),
  ];
  return (
    <>
      <PageTitle>{t('routes.attendance.timesheetSummary')}</PageTitle>
      <TimesheetTabs />
      <Card>
        <PeriodFilterBar f={f} />
        <PerEmployeeRows caption={t('routes.attendance.timesheetSummary')} f={f} query={query} columns={columns} />
      </Card>
    </>
  );
}
