import type { ReactNode } from 'react';
import type { ListState } from '../lib/use-list-state';
import { Card } from './Card';
import type { Column } from './DataTable';
import { PagedDataTable } from './PagedDataTable';

interface PageData<T> {
  rows: T[];
  total: number;
}

/**
 * A server-paginated list without a search box (ListCard has one): the filters above the table,
 * the table named by `title`, and the pager.
 */
export function PagedCard<T>({
  title,
  list,
  query,
  columns,
  rowKey,
  filters,
  filtersClassName = 'mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4',
  empty,
  actions,
}: {
  title: string;
  list: Pick<ListState, 'page' | 'pageSize' | 'setPage' | 'setPageSize'>;
  query: { data: PageData<T> | undefined; isFetching: boolean; isError: boolean; refetch: () => unknown };
  columns: Column<T>[];
  /** Default: the row's `id`. */
  rowKey?: ((row: T) => number) | undefined;
  filters: ReactNode;
  /** The classes of the filters' grid. */
  filtersClassName?: string;
  empty: string;
  /** Buttons in the card's header (an "Add"). */
  actions?: ReactNode;
}) {
  return (
    <Card title={title} actions={actions}>
      <div className={filtersClassName}>{filters}</div>
      <PagedDataTable caption={title} list={list} query={query} columns={columns} rowKey={rowKey} empty={empty} />
    </Card>
  );
}
