import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../lib/notify';
import { serverMessage } from '../../lib/server-messages';
import { useJob } from '../../lib/use-job';

/**
 * A payroll or THR run generated as a background job (docs/jobs.md): `setJobId` follows the queued
 * job; once it succeeds the module's queries are read again (`refresh`), the server's message of
 * the synchronous generation (`generated`, "Salary report generated") shows and the new draft opens
 * at `${detailBase}/<runId>/detail`.
 */
export function useRunGeneration(
  refresh: () => unknown,
  generated: 'salary.report.generate' | 'salary.holidayAllowance.generate',
  detailBase: '/salary/report' | '/salary/holidayAllowance',
) {
  const navigate = useNavigate();
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJob(jobId);
  const finished = job.finished;
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  useEffect(() => {
    if (finished?.status !== 'succeeded') return;
    const runId = (finished.result as { runId?: number } | null)?.runId;
    void refreshRef.current();
    notifySuccess(serverMessage(generated));
    if (runId) void navigate(`${detailBase}/${runId}/detail`);
  }, [finished, navigate, generated, detailBase]);
  return { job, setJobId };
}
