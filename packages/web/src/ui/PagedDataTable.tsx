import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from './DataTable';
import { Pagination } from './Pagination';

/** A server-paginated table body: rows of the current page, loading / failure / empty states and the pager. */
export function PagedDataTable<T>({
  list,
  query,
  columns,
  rowKey,
  empty,
  caption,
}: {
  /** The page shown and its size (use-list-state or usePaging). */
  list: { page: number; pageSize: number; setPage: (page: number) => void; setPageSize: (size: number) => void };
  /** `totalCapped`: the server stopped counting at `total` (a pager then says "more than …"). */
  query: {
    data?: { rows: T[]; total: number; totalCapped?: boolean } | undefined;
    isFetching: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  columns: Column<T>[];
  /** Default: the row's `id`. */
  rowKey?: ((row: T) => string | number) | undefined;
  empty: ReactNode;
  caption?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={query.data?.rows ?? []}
        rowKey={rowKey}
        loading={query.isFetching}
        failed={query.isError && !query.data}
        onRetry={() => void query.refetch()}
        empty={empty}
      />
      <Pagination
        page={list.page}
        pageSize={list.pageSize}
        total={query.data?.total ?? 0}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        totalLabel={query.data?.totalCapped ? t('table.totalCapped', { count: query.data.total }) : undefined}
      />
    </>
  );
}
