import type { ReactNode } from 'react';

/** Labelled figures in a grid (totals of a run, of a dry run, of a payslip); each value has data-testid `<prefix>-<key>`. */
export function FigureList({ items, testIdPrefix }: { items: readonly [string, string, ReactNode][]; testIdPrefix: string }) {
  return (
    <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([key, label, value]) => (
        <div key={key}>
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="font-semibold tabular-nums" data-testid={`${testIdPrefix}-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
