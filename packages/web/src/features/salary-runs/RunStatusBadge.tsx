import { useTranslation } from 'react-i18next';
import { cx } from '../../ui/cx';
import type { RunStatus } from './run-format';
import './texts';

const STYLE: Record<RunStatus, string> = {
  draft: 'bg-amber-100 text-amber-800',
  finalised: 'bg-emerald-100 text-emerald-800',
  cancelled: 'bg-slate-100 text-slate-700',
};

/** Draft / finalised / cancelled, coloured. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  const { t } = useTranslation();
  return (
    <span className={cx('rounded px-2 py-0.5 text-xs font-medium', STYLE[status])} data-testid="run-status">
      {t(`salaryRuns.${status}`)}
    </span>
  );
}
