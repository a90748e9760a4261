import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentLanguage } from '../../lib/document-language';
import { formatIsoDate } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { MonthPicker } from '../../ui/MonthPicker';
import { cx } from '../../ui/cx';
import { useListState } from '../../lib/use-list-state';
import { DownloadButton, Figures, monthRange, PagedRows, PersonalTabs, timesheetColumns, todayIso, weekdayKey } from './shared';
import './texts';
import { useEnumLabel } from '../../lib/enum-labels';

/** From/to of the personal pages (default this month) and paging. */
function usePersonalPeriod(pageSize = 31) {
  const list = useListState(pageSize);
  const initial = monthRange();
  const { value: from, set: setFrom } = list.param('from', initial.from);
  const { value: to, set: setTo } = list.param('to', initial.to);
  return {
    list,
    from,
    to,
    setFrom: list.filter(setFrom),
    setTo: list.filter(setTo),
    period: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
  };
}

function PeriodPickers({ p }: { p: ReturnType<typeof usePersonalPeriod> }) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <DatePicker id="my-from" ariaLabel={t('att.from')} placeholder={t('att.from')} value={p.from} onChange={p.setFrom} />
      <DatePicker id="my-to" ariaLabel={t('att.to')} placeholder={t('att.to')} value={p.to} onChange={p.setTo} min={p.from} />
    </div>
  );
}

/** /personal/attendance and /personal/attendance/failed: the caller's own days. */
export function MyAttendancePage({ failed = false }: { failed?: boolean }) {
  const { t } = useTranslation();
  const p = usePersonalPeriod();
  const input = { ...p.period, page: p.list.page, pageSize: p.list.pageSize };
  const all = trpc.attendance.personal.timesheet.useQuery(input, { placeholderData: keepPreviousData, enabled: !failed });
  const onlyFailed = trpc.attendance.personal.failed.useQuery(input, { placeholderData: keepPreviousData, enabled: failed });
  const query = failed ? onlyFailed : all;
  const title = failed ? t('routes.personal.attendanceFailed') : t('routes.personal.attendance');
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <PersonalTabs />
      <Card>
        <PeriodPickers p={p} />
        <PagedRows
          caption={title}
          list={p.list}
          query={query}
          columns={timesheetColumns(t, false)}
          rowKey={(r) => r.date}
          empty={failed ? t('att.noFailedMine') : t('att.noTimesheets')}
        />
      </Card>
    </>
  );
}

export function MyAttendanceFailedPage() {
  return <MyAttendancePage failed />;
}

/** /personal/attendance/summary: the caller's days per spec §3 status, minutes and hours over a period. */
export function MyAttendanceSummaryPage() {
  const { t } = useTranslation();
  const enumLabel = useEnumLabel();
  const p = usePersonalPeriod();
  const query = trpc.attendance.personal.summary.useQuery(p.period);
  const s = query.data?.summary;
  const items: [string, string | number][] = s
    ? [
        [t('att.days'), s.days],
        [t('att.workdays'), s.workdays],
        [enumLabel('attendanceStatus', 1), s.valid],
        [enumLabel('attendanceStatus', 2), s.noClockIn],
        [enumLabel('attendanceStatus', 3), s.noClockOut],
        [enumLabel('attendanceStatus', 4), s.late],
        [enumLabel('attendanceStatus', 5), s.early],
        [enumLabel('attendanceStatus', 98), s.manual],
        [t('att.lateMin'), s.lateMinutes],
        [t('att.earlyMin'), s.earlyMinutes],
        [t('att.workedHours'), s.workedHours],
      ]
    : [];
  return (
    <>
      <PageTitle>{t('routes.personal.attendanceSummary')}</PageTitle>
      <PersonalTabs />
      <Card>
        <PeriodPickers p={p} />
        {query.isFetching && !query.data ? (
          <p className="text-sm text-slate-500">{t('app.loading')}</p>
        ) : query.isError ? (
          <p className="text-sm text-red-700">{t('table.loadError')}</p>
        ) : !s ? (
          <p className="text-sm text-slate-500">{t('att.noTimesheets')}</p>
        ) : (
          <Figures items={items} className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6" testId="my-summary" />
        )}
      </Card>
    </>
  );
}

