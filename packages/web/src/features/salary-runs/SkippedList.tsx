import { useTranslation } from 'react-i18next';
import './texts';

/** Employees a run skipped (or would skip), with the reason; collapsed, since there can be many. */
export function SkippedList({ skipped }: { skipped: unknown }) {
  const { t } = useTranslation();
  const items = Array.isArray(skipped)
    ? skipped.filter((s): s is { employeeId: number; reason: string } => typeof s?.employeeId === 'number')
    : [];
  if (items.length === 0) return null;
  return (
    <details className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <summary className="cursor-pointer font-medium">{t('salaryRuns.skipped', { n: items.length })}</summary>
      <ul className="mt-2 max-h-64 list-disc overflow-y-auto pl-5" data-testid="skipped-list">
        {items.map((s) => (
          <li key={s.employeeId}>
            {t('salaryRuns.skippedEmployee', { id: s.employeeId })}: {String(s.reason)}
          </li>
        ))}
      </ul>
    </details>
  );
}
