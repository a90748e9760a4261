import { type Column, DataTable } from './DataTable';

/**
 * A table of all that a query returns (no paging), named by `caption` when given: loading while it
 * fetches (with `keepRows`, only until it first has rows: a polled table keeps showing them), the
 * failure with a retry when it could not load, else `empty` when there are no rows.
 */
export function QueryTable<T>({
  caption,
  query,
  columns,
  rowKey,
  empty,
  keepRows = false,
}: {
  caption?: string | undefined;
  query: { data?: readonly T[] | undefined; isFetching: boolean; isError: boolean; refetch: () => unknown };
  columns: Column<T>[];
  /** Default: the row's `id`. */
  rowKey?: ((row: T) => string | number) | undefined;
  empty: string;
  keepRows?: boolean;
}) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={query.data ?? []}
      rowKey={rowKey}
      loading={query.isFetching && !(keepRows && query.data)}
      failed={query.isError && !query.data}
      onRetry={() => void query.refetch()}
      empty={empty}
    />
  );
}
