import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { MonthPicker } from '../../ui/MonthPicker';
import { cx } from '../../ui/cx';
import { ListCard } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { OfficeDepartmentFilter } from '../shared/approvals/OfficeDepartmentFilter';
import './texts';
import { thisMonthWib as thisMonth } from '../../lib/company-date';

type Row = RouterOutputs['leave']['schedule']['rows'][number];

function daysOf(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const n = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: n }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

const weekend = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return d === 0 || d === 6;
};

/**
 * /attendance/leave/schedule: who is away when — one row per employee with leave in the month
 * (by department), one column per day; approved days show the leave type code, pending ones amber.
 */
export function LeaveSchedulePage() {
  const { t } = useTranslation();
  const list = useListState();
  const { value: month, set: setMonth } = list.param('month', thisMonth());
  const { value: officeId, set: setOfficeId } = list.param('office');
  const { value: departmentId, set: setDepartmentId } = list.param('department');
  const [pending, setPending] = useState(false);
  const query = trpc.leave.schedule.useQuery(
    {
      ...list.query,
      month,
      includePending: pending,
      ...(officeId ? { companyOfficeId: Number(officeId) } : {}),
      ...(departmentId ? { departmentId: Number(departmentId) } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const days = daysOf(month);
  const columns: Column<Row>[] = [
    {
      key: 'employee',
      header: t('leave.employee'),
      cell: (r) => (
        <span className="whitespace-nowrap">
          {r.employeeNumber} {r.employeeName}
        </span>
      ),
    },
    { key: 'department', header: t('leave.department'), cell: (r) => r.department ?? '-', className: 'whitespace-nowrap' },
    ...days.map(
      (d): Column<Row> => ({
        key: d,
        header: d.slice(8),
        className: cx('px-1 text-center text-xs', weekend(d) && 'bg-slate-50'),
        cell: (r) => {
          const hit = r.days.find((x) => x.date === d);
          if (!hit) return '';
          return (
            <span
              title={`${hit.leaveTypeCode} #${hit.requestId}`}
              className={cx(
                'inline-block min-w-7 rounded px-1 py-0.5 font-medium',
                hit.status === 1 ? 'bg-sky-100 text-sky-800' : 'bg-amber-100 text-amber-800',
              )}
            >
              {hit.fraction === 1 ? hit.leaveTypeCode : `½${hit.leaveTypeCode}`}
            </span>
          );
        },
      }),
    ),
    { key: 'total', header: t('leave.total'), cell: (r) => r.totalDays, className: 'text-right tabular-nums' },
  ];
  return (
    <>
      <PageTitle>{t('routes.attendance.leaveSchedule')}</PageTitle>
      <ListCard
        title={t('routes.attendance.leaveSchedule')}
        list={list}
        query={query}
        columns={columns}
        rowKey={(r) => r.employeeId}
        searchPlaceholder={t('app.search')}
        filters={
          <>
            <MonthPicker ariaLabel={t('leave.month')} value={month} onChange={list.filter((v) => setMonth(v || thisMonth()))} />
            <OfficeDepartmentFilter
              officeLabel={t('leave.office')}
              allOffices={t('leave.allOffices')}
              departmentLabel={t('leave.department')}
              allDepartments={t('leave.allDepartments')}
              officeId={officeId}
              departmentId={departmentId}
              onOffice={list.filter(setOfficeId, setDepartmentId)}
              onDepartment={list.filter(setDepartmentId)}
            />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={pending} onChange={(e) => setPending(e.target.checked)} />
              {t('leave.includePending')}
            </label>
          </>
        }
        empty={t('leave.noLeave')}
      />
      <p className="mt-2 text-xs text-slate-500">{t('leave.legend')}</p>
    </>
  );
}
