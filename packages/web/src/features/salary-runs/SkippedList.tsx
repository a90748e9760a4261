import { useTranslation } from 'react-i18next';
import './texts';

/** An employee a run skipped (or would skip): number, name and the reason. */
export interface SkippedEmployee {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  reason: string;
}

/** Employees a run skipped (or would skip), by number and name with the reason; collapsed, since there can be many. */
export function SkippedList({ skipped }: { skipped: readonly SkippedEmployee[] }) {
  const { t } = useTranslation();
  if (skipped.length === 0) return null;
  return (
    <details className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <summary className="cursor-pointer font-medium">{t('salaryRuns.skipped', { n: skipped.length })}</summary>
      <ul className="mt-2 max-h-64 list-disc overflow-y-auto pl-5" data-testid="skipped-list">
        {skipped.map((s) => (
          <li key={s.employeeId}>
            <span className="font-medium">
              {s.employeeNumber} {s.employeeName}
            </span>
            : {s.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}
