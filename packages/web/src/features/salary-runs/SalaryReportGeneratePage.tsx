import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCan } from '../../lib/can';
import { fieldsOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { DryRunResult } from './DryRunResult';
import { formatPeriod } from './run-format';
import { PeriodSelects } from './PeriodSelects';
import './texts';
import { RunJobProgress } from './RunJobProgress';
import { useRunGeneration } from './use-run-generation';
import { TextLink } from '../../ui/TextLink';

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
  const canUpdate = useCan('salary.update');
  const utils = trpc.useUtils();
  const [period, setPeriod] = useState(thisMonth);
  const [officeId, setOfficeId] = useState('');
  const dryRun = trpc.salary.report.dryRun.useMutation({ meta: { silent: true } });
  const { job, setJobId } = useRunGeneration(() => utils.salary.report.invalidate(), 'salary.report.generate', '/salary/report');
  const generate = trpc.salary.report.generateJob.useMutation({
    meta: { silent: true },
    onSuccess: (r) => setJobId(r.jobId),
  });
  const input = { period, ...(officeId ? { companyOfficeId: Number(officeId) } : {}) };
  const change = (set: (v: string) => void) => (v: string) => {
    set(v);
    dryRun.reset();
    generate.reset();
    setJobId(null);
  };
  const running = job.running;
  // A month that has not started yet: the server's warning (issue 19 item 17), answered by confirming or not.
  const futureWarning = fieldsOf(generate.error).some((f) => f.param === 'confirmFuturePeriod');
  const error = (futureWarning ? null : generate.error?.message) ?? job.error ?? dryRun.error?.message;
  const busy = dryRun.isPending || generate.isPending || running;
  return (
    <>
      <PageTitle actions={<TextLink to="/salary/report">{t('salaryRuns.back')}</TextLink>}>
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
        {futureWarning ? (
          <Banner tone="warning" className="mt-4">
            <p data-testid="future-period-warning">{t('salaryRuns.futureWarning', { period: formatPeriod(period) })}</p>
            <div className="mt-2 flex gap-2">
              <Button size="sm" disabled={busy} onClick={() => generate.mutate({ ...input, confirmFuturePeriod: true })}>
                {t('salaryRuns.generateFuture')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => generate.reset()}>
                {t('salaryRuns.keep')}
              </Button>
            </div>
          </Banner>
        ) : null}
        {running ? <RunJobProgress job={job.data} texts="salaryRuns" /> : null}
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
