import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { SecretValue } from '../../ui/CopyButton';
import { Modal } from '../../ui/Modal';

/**
 * A one-time password, shown this once with a copy button and the warning that it is not shown
 * again. Only the Close button closes it: an outside click must not lose the password.
 */
export function OneTimePasswordModal({
  title,
  intro,
  password,
  testId,
  onClose,
  children,
}: {
  title: string;
  /** Whose password it is. */
  intro: ReactNode;
  password: string;
  testId: string;
  onClose: () => void;
  /** More ways to hand the password over (e.g. e-mailing it), shown under it. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal open onClose={() => {}} title={title} footer={<Button onClick={onClose}>{t('app.close')}</Button>}>
      <p className="text-sm text-slate-700">{intro}</p>
      <SecretValue value={password} testId={testId} />
      {children}
      <Banner tone="warning">{t('registrations.tempPasswordOnce')}</Banner>
    </Modal>
  );
}
