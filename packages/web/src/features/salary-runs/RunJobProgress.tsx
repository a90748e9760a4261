import { useTranslation } from 'react-i18next';
import type { useJob } from '../../lib/use-job';
import { JobProgress } from '../../ui/JobProgress';

/**
 * The progress of a payroll or THR run's job: "queued" until it runs and knows its total, then
 * "done of total". `texts` names the screen's text key (`salaryRuns` or `thr`).
 */
export function RunJobProgress({ job, texts }: { job: ReturnType<typeof useJob>['data']; texts: 'salaryRuns' | 'thr' }) {
  const { t } = useTranslation();
  const done = job?.done ?? 0;
  const total = job?.total ?? 0;
  return (
    <JobProgress
      done={done}
      total={total}
      label={t(`${texts}.jobProgressLabel`)}
      text={job?.status !== 'running' && !job?.total ? t(`${texts}.jobQueued`) : t(`${texts}.jobProgress`, { done, total })}
    />
  );
}
