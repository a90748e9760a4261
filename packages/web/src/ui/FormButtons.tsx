import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { cx } from './cx';
import { useGuardedCancel } from './dialog-guard';

/**
 * The end of a form: Cancel, then the submit button (Save unless `label` names it), busy while `pending`.
 * Inside a dialog with unsaved changes, Cancel first asks "Discard changes?".
 */
export function FormButtons({
  onCancel,
  pending,
  label,
  variant,
  className,
}: {
  onCancel: () => void;
  pending: boolean;
  label?: ReactNode;
  variant?: 'primary' | 'danger';
  /** Classes added to the row's `flex justify-end gap-2`. */
  className?: string;
}) {
  const { t } = useTranslation();
  const cancel = useGuardedCancel(onCancel);
  return (
    <div className={cx('flex justify-end gap-2', className)}>
      <Button variant="secondary" onClick={cancel}>
        {t('app.cancel')}
      </Button>
      <Button type="submit" variant={variant} disabled={pending}>
        {label ?? t('app.save')}
      </Button>
    </div>
  );
}

/** A form's lone submit button in its own cell (`className` lays the cell out), off while `pending`. */
export function SubmitCell({ className, pending, children }: { className: string; pending: boolean; children: ReactNode }) {
  return (
    <div className={className}>
      <Button type="submit" disabled={pending}>
        {children}
      </Button>
    </div>
  );
}
