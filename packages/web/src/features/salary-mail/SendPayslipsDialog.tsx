import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { serverMessage } from '../../lib/server-messages';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { useJob } from '../../lib/use-job';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { JobProgress } from '../../ui/JobProgress';
import { CancelButton } from '../../ui/ActionModal';
import { Modal } from '../../ui/Modal';
import { SendResultSummary } from './SendResultSummary';
import './texts';

export type SendResult = RouterOutputs['salary']['payslip']['sendEmail'];

/**
 * Confirms sending a run's payslips by e-mail, with the resend and password options. Sending runs as a
 * background job (salary.payslip.sendEmailJob, docs/jobs.md) with its progress; then the dialog shows what
 * happened (sent, kept in the outbox, failed, skipped with reasons).
 */
export function SendPayslipsDialog({ runId, onClose }: { runId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [resend, setResend] = useState(false);
  const [protect, setProtect] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const send = trpc.salary.payslip.sendEmailJob.useMutation({ onSuccess: (r) => setJobId(r.jobId) });
  const job = useJob(jobId);
  const result = job.finished?.status === 'succeeded' ? (job.finished.result as SendResult) : null;
  useEffect(() => {
    if (!result) return;
    notifySuccess(serverMessage('salary.payslip.sendEmail'));
    void utils.mail.invalidate();
  }, [result, utils]);
  const busy = send.isPending || job.running;
  const option = (id: string, checked: boolean, set: (v: boolean) => void, label: string) => (
    <label htmlFor={id} className="flex items-start gap-2 text-sm text-slate-700">
      <input id={id} type="checkbox" className="mt-0.5" checked={checked} onChange={(e) => set(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
  return (
    <Modal
      open
      onClose={onClose}
      title={t('mail.sendTitle')}
      footer={
        result || job.error ? (
          <Button onClick={onClose}>{t('mail.close')}</Button>
        ) : (
          <>
            <CancelButton onCancel={onClose}>{t('mail.cancel')}</CancelButton>
            <Button disabled={busy} onClick={() => send.mutate({ id: runId, resend, protect })}>
              {busy ? t('mail.sending') : t('mail.send')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <SendResultSummary result={result} />
      ) : job.error ? (
        <Banner tone="error">{job.error}</Banner>
      ) : job.running ? (
        <JobProgress
          done={job.data?.done ?? 0}
          total={job.data?.total ?? 0}
          label={t('mail.jobProgressLabel')}
          text={t('mail.jobProgress', { done: job.data?.done ?? 0, total: job.data?.total ?? 0 })}
        />
      ) : (
        <>
          <p className="text-sm text-slate-600">{t('mail.sendHint')}</p>
          {option('mail-resend', resend, setResend, t('mail.resend'))}
          {option('mail-protect', protect, setProtect, t('mail.protect'))}
        </>
      )}
    </Modal>
  );
}
