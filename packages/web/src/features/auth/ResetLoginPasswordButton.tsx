import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { ActionModal } from '../../ui/ActionModal';
import { OneTimePasswordModal } from '../shared/OneTimePasswordModal';

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
        <OneTimePasswordModal
          title={t('employeeDetail.resetPassword')}
          intro={t('employeeDetail.resetPasswordFor', { email: reset.data.email })}
          password={reset.data.temporaryPassword}
          testId="reset-temporary-password"
          onClose={() => reset.reset()}
        />
      ) : null}
    </>
  );
}
