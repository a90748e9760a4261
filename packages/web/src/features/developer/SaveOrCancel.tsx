import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';

/**
 * The end of a developer form page: the submit button (`label`, off while `pending`), any further
 * buttons (`children`), then Cancel, a link back to the list (`cancelTo`).
 */
export function SaveOrCancel({
  label,
  pending,
  cancelTo,
  className,
  children,
}: {
  label: ReactNode;
  pending: boolean;
  cancelTo: string;
  /** Classes added to the row's `flex gap-2`. */
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={cx('flex gap-2', className)}>
      <Button type="submit" disabled={pending}>
        {label}
      </Button>
      {children}
      <Link to={cancelTo} className="rounded-md border border-slate-300 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50">
        {t('app.cancel')}
      </Link>
    </div>
  );
}