type Report = RouterOutputs['attendance']['personal']['report'];

/** /personal/attendance/mypdf: the caller picks a month, sees its numbers and downloads the PDF. */
export function MyAttendancePdfPage() {
  const { t, i18n } = useTranslation();
  const [month, setMonth] = useState(todayIso().slice(0, 7));
  const utils = trpc.useUtils();
  const report = trpc.attendance.personal.report.useQuery({ month }, { placeholderData: keepPreviousData });
  const r = report.data;
  return (
    <>
      <PageTitle>{t('routes.personal.attendanceMyPdf')}</PageTitle>
      <PersonalTabs />
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="mypdf-month" className="mb-1 block text-sm font-medium text-slate-700">
              {t('att.month')}
            </label>
            <MonthPicker id="mypdf-month" ariaLabel={t('att.month')} value={month} onChange={setMonth} />
          </div>
          <DownloadButton
            variant="primary"
            testId="mypdf-download"
            fetchFile={() => utils.attendance.personal.pdf.fetch({ month, language: documentLanguage(i18n.language) })}
          >
            {t('att.downloadPdf')}
          </DownloadButton>
        </div>
        {r ? (
          <ReportSummary report={r} />
        ) : (
          <p className="text-sm text-slate-500">{report.isError ? t('table.loadError') : t('app.loading')}</p>
        )}
      </Card>
    </>
  );
}

function ReportSummary({ report }: { report: Report }) {
  const { t } = useTranslation();
  const x = report.totals;
  const items: [string, string | number][] = [
    [t('att.workdays'), x.workdays],
    [t('att.present'), x.present],
    [t('att.absent'), x.absent],
    [t('att.late'), `${x.late} / ${x.lateMinutes}′`],
    [t('att.early'), `${x.early} / ${x.earlyMinutes}′`],
    [t('att.leaveDays'), x.leave],
    [t('att.failed'), x.failed],
    [t('att.workedHours'), x.workedHours],
  ];
  return (
    <div>
      <p className="mb-3 text-sm text-slate-700">
        {report.employee.employeeNumber} {report.employee.name} · {formatIsoDate(report.from)} – {formatIsoDate(report.to)}
      </p>
      <Figures items={items} className="grid grid-cols-2 gap-4 sm:grid-cols-4" testId="mypdf-totals" />
    </div>
  );
}

type ShiftRow = RouterOutputs['attendance']['personal']['shift']['rows'][number];

/** /personal/shift: the caller's roster per day (rostered shift, else the default shift on workdays) with holidays. */
export function MyShiftPage() {
  const { t } = useTranslation();
  const p = usePersonalPeriod(31);
  const query = trpc.attendance.personal.shift.useQuery(
    { ...p.period, page: p.list.page, pageSize: p.list.pageSize },
    { placeholderData: keepPreviousData },
  );
  const today = todayIso();
  const columns: Column<ShiftRow>[] = [
    {
      key: 'date',
      header: t('att.date'),
      cell: (r) => (
        <span className={cx(r.date === today && 'font-semibold text-sky-700')}>
          {t(`att.weekday.${weekdayKey(r.date)}`)} {formatIsoDate(r.date)}
        </span>
      ),
      className: 'whitespace-nowrap',
    },
    { key: 'shift', header: t('att.shift'), cell: (r) => r.shift ?? <span className="text-slate-400">{t('att.dayOff')}</span> },
    { key: 'source', header: t('att.source'), cell: (r) => (r.rostered ? t('att.rostered') : t('att.defaultSchedule')) },
    { key: 'holiday', header: t('att.holiday'), cell: (r) => r.holiday ?? '' },
  ];
  return (
    <>
      <PageTitle>{t('routes.personal.shift')}</PageTitle>
      <PersonalTabs />
      <Card>
        <PeriodPickers p={p} />
        <PagedRows
          caption={t('routes.personal.shift')}
          list={p.list}
          query={query}
          columns={columns}
          rowKey={(r) => r.date}
          empty={t('att.noShiftsMine')}
        />
      </Card>
    </>
  );
}
