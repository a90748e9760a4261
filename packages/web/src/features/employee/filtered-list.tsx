import type { ReactNode } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useUrlParam } from '../../lib/use-url-state';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import type { SelectOption } from '../../ui/Select';
import { PagedTable, SearchAndSelect, usePaging } from '../shared/PagedTable';

/**
 * The state of an employee-screen list with a search box and one select (status, stage, active):
 * both go back to page 1 when they change; `debounced` is the search to send (trimmed, after 350 ms).
 * Search, select, page and page size live in the URL (`q`, `status`, `page`, `size`), so Back keeps them.
 */
export function useFilteredList(initialValue: string) {
  const [search, setSearch] = useUrlParam('q');
  const [value, setValue] = useUrlParam('status', initialValue);
  const paging = usePaging();
  const debounced = useDebouncedValue(search.trim(), 350);
  return {
    search,
    value,
    debounced,
    paging,
    page: paging.page,
    pageSize: paging.pageSize,
    setSearch: paging.resetting(setSearch),
    setValue: paging.resetting(setValue),
  };
}

/**
 * A list page of the employee screens: the title (with its `actions`), then a card with the search
 * box and the select, then the paged table; `children` follow (the page's dialogs).
 */
export function FilteredListPage<T extends { id: number }>({
  title,
  actions,
  children,
  list,
  selectLabel,
  options,
  columns,
  query,
  empty,
}: {
  title: string;
  actions: ReactNode;
  children?: ReactNode;
  list: ReturnType<typeof useFilteredList>;
  selectLabel: string;
  options: readonly SelectOption[];
  columns: Column<T>[];
  query: { data?: { rows: T[]; total: number } | undefined; isFetching: boolean; isError: boolean; refetch: () => unknown };
  empty: string;
}) {
  return (
    <>
      <PageTitle actions={actions}>{title}</PageTitle>
      <Card>
        <SearchAndSelect
          search={list.search}
          onSearch={list.setSearch}
          value={list.value}
          onValue={list.setValue}
          selectLabel={selectLabel}
          options={options}
        />
        <PagedTable columns={columns} query={query} paging={list.paging} empty={empty} />
      </Card>
      {children}
    </>
  );
}
