import type { ReactNode } from 'react';
import { cx } from './cx';

/** The tab the URL's `?tab=` names when it is one of `tabs`, else `fallback`. */
export function urlTab<T extends string>(params: URLSearchParams, tabs: readonly T[], fallback: T): T {
  const asked = params.get('tab') ?? '';
  return (tabs as readonly string[]).includes(asked) ? (asked as T) : fallback;
}

/** The DOM id of a tab's button (its panel is labelled by it). */
const tabId = (id: string) => `tab-${id}`;

/** A row of tabs (the active one is kept in the URL by the page; `urlTab` reads it). */
export function Tabs<T extends string>({
  tabs,
  active,
  onChange,
  label,
}: {
  tabs: readonly { id: T; label: string }[];
  active: T;
  onChange: (id: T) => void;
  label: string;
}) {
  return (
    <div role="tablist" aria-label={label} className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={tabId(tab.id)}
          aria-selected={active === tab.id}
          onClick={() => onChange(tab.id)}
          className={cx(
            '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
            active === tab.id ? 'border-sky-700 text-sky-800' : 'border-transparent text-slate-500 hover:text-slate-800',
          )}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The content of the active tab, labelled by its tab. */
export function TabPanel({ tab, children }: { tab: string; children: ReactNode }) {
  return (
    <div role="tabpanel" aria-labelledby={tabId(tab)}>
      {children}
    </div>
  );
}
