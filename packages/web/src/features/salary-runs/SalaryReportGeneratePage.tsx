import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../lib/can';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useJob } from '../../lib/use-job';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { JobProgress } from '../../ui/JobProgress';
import { Card, PageTitle } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { DryRunResult } from './DryRunResult';
import { PeriodSelects } from './PeriodSelects';
import './texts';

const thisMonth = (d = new Date()) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

/**
 * /salary/report/generate: choose the period and (optionally) one office; "Dry run" shows what the
 * run would pay without writing, "Generate" starts the run as a background job (salary.report.generateJob,
 * docs/jobs.md), shows its progress ("n of N employees", job.get polled every 500 ms) and opens the draft
 * when it is done. The server's refusals (finalised period locked, an overlapping draft, a formula failing
 * for one employee) are shown as sent, whether they come at once or from the job.
 */
export function SalaryReportGeneratePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canUpdate = useCan('salary.update');
  const utils = trpc.useUtils();
  const [period, setPeriod] = useState(thisMonth);
  const [officeId, setOfficeId] = useState('');
  const dryRun = trpc.salary.report.dryRun.useMutation({ meta: { silent: true } });
  const [jobId, setJobId] = useState<number | null>(null);
  const generate = trpc.salary.report.generateJob.useMutation({
    meta: { silent: true },
    onSuccess: (r) => setJobId(r.jobId),
  });
  const job = useJob(jobId);
  const finished = job.finished;
  useEffect(() => {
    if (finished?.status !== 'succeeded') return;
    const runId = (finished.result as { runId?: number } | null)?.runId;
    void utils.salary.report.invalidate();
    notifySuccess(t('salaryRuns.generated'));
    if (runId) void navigate(`/salary/report/${runId}/detail`);
  }, [finished, utils, navigate, t]);
  const input = { period, ...(officeId ? { companyOfficeId: Number(officeId) } : {}) };
  const change = (set: (v: string) => void) => (v: string) => {
    set(v);
    dryRun.reset();
    generate.reset();
    setJobId(null);
  };
  const running = job.running;
  const error = generate.error?.message ?? job.error ?? dryRun.error?.message;
  const busy = dryRun.isPending || generate.isPending || running;
  return (
    <>
      <PageTitle
        actions={
          <Link to="/salary/report" className="text-sm text-sky-700 hover:underline">
            {t('salaryRuns.back')}
          </Link>
        }
      >
        {t('routes.salary.reportGenerate')}
      </PageTitle>
      <Card>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('salaryRuns.period')} htmlFor="gen-period-year" required>
            <PeriodSelects idPrefix="gen-period" value={period} onChange={change(setPeriod)} />
          </Field>
          <Field label={t('salaryRuns.office')} htmlFor="gen-office">
            <CompanyOfficeSelect
              id="gen-office"
              placeholder={t('salaryRuns.wholeCompany')}
              value={officeId}
              onChange={change(setOfficeId)}
            />
          </Field>
        </div>
        <p className="mt-4 text-sm text-slate-600">
          {t('salaryRuns.dryRunHint')} {t('salaryRuns.generateHint')}
        </p>
        {error ? (
          <Banner tone="error" className="mt-4">
            {error}
          </Banner>
        ) : null}
        {running ? (
          <JobProgress
            done={job.data?.done ?? 0}
            total={job.data?.total ?? 0}
            label={t('salaryRuns.jobProgressLabel')}
            text={
              job.data?.status !== 'running' && !job.data?.total
                ? t('salaryRuns.jobQueued')
                : t('salaryRuns.jobProgress', { done: job.data?.done ?? 0, total: job.data?.total ?? 0 })
            }
          />
        ) : null}
        {canUpdate ? (
          <div className="mt-4 flex items-center justify-end gap-2">
            {busy ? <Spinner label={t('app.loading')} /> : null}
            <Button variant="secondary" disabled={busy} onClick={() => dryRun.mutate(input)}>
              {t('salaryRuns.dryRun')}
            </Button>
            <Button
              disabled={busy}
              onClick={() => {
                setJobId(null);
                generate.mutate(input);
              }}
            >
              {t('salaryRuns.generate')}
            </Button>
          </div>
        ) : null}
      </Card>
      {dryRun.data ? <DryRunResult result={dryRun.data} /> : null}
    </>
  );
}
