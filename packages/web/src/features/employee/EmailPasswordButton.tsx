import { useTranslation } from 'react-i18next';
import { notifySuccess, showToast } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { TOAST_MS } from '../../lib/errors';
import { Button } from '../../ui/Button';

/**
 * E-mails the one-time password just shown to the new login's holder, through the mail outbox
 * (employee.registration.sendPassword; the server checks the password and keeps no copy of it). Once sent it
 * says so; a failed delivery shows the mail server's reason and may be tried again.
 */
export function EmailPasswordButton({ employeeId, email, password }: { employeeId: number; email: string; password: string }) {
  const { t } = useTranslation();
  const send = trpc.employee.registration.sendPassword.useMutation({
    onSuccess: (r) => {
      if (r.status === 'sent') notifySuccess(t('registrations.passwordEmailed', { email: r.to }));
      else
        showToast({
          type: 'error',
          message: t('registrations.passwordEmailFailed', { email: r.to, error: r.error ?? '' }),
          details: [],
          autoClose: TOAST_MS * 2,
        });
    },
  });
  const sent = send.data?.status === 'sent';
  return (
    <div className="mt-3">
      <Button
        variant="secondary"
        size="sm"
        disabled={send.isPending || sent}
        onClick={() => send.mutate({ employeeId, password })}
      >
        {sent ? t('registrations.passwordEmailed', { email }) : t('registrations.emailPassword', { email })}
      </Button>
    </div>
  );
}
