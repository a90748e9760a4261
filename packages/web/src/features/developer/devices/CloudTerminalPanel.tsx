import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { SecretValue } from '../../../ui/CopyButton';
import { Banner } from '../../../ui/Banner';
import { Modal } from '../../../ui/Modal';
import { TerminalFact } from './TerminalFact';
import './texts';
import { toastThen } from '../../../lib/toast-then';

/** The path the Fingerspot.io cloud posts to (server/src/fingerspot-cloud/plugin.ts). */
export const WEBHOOK_PATH = '/api/fingerspot/webhook';

/**
 * The cloud card of /developer/fingerspot/:id/detail (driver fingerspot-cloud): the webhook URL to
 * set in Fingerspot.io, whether a secret was issued, and issuing a new one (shown once).
 */
export function CloudTerminalPanel({
  id,
  name,
  cloudId,
  secretSetAt,
}: {
  id: number;
  name: string;
  cloudId: string | null;
  secretSetAt: string | null;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [shown, setShown] = useState<string | null>(null);
  const rotate = trpc.deviceCloud.rotateSecret.useMutation(
    toastThen((r) => {
      setShown(r.secret);
      void utils.device.detail.invalidate({ id });
    }),
  );
  const url = `${window.location.origin}${WEBHOOK_PATH}`;
  return (
    <Card
      title={t('devCloud.cloudTitle')}
      actions={
        <Button size="sm" variant="secondary" disabled={rotate.isPending} onClick={() => rotate.mutate({ id })}>
          {secretSetAt ? t('devCloud.rotateSecret') : t('devCloud.issueSecret')}
        </Button>
      }
    >
      <dl className="grid gap-4 sm:grid-cols-3">
        <TerminalFact label={t('devCloud.cloudId')}>
          <code className="font-mono text-xs">{cloudId ?? '–'}</code>
        </TerminalFact>
        <TerminalFact label={t('devCloud.webhookUrl')} className="sm:col-span-2">
          <SecretValue value={url} testId="webhook-url" />
        </TerminalFact>
        <TerminalFact label={t('devCloud.secret')} className="sm:col-span-3" testId="webhook-secret-state">
          {secretSetAt ? t('devCloud.secretSetAt', { at: formatDateTime(secretSetAt) }) : t('devCloud.noSecret')}
        </TerminalFact>
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        {t('devCloud.webhookHint')} {secretSetAt ? t('devCloud.rotateHint') : ''}
      </p>
      {shown ? (
        // Only Close closes it: an outside click must not lose a secret shown once.
        <Modal
          open
          onClose={() => {}}
          title={t('devCloud.secretTitle', { name })}
          footer={<Button onClick={() => setShown(null)}>{t('app.close')}</Button>}
        >
          <p className="text-sm text-slate-700">{t('devCloud.secretIntro')}</p>
          <SecretValue value={shown} testId="webhook-secret" />
          <Banner tone="warning">{t('devCloud.secretOnce')}</Banner>
        </Modal>
      ) : null}
    </Card>
  );
}
