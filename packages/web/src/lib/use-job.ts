import { trpc } from './trpc';

/**
 * Follows a background job (docs/jobs.md) by polling `job.get` every 500 ms until it has
 * succeeded or failed. `jobId` null: nothing to follow.
 */
export function useJob(jobId: number | null) {
  const job = trpc.job.get.useQuery(
    { id: jobId ?? 0 },
    {
      enabled: jobId !== null,
      refetchInterval: (q) => (q.state.data?.status === 'succeeded' || q.state.data?.status === 'failed' ? false : 500),
    },
  );
  const finished = job.data?.status === 'succeeded' || job.data?.status === 'failed' ? job.data : null;
  return {
    data: job.data,
    /** The job's final state once it has succeeded or failed, else null. */
    finished,
    running: jobId !== null && !finished,
    /** The refusal or failure message of a failed job. */
    error: finished?.status === 'failed' ? finished.error : null,
  };
}
