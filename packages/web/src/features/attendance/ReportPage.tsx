import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { documentLanguage } from '../../lib/document-language';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatIsoDate } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import {
  DownloadButton,
  employeeColumns,
  numColumn,
  PerEmployeeRows,
  PeriodFilterBar,
  TimesheetTabs,
  usePeriodFilters,
} from './shared';
import './texts';

type Row = RouterOutputs['attendance']['report']['list']['rows'][number];

/**
 * /attendance/report: per employee over the period — days present, absent, late (days and
 * minutes), early clock-out, leave days, failed days and worked hours — with a chart of daily
 * presence and a per-employee PDF.
 */
export function ReportPage() {
  const { t, i18n } = useTranslation();
  const f = usePeriodFilters();
  const utils = trpc.useUtils();
  const query = trpc.attendance.report.list.useQuery(f.input, { placeholderData: keepPreviousData });
  const daily = trpc.attendance.report.daily.useQuery(f.filter, { placeholderData: keepPreviousData });
  const pdfInput = (employeeId: number) => ({
    employeeId,
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    language: documentLanguage(i18n.language),
  });
  const columns: Column<Row>[] = [
    ...employeeColumns<Row>(t),
    numColumn<Row>('workdays', t('att.workdays')),
    numColumn<Row>('present', t('att.present')),
    numColumn<Row>('absent', t('att.absent')),
    { key: 'late', header: t('att.late'), cell: (r) => `${r.late} / ${r.lateMinutes}′`, className: 'text-right tabular-nums' },
    {
      key: 'early',
      header: t('att.early'),
      cell: (r) => `${r.early} / ${r.earlyMinutes}′`,
      className: 'text-right tabular-nums',
    },
    numColumn<Row>('leave', t('att.leaveDays')),
    numColumn<Row>('failed', t('att.failed')),
    numColumn<Row>('workedHours', t('att.workedHours')),
    {
      key: 'pdf',
      header: t('att.pdf'),
      cell: (r) => (
        <DownloadButton size="sm" fetchFile={() => utils.attendance.timesheet.pdf.fetch(pdfInput(r.employeeId))}>
          {t('att.pdf')}
        </DownloadButton>
      ),
    },
  ];
  const chartData = (daily.data?.days ?? []).map((d) => ({ ...d, label: d.date.slice(8, 10) }));
  return (
    <>
      <PageTitle
        actions={
          <DownloadButton fetchFile={() => utils.attendance.timesheet.recap.fetch(f.filter)}>
            {t('att.downloadRecap')}
          </DownloadButton>
        }
      >
        {t('routes.attendance.report')}
      </PageTitle>
      <TimesheetTabs />
      <div className="space-y-4">
        <Card>
          <PeriodFilterBar f={f} />
        </Card>
        <Card title={t('att.dailyPresence')}>
          {chartData.length === 0 ? (
            <p className="text-sm text-slate-500">{daily.isFetching ? t('app.loading') : t('att.noTimesheets')}</p>
          ) : (
            <div className="h-64 w-full" data-testid="att-chart" role="img" aria-label={t('att.dailyPresence')}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={chartData} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={chartData.length > 31 ? 6 : 0} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
                  <Tooltip
                    labelFormatter={(_, p) => formatIsoDate((p?.[0]?.payload as { date?: string } | undefined)?.date ?? '')}
                  />
                  <Legend wrapperStyle={{ fontSize: 12 }} />
                  <Bar dataKey="present" stackId="a" name={t('att.present')} fill="#0284c7" />
                  <Bar dataKey="late" name={t('att.late')} fill="#f59e0b" />
                  <Bar dataKey="absent" stackId="a" name={t('att.absent')} fill="#dc2626" />
                  <Bar dataKey="leave" stackId="a" name={t('att.leaveDays')} fill="#8b5cf6" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
          <p className="mt-2 text-xs text-slate-500">{t('att.reportHint')}</p>
        </Card>
        <Card title={t('att.perEmployee')}>
          <PerEmployeeRows caption={t('att.perEmployee')} f={f} query={query} columns={columns} />
        </Card>
      </div>
    </>
  );
}
