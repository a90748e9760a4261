import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCan } from '../../lib/can';
import { httpStatusOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { Spinner } from '../../ui/Spinner';
import { PayslipActions } from '../salary-mail/PayslipActions';
import { PagedTable, usePaging } from '../shared/PagedTable';
import { ConfirmRunDialog, type RunAction } from './ConfirmRunDialog';
import { ReopenRunDialog } from './ReopenRunDialog';
import { FigureList } from './FigureList';
import { PayslipDialog } from './PayslipDialog';
import { RunStatusBadge } from './RunStatusBadge';
import { formatPeriod, formatRupiah, moneyColumn, type PayslipRow } from './run-format';
import { SkippedList } from './SkippedList';
import './texts';
import { SearchInput } from '../../ui/SearchInput';
import { TextLink } from '../../ui/TextLink';
import { useFileDownload } from '../../lib/use-file-download';
import { trimmedOrOmitted } from '../../lib/use-schema-form';

/**
 * /salary/report/:id/detail: the run's period, scope, status and totals, its payslips (paginated on
 * the server, searched by name or number on the server), and each payslip's lines with their traces in a
 * dialog. Drafts can be finalised or cancelled by holders of salary.update.
 */
export function SalaryReportDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const canUpdate = useCan('salary.update');
  const utils = trpc.useUtils();
  const paging = usePaging();
  const { value: filter, set: setFilter } = paging.param('q');
  const [openId, setOpenId] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<RunAction | null>(null);
  const [reopening, setReopening] = useState(false);
  const { busy: downloading, download: save } = useFileDownload();
  const q = trpc.salary.report.detail.useQuery(
    { id: valid ? id : 0, page: paging.page, pageSize: paging.pageSize, ...trimmedOrOmitted('search', filter) },
    { enabled: valid, placeholderData: keepPreviousData, meta: { silent: true } },
  );
  const run = q.data;
  if (!valid || (q.isError && httpStatusOf(q.error) === 404)) return <Banner tone="error">{t('salaryRuns.notFound')}</Banner>;
  if (q.isError && !run)
    return (
      <Banner tone="error">
        {q.error.message}{' '}
        <button type="button" className="underline" onClick={() => void q.refetch()}>
          {t('app.retry')}
        </button>
      </Banner>
    );
  if (!run) return <Spinner label={t('app.loading')} />;

  const rows = run.payslips.rows;
  const money = (key: string, header: string, get: (r: PayslipRow) => string) => moneyColumn<PayslipRow>(key, header, get, true);
  const columns: Column<PayslipRow>[] = [
    {
      key: 'employee',
      header: t('salaryRuns.employee'),
      cell: (r) => (
        <button type="button" className="text-left hover:underline" onClick={() => setOpenId(r.id)}>
          <span className="block font-medium text-sky-700">{r.employeeName}</span>
          <span className="block text-xs text-slate-500">{r.employeeNumber}</span>
        </button>
      ),
    },
    money('gross', t('salaryRuns.gross'), (r) => r.gross),
    money('deductions', t('salaryRuns.deductions'), (r) => r.totalDeductions),
    money('pph21', t('salaryRuns.pph21'), (r) => r.pph21),
    money('net', t('salaryRuns.net'), (r) => r.net),
  ];
  const download = () => save(() => utils.salary.report.download.fetch({ id }));
  const draft = run.status === 'draft';
  return (
    <>
      <PageTitle actions={<TextLink to="/salary/report">{t('salaryRuns.back')}</TextLink>}>
        {t('routes.salary.reportDetail')} {formatPeriod(run.period)}
      </PageTitle>
      <Card
        title={
          <span className="flex items-center gap-2">
            {formatPeriod(run.period)} · {run.companyOffice ?? t('salaryRuns.wholeCompany')}
            <RunStatusBadge status={run.status} />
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {canUpdate && draft ? (
              <>
                <Button size="sm" onClick={() => setConfirm('finalise')}>
                  {t('salaryRuns.finalise')}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setConfirm('cancel')}>
                  {t('salaryRuns.cancelRun')}
                </Button>
              </>
            ) : null}
            {canUpdate && run.status === 'finalised' ? (
              <Button size="sm" variant="secondary" onClick={() => setReopening(true)}>
                {t('salaryRuns.reopen')}
              </Button>
            ) : null}
            {run.status !== 'cancelled' ? (
              <Button size="sm" variant="secondary" disabled={downloading} onClick={() => void download()}>
                {t('salaryRuns.download')}
              </Button>
            ) : null}
            <PayslipActions runId={run.id} status={run.status} />
          </div>
        }
      >
        <FigureList
          testIdPrefix="run"
          items={[
            ['employees', t('salaryRuns.employees'), run.employees],
            ['gross', t('salaryRuns.gross'), formatRupiah(run.gross)],
            ['tax', t('salaryRuns.pph21'), formatRupiah(run.tax)],
            ['net', t('salaryRuns.net'), formatRupiah(run.net)],
            ['created', t('salaryRuns.createdAt'), formatDateTime(run.createdAt)],
            ...(run.finalisedAt
              ? [['finalised', t('salaryRuns.finalisedAt'), formatDateTime(run.finalisedAt)] as [string, string, string]]
              : []),
          ]}
        />
        <SkippedList skipped={run.skipped} />
        <div className="mb-4 max-w-sm">
          <SearchInput label={t('salaryRuns.findOnPage')} value={filter} onValue={paging.resetting(setFilter)} />
        </div>
        <PagedTable
          columns={columns}
          query={{ ...q, data: { rows, total: run.payslips.total } }}
          paging={paging}
          empty={t('salaryRuns.noPayslips')}
        />
      </Card>
      <PayslipDialog payslipId={openId} onClose={() => setOpenId(null)} />
      <ConfirmRunDialog runId={run.id} period={run.period} action={confirm} onClose={() => setConfirm(null)} />
      <ReopenRunDialog runId={run.id} period={run.period} open={reopening} onClose={() => setReopening(false)} />
    </>
  );
}
