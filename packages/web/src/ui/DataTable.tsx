import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './cx';
import { SortIcon } from './Icons';
import { PHONE_CARD_CLASSES as PC, usePhoneCards } from './PhoneCards';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** When set, the header sorts by this server-side key. */
  sortKey?: string;
  className?: string;
}

export interface SortState {
  key: string;
  order: 'asc' | 'desc';
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: readonly T[];
  /** A row's React key; by default its `id` (else its place in the list). */
  rowKey?: ((row: T) => string | number) | undefined;
  sort?: SortState | undefined;
  onSort?: ((key: string) => void) | undefined;
  loading?: boolean;
  empty: ReactNode;
  caption?: string;
  /** The list could not be loaded: shown instead of the empty text (never "no rows" when we do not know). */
  failed?: boolean;
  onRetry?: () => void;
}

/** A plain table; cells render values as text (never as HTML). */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  loading = false,
  empty,
  caption,
  failed = false,
  onRetry,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  // Under PhoneCards, one card per row on a phone (ui/PhoneCards.tsx).
  const cards = usePhoneCards();
  return (
    <div className="overflow-x-auto">
      <table
        className={cx('min-w-full divide-y divide-slate-200 text-sm', loading && 'opacity-60', cards && PC.table)}
        aria-busy={loading || undefined}
      >
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={cx('bg-slate-50', cards && PC.head)}>
          <tr>
            {columns.map((c) => {
              const active = sort && c.sortKey === sort.key ? sort.order : null;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined}
                  className={cx('whitespace-nowrap px-3 py-2 text-left font-semibold text-slate-700', c.className)}
                >
                  {c.sortKey && onSort ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 hover:text-sky-700"
                      title={t('table.sortBy', { column: c.header })}
                      onClick={() => onSort(c.sortKey as string)}
                    >
                      {c.header}
                      <SortIcon dir={active} />
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={cx('divide-y divide-slate-100 bg-white', cards && PC.body)}>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-500">
                {loading ? (
                  t('app.loading')
                ) : failed ? (
                  <span className="text-red-700">
                    {t('table.loadError')}{' '}
                    {onRetry ? (
                      <button type="button" className="underline" onClick={onRetry}>
                        {t('app.retry')}
                      </button>
                    ) : null}
                  </span>
                ) : (
                  empty
                )}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr
                key={rowKey ? rowKey(row) : ((row as { id?: string | number }).id ?? index)}
                className={cx('hover:bg-slate-50', cards && PC.row)}
              >
                {columns.map((c) => (
                  <td
                    key={c.key}
                    data-label={cards ? c.header : undefined}
                    className={cx('px-3 py-2 align-top text-slate-800', c.className, cards && PC.cell)}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Next sort state when a header is clicked: same column flips the order, a new one starts ascending. */
export function nextSort(current: SortState, key: string): SortState {
  return current.key === key ? { key, order: current.order === 'asc' ? 'desc' : 'asc' } : { key, order: 'asc' };
}
