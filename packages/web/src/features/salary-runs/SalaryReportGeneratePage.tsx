import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
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
 * run would pay without writing, "Generate" creates the draft and opens it. The server's refusals
 * (finalised period locked, an overlapping draft, a formula failing for one employee) are shown as sent.
 */
export function SalaryReportGeneratePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canUpdate = useCan('salary.update');
  const utils = trpc.useUtils();
  const [period, setPeriod] = useState(thisMonth);
  const [officeId, setOfficeId] = useState('');
  const dryRun = trpc.salary.report.dryRun.useMutation({ meta: { silent: true } });
  const generate = trpc.salary.report.generate.useMutation({
    meta: { silent: true, successMessage: () => t('salaryRuns.generated') },
    onSuccess: (r) => {
      void utils.salary.report.invalidate();
      void navigate(`/salary/report/${r.runId}/detail`);
    },
  });
  const input = { period, ...(officeId ? { companyOfficeId: Number(officeId) } : {}) };
  const change = (set: (v: string) => void) => (v: string) => {
    set(v);
    dryRun.reset();
    generate.reset();
  };
  const error = generate.error ?? dryRun.error;
  const busy = dryRun.isPending || generate.isPending;
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
            {error.message}
          </Banner>
        ) : null}
        {canUpdate ? (
          <div className="mt-4 flex items-center justify-end gap-2">
            {busy ? <Spinner label={t('app.loading')} /> : null}
            <Button variant="secondary" disabled={busy} onClick={() => dryRun.mutate(input)}>
              {t('salaryRuns.dryRun')}
            </Button>
            <Button disabled={busy} onClick={() => generate.mutate(input)}>
              {t('salaryRuns.generate')}
            </Button>
          </div>
        ) : null}
      </Card>
      {dryRun.data ? <DryRunResult result={dryRun.data} /> : null}
    </>
  );
}
