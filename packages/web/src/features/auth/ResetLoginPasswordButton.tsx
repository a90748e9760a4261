import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { SecretValue } from '../../ui/CopyButton';
import { Modal } from '../../ui/Modal';
import { ActionModal } from '../../ui/ActionModal';

/**
 * An administrator's password reset of an employee's login (`employee.update.loginPassword`,
 * `user.manage`): the one-time password is shown once; its holder must change it at sign-in. The
 * server refuses one's own login and logins holding powers the administrator lacks (403, shown as a toast).
 */
export function ResetLoginPasswordButton({ employeeId, email }: { employeeId: number; email: string }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const reset = trpc.employee.update.loginPassword.useMutation({ onSettled: () => setConfirming(false) });
  return (
    <>
      <Button variant="secondary" size="sm" disabled={reset.isPending} onClick={() => setConfirming(true)}>
        {t('employeeDetail.resetPassword')}
      </Button>
      <ActionModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('employeeDetail.resetPassword')}
        actionLabel={t('employeeDetail.resetPassword')}
        busy={reset.isPending}
        onAction={() => reset.mutate({ id: employeeId })}
      >
        <p className="text-sm text-slate-700">{t('employeeDetail.resetPasswordConfirm', { email })}</p>
      </ActionModal>
      {reset.data ? (
        // Only the Close button closes it: an outside click must not lose the one-time password.
        <Modal
          open
          onClose={() => {}}
          title={t('employeeDetail.resetPassword')}
          footer={<Button onClick={() => reset.reset()}>{t('app.close')}</Button>}
        >
          <p className="text-sm text-slate-700">{t('employeeDetail.resetPasswordFor', { email: reset.data.email })}</p>
          <SecretValue value={reset.data.temporaryPassword} testId="reset-temporary-password" />
          <Banner tone="warning">{t('registrations.tempPasswordOnce')}</Banner>
        </Modal>
      ) : null}
    </>
  );
}
