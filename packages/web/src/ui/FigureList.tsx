import type { ReactNode } from 'react';

/**
 * Labelled figures (totals, a summary) as a definition list: each label over its value in tabular
 * digits. `children` come first (a figure drawn differently); `labelClassName` styles the labels.
 */
export function FigureList({
  items,
  className,
  testId,
  labelClassName = 'text-slate-500',
  children,
}: {
  items: readonly (readonly [string, ReactNode])[];
  className: string;
  testId: string;
  labelClassName?: string;
  children?: ReactNode;
}) {
  return (
    <dl className={className} data-testid={testId}>
      {children}
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className={labelClassName}>{label}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
