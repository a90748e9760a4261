import type { ReactNode } from 'react';

/** One labelled value (a `dt`/`dd` pair inside a `dl`): of a request's summary, a terminal's page, … */
export function Fact({
  label,
  children,
  className,
  labelClassName = 'text-xs text-slate-500',
  valueClassName = 'font-medium',
  testId,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  /** Classes of the label. */
  labelClassName?: string;
  /** Classes of the value; "" for none. */
  valueClassName?: string;
  testId?: string;
}) {
  return (
    <div className={className}>
      <dt className={labelClassName}>{label}</dt>
      <dd className={valueClassName || undefined} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
