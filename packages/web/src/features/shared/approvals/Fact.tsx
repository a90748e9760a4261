import type { ReactNode } from 'react';

/** One labelled value of a request's summary (a `dt`/`dd` pair inside a `dl`). */
export function Fact({
  label,
  children,
  className,
  valueClassName = 'font-medium',
  testId,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  /** Classes of the value; "" for none. */
  valueClassName?: string;
  testId?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={valueClassName || undefined} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
