import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from './Button';
import { useGuardedCancel } from './dialog-guard';
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
          <CancelButton onCancel={onClose}>{cancelLabel ?? t('app.cancel')}</CancelButton>
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

/**
 * Cancel of a dialog's footer: asks "Discard changes?" first when the dialog holds unsaved changes.
 * Every hand-written dialog footer uses it rather than a plain button that closes at once.
 */
export function CancelButton({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  const cancel = useGuardedCancel(onCancel);
  return (
    <Button variant="secondary" onClick={cancel}>
      {children}
    </Button>
  );
}
