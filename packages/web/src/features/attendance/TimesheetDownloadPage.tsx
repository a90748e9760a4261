import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Card, PageTitle } from '../../ui/Card';
import { DownloadButton, PeriodFilterBar, TimesheetTabs, usePeriodFilters } from './shared';
import './texts';

/**
 * /attendance/timesheet/download: the timesheets of a period and filter as XLSX (sheets
 * "Timesheet" and "Summary"), and the recap workbook (employees × days with a code per day).
 */
export function TimesheetDownloadPage() {
  const { t } = useTranslation();
  const f = usePeriodFilters();
  const utils = trpc.useUtils();
  // How much the files will hold: the list's total rows and the summary's employee count.
  const rows = trpc.attendance.timesheet.list.useQuery({ ...f.filter, page: 1, pageSize: 1 });
  const people = trpc.attendance.timesheet.summary.useQuery({ ...f.filter, page: 1, pageSize: 1 });
  return (
    <>
      <PageTitle>{t('routes.attendance.timesheetDownload')}</PageTitle>
      <TimesheetTabs />
      <Card>
        <PeriodFilterBar f={f} />
        <p className="mb-4 text-sm text-slate-700" data-testid="att-download-count">
          {rows.data && people.data
            ? t('att.downloadCount', {
                rows: rows.data.total,
                employees: people.data.total,
                from: formatIsoDate(f.from),
                to: formatIsoDate(f.to),
              })
            : t('app.loading')}
        </p>
        <div className="flex flex-wrap gap-3">
          <DownloadButton variant="primary" fetchFile={() => utils.attendance.timesheet.download.fetch(f.filter)}>
            {t('att.downloadXlsx')}
          </DownloadButton>
          <DownloadButton fetchFile={() => utils.attendance.timesheet.recap.fetch(f.filter)}>
            {t('att.downloadRecap')}
          </DownloadButton>
        </div>
        <p className="mt-3 text-xs text-slate-500">{t('att.downloadHint')}</p>
      </Card>
    </>
  );
}
