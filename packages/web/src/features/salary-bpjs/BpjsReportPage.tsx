import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { Select } from '../../ui/Select';
import { formatPeriod, formatRupiah } from '../salary-runs/run-format';
import { DownloadButton } from '../salary-tax/DownloadButton';
import { PagedTable, usePaging } from '../shared/PagedTable';
import { BpjsRecapTable } from './BpjsRecapTable';
import { type BpjsProblem, type BpjsRow, shareText } from './bpjs-format';
import './texts';

const money = 'whitespace-nowrap text-right tabular-nums';

/**
 * /salary/bpjsReport: pick a finalised payroll run, see the contributions per programme and every employee's
 * BPJS numbers and figures (problems first to fix), and download the e-Dabu (BPJS Kesehatan) and BPJS
 * Ketenagakerjaan files and the monthly recap (docs/bpjs-reports.md).
 */
export function BpjsReportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const paging = usePaging();
  // Kept in the URL beside the run and the page: Back from an employee shows the list as it was.
  const problems = paging.param('problems');
  const problemsOnly = problems.value === '1';
  const utils = trpc.useUtils();
  const runs = trpc.salary.report.list.useQuery({ status: 'finalised', pageSize: 100 });
  const runRows = runs.data?.rows ?? [];
  const chosen = Number(params.get('run')) || runRows[0]?.id || 0;
  const report = trpc.bpjsReport.detail.useQuery(
    { id: chosen, problemsOnly, page: paging.page, pageSize: paging.pageSize },
    { enabled: chosen > 0, placeholderData: keepPreviousData },
  );
  const r = report.data;
  const problemText = (p: BpjsProblem) =>
    t(`bpjs.${p.kind}`, { what: t(p.field === 'nationalId' ? 'bpjs.nik' : p.field === 'jknNumber' ? 'bpjs.jkn' : 'bpjs.kpj') });
  const columns: Column<BpjsRow>[] = [
    {
      key: 'employee',
      header: t('bpjs.employee'),
      cell: (x) => (
        <>
          <span className="font-medium">{x.name}</span>
          <span className="block text-xs text-slate-500">{x.employeeNumber}</span>
        </>
      ),
    },
    { key: 'nik', header: t('bpjs.nik'), cell: (x) => x.nationalId ?? '-', className: 'tabular-nums' },
    { key: 'jkn', header: t('bpjs.jkn'), cell: (x) => x.jknNumber ?? '-', className: 'tabular-nums' },
    { key: 'kpj', header: t('bpjs.kpj'), cell: (x) => x.kpjNumber ?? '-', className: 'tabular-nums' },
    { key: 'wage', header: t('bpjs.wage'), cell: (x) => formatRupiah(x.wage), className: money },
    {
      key: 'kesehatan',
      header: t('bpjs.kesehatan'),
      cell: (x) => shareText(formatRupiah, x.kesehatanEmployer, x.kesehatanEmployee),
      className: money,
    },
    { key: 'jht', header: t('bpjs.jht'), cell: (x) => shareText(formatRupiah, x.jhtEmployer, x.jhtEmployee), className: money },
    { key: 'jkk', header: t('bpjs.jkk'), cell: (x) => formatRupiah(x.jkk), className: money },
    { key: 'jkm', header: t('bpjs.jkm'), cell: (x) => formatRupiah(x.jkm), className: money },
    { key: 'jp', header: t('bpjs.jp'), cell: (x) => shareText(formatRupiah, x.jpEmployer, x.jpEmployee), className: money },
    { key: 'tk', header: t('bpjs.tkTotal'), cell: (x) => formatRupiah(x.ketenagakerjaanTotal), className: money },
    {
      key: 'problems',
      header: t('bpjs.problem'),
      cell: (x) => (
        <ul className="text-xs text-amber-800" data-testid="bpjs-problems">
          {x.problems.map((p) => (
            <li key={p.field}>{problemText(p)}</li>
          ))}
        </ul>
      ),
    },
  ];
  const run = r?.run;
  const downloads = run ? (
    <div className="flex flex-wrap gap-2">
      <DownloadButton label={t('bpjs.downloadKesehatan')} fetchFile={() => utils.bpjsReport.kesehatan.fetch({ id: run.id })} />
      <DownloadButton
        label={t('bpjs.downloadKetenagakerjaan')}
        fetchFile={() => utils.bpjsReport.ketenagakerjaan.fetch({ id: run.id })}
      />
      <DownloadButton
        label={t('bpjs.downloadRecap')}
        fetchFile={() =>
          utils.bpjsReport.recapDownload.fetch({
            period: run.period,
            ...(run.companyOfficeId ? { companyOfficeId: run.companyOfficeId } : {}),
          })
        }
      />
    </div>
  ) : null;
  return (
    <>
      <PageTitle actions={downloads}>{t('routes.salary.bpjsReport')}</PageTitle>
      <Card>
        <div className="max-w-md">
          <Select
            aria-label={t('bpjs.run')}
            placeholder={t('bpjs.chooseRun')}
            loading={runs.isLoading}
            value={chosen || ''}
            onChange={(v) => {
              paging.setPage(1);
              setParams(v ? { run: v } : {}, { replace: true });
            }}
            options={runRows.map((x) => ({
              value: x.id,
              label: `${formatPeriod(x.period)} · ${x.companyOffice ?? t('bpjs.allOffices')} (#${x.id})`,
            }))}
          />
        </div>
        {runs.data && runRows.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t('bpjs.noRuns')}</p> : null}
        {report.isError ? (
          <Banner tone="error" className="mt-3">
            {t('bpjs.notFinalised')}
          </Banner>
        ) : null}
      </Card>
      {chosen > 0 && !report.isError ? (
        <>
          <Card title={t('bpjs.recap')} className="mt-4">
            <BpjsRecapTable rows={r?.recap ?? []} loading={report.isFetching && !r} />
            <p className="mt-2 text-xs text-slate-500">{t('bpjs.jkpNote')}</p>
          </Card>
          <Card title={r ? `${t('bpjs.employees')}: ${r.employees}` : t('bpjs.employees')} className="mt-4">
            {r && r.withProblems > 0 ? (
              <Banner tone="warning" className="mb-3">
                {t('bpjs.problems', { count: r.withProblems })}
              </Banner>
            ) : null}
            <label className="mb-3 flex items-center gap-2 text-sm text-slate-600">
              <input type="checkbox" checked={problemsOnly} onChange={(e) => problems.set(e.target.checked ? '1' : '')} />
              {t('bpjs.problemsOnly')}
            </label>
            <PagedTable
              columns={columns}
              query={{ ...report, data: r?.rows }}
              paging={paging}
              rowKey={(x) => x.payslipId}
              empty={t('bpjs.noRows')}
            />
          </Card>
        </>
      ) : null}
    </>
  );
}
