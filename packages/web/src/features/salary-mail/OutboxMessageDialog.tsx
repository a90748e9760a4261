import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { MailStatusBadge } from './MailStatusBadge';
import './texts';
import { toastThen } from '../../lib/toast-then';

/** One outbox message: recipient, subject, text, attachments, status; "Send again" for failed or stored ones. */
export function OutboxMessageDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const canRetry = useCan('salary.update');
  const q = trpc.mail.outboxMessage.useQuery({ id });
  const retry = trpc.mail.retry.useMutation(toastThen(() => void utils.mail.invalidate()));
  const m = q.data;
  const fact = (label: string, value: React.ReactNode) => (
    <div className="grid grid-cols-3 gap-2 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="col-span-2 break-words">{value}</dd>
    </div>
  );
  return (
    <Modal
      open
      onClose={onClose}
      title={t('mail.messageTitle', { id })}
      footer={
        <>
          {m && canRetry && (m.status === 'failed' || m.status === 'stored') ? (
            <Button variant="secondary" disabled={retry.isPending} onClick={() => retry.mutate({ id })}>
              {t('mail.retry')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('mail.close')}</Button>
        </>
      }
    >
      {!m ? (
        <Spinner />
      ) : (
        <div data-testid="outbox-message">
          <dl className="space-y-1">
            {fact(t('mail.from'), m.from)}
            {fact(t('mail.to'), m.toName ? `${m.toName} <${m.to}>` : m.to)}
            {fact(t('mail.subject'), m.subject)}
            {fact(t('mail.status'), <MailStatusBadge status={m.status} />)}
            {fact(t('mail.created'), formatDateTime(m.createdAt))}
            {m.sentAt ? fact(t('mail.sentAt'), formatDateTime(m.sentAt)) : null}
            {m.lastError ? fact(t('mail.lastError'), <span className="text-red-700">{m.lastError}</span>) : null}
            {fact(
              t('mail.attachments'),
              m.attachmentDetails.length
                ? m.attachmentDetails.map((a) => `${a.fileName} (${Math.ceil(a.size / 1024)} KB)`).join(', ')
                : '-',
            )}
          </dl>
          <h3 className="mt-3 text-sm font-medium text-slate-700">{t('mail.body')}</h3>
          <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 text-sm">{m.text}</pre>
        </div>
      )}
    </Modal>
  );
}
