import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appCodeOf, detailLines, messageOf, titleOf } from '../lib/errors';
import { Banner } from './Banner';
import { Button } from './Button';
import { Modal } from './Modal';

/**
 * "Delete X?" with the server's answer shown in the dialog when it refuses (e.g. "Department
 * Finance is used by 12 employees and 3 divisions"), so the user sees why and what to do.
 */
export function ConfirmDeleteDialog({
  name,
  onConfirm,
  onClose,
}: {
  /** What is deleted, as entered by users (rendered as text). */
  name: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };
  const code = error ? appCodeOf(error) : undefined;
  return (
    <Modal
      open
      onClose={onClose}
      title={t('org.deleteTitle', { name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {error ? t('app.close') : t('app.cancel')}
          </Button>
          {error ? null : (
            <Button variant="danger" disabled={pending} onClick={() => void confirm()}>
              {t('org.delete')}
            </Button>
          )}
        </>
      }
    >
      {error ? (
        <Banner tone="error">
          <p className="font-semibold">{titleOf(messageOf(error) ?? t('org.deleteFailed'), code)}</p>
          {code === 'E004'
            ? null
            : detailLines((error as { data?: { detail?: string | null } }).data?.detail).map((line) => <p key={line}>{line}</p>)}
        </Banner>
      ) : (
        <p className="text-sm text-slate-700">{t('org.deleteText')}</p>
      )}
    </Modal>
  );
}
