import { useTranslation } from 'react-i18next';
import { Select } from '../../ui/Select';
import { yearOptions } from './run-format';
import './texts';

/**
 * A payroll period as a year select and a month select ('yyyy-mm'). With `optional`, both start
 * blank and the value is '' (all periods) or half chosen until both are.
 */
export function PeriodSelects({
  value,
  onChange,
  optional = false,
  idPrefix,
}: {
  value: string;
  onChange: (period: string) => void;
  optional?: boolean;
  idPrefix: string;
}) {
  const { t, i18n } = useTranslation();
  const [year = '', month = ''] = value ? value.split('-') : [];
  const monthName = new Intl.DateTimeFormat(i18n.language === 'id' ? 'id-ID' : 'en-GB', { month: 'long' });
  const months = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1).padStart(2, '0'),
    label: monthName.format(new Date(2000, i, 1)),
  }));
  // A half-chosen period ('2026-') is kept so the selects show it; callers use only complete ones (isPeriod).
  const emit = (y: string, m: string) => onChange(y || m ? `${y}-${m}` : '');
  return (
    <div className="flex gap-2">
      <Select
        id={`${idPrefix}-year`}
        aria-label={t('salaryRuns.year')}
        value={year}
        onChange={(y) => emit(y, month)}
        options={yearOptions()}
        {...(optional ? { placeholder: t('salaryRuns.year') } : {})}
      />
      <Select
        id={`${idPrefix}-month`}
        aria-label={t('salaryRuns.month')}
        value={month}
        onChange={(m) => emit(year, m)}
        options={months}
        {...(optional ? { placeholder: t('salaryRuns.month') } : {})}
      />
    </div>
  );
}
