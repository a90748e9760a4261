import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { SendResultSummary } from './SendResultSummary';
import './texts';

export type SendResult = RouterOutputs['salary']['payslip']['sendEmail'];

/**
 * Confirms sending a run's payslips by e-mail, with the resend and password options; after sending it
 * shows what happened (sent, kept in the outbox, failed, skipped with reasons).
 */
export function SendPayslipsDialog({ runId, onClose }: { runId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [resend, setResend] = useState(false);
  const [protect, setProtect] = useState(false);
  const send = trpc.salary.payslip.sendEmail.useMutation({
    meta: { successMessage: () => t('mail.done') },
    onSuccess: () => void utils.mail.invalidate(),
  });
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
        send.data ? (
          <Button onClick={onClose}>{t('mail.close')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('mail.cancel')}
            </Button>
            <Button disabled={send.isPending} onClick={() => send.mutate({ id: runId, resend, protect })}>
              {send.isPending ? t('mail.sending') : t('mail.send')}
            </Button>
          </>
        )
      }
    >
      {send.data ? (
        <SendResultSummary result={send.data} />
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
