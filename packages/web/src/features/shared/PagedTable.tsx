import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { listParamKey, pageSizeParam } from '../../lib/use-list-state';
import { positiveInt, useUrlParams } from '../../lib/use-url-state';
import type { Column } from '../../ui/DataTable';
import { PagedDataTable } from '../../ui/PagedDataTable';
import { Select, type SelectOption } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';

/**
 * Page and page size of a server-paginated list, kept in the URL (`page`, `size`; `scope` tells two
 * lists on one screen apart) so that Back returns to the same page; any filter change goes back to page 1.
 */
export function usePaging(initialSize = 25, scope = '') {
  const { params, write } = useUrlParams();
  const k = (key: string) => listParamKey(scope, key);
  const page = positiveInt(params.get(k('page')), 1);
  const pageSize = pageSizeParam(params.get(k('size')), initialSize);
  const setPage = (n: number) => write({ [k('page')]: n > 1 ? String(n) : null });
  return {
    page,
    pageSize,
    setPage,
    setPageSize: (s: number) => write({ [k('size')]: s === initialSize ? null : String(s), [k('page')]: null }),
    /** A filter kept in the URL under `key`; `initial` when the URL has none. Setting it returns to page 1. */
    param: (key: string, initial = '') => ({
      value: params.get(k(key)) ?? initial,
      set: (v: string) => write({ [k(key)]: v === initial ? null : v, [k('page')]: null }),
    }),
    /** Wraps a filter setter so that changing the filter shows page 1. */
    resetting:
      <T,>(set: (v: T) => void) =>
      (v: T) => {
        set(v);
        setPage(1);
      },
  };
}

/** The usual filter row: a search box and one select (status, active, …). */
export function SearchAndSelect({
  search,
  onSearch,
  value,
  onValue,
  options,
  selectLabel,
}: {
  search: string;
  onSearch: (v: string) => void;
  value: string;
  onValue: (v: string) => void;
  options: readonly SelectOption[];
  selectLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-3">
      <TextInput
        type="search"
        aria-label={t('app.search')}
        placeholder={t('employees.searchPlaceholder')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      <Select aria-label={selectLabel} value={value} onChange={onValue} options={options} placeholder={t('app.all')} />
    </div>
  );
}

/** A server-paginated table: rows of the current page, loading and failure states, pagination. */
export function PagedTable<T>({
  columns,
  query,
  paging,
  rowKey,
  empty,
}: {
  columns: Column<T>[];
  query: { data?: { rows: T[]; total: number } | undefined; isFetching: boolean; isError: boolean; refetch: () => unknown };
  paging: ReturnType<typeof usePaging>;
  /** Default: the row's `id`. */
  rowKey?: ((row: T) => string | number) | undefined;
  empty: ReactNode;
}) {
  return <PagedDataTable list={paging} query={query} columns={columns} rowKey={rowKey} empty={empty} />;
}
