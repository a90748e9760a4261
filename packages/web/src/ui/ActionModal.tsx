import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from './Button';
import { Modal } from './Modal';

/**
 * A dialog whose footer holds Cancel and one action. The action submits the form whose id is
 * `form` when given, else calls `onAction`; it is off while `busy`.
 */
export function ActionModal({
  open = true,
  onClose,
  title,
  actionLabel,
  busy,
  form,
  onAction,
  variant,
  cancelLabel,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  actionLabel: ReactNode;
  busy: boolean;
  form?: string;
  onAction?: () => void;
  variant?: ButtonProps['variant'];
  /** The first button's text; "Cancel" when omitted. */
  cancelLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel ?? t('app.cancel')}
          </Button>
          <Button
            variant={variant}
            type={form ? 'submit' : 'button'}
            form={form}
            disabled={busy}
            onClick={form ? undefined : onAction}
          >
            {actionLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
