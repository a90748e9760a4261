import { useTranslation } from 'react-i18next';
import { cx } from '../../ui/cx';
import type { Basis } from './tax-format';
import './texts';

/** How the tax due was obtained; a projection is amber so it is never mistaken for a final figure. */
export function BasisBadge({ basis }: { basis: Basis }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="tax-basis"
      className={cx(
        'inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-medium',
        basis === 'projection' ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-800',
      )}
    >
      {t(`salaryTax.basis_${basis}`)}
    </span>
  );
}
