import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Card } from './Card';
import { type Column, DataTable } from './DataTable';
import { Pagination } from './Pagination';
import { TextInput } from './TextInput';
import '../features/org/assign-texts';
import type { ListState } from '../lib/use-list-state';

interface PageData<T> {
  rows: T[];
  total: number;
}

/** A server-paginated list: search box, filters, the table and the pager; "Add" only when given. */
export function ListCard<T>({
  title,
  list,
  query,
  columns,
  rowKey,
  filters,
  onAdd,
  addLabel,
  empty,
  searchPlaceholder,
}: {
  title: string;
  list: ListState;
  query: { data: PageData<T> | undefined; isFetching: boolean; isError: boolean; refetch: () => unknown };
  columns: Column<T>[];
  rowKey: (row: T) => number;
  filters?: ReactNode;
  onAdd?: (() => void) | undefined;
  addLabel?: string;
  empty: string;
  searchPlaceholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card
      title={title}
      actions={
        onAdd ? (
          <Button size="sm" onClick={onAdd}>
            {addLabel ?? t('org.add')}
          </Button>
        ) : null
      }
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextInput
          type="search"
          aria-label={t('app.search')}
          placeholder={searchPlaceholder ?? t('org.searchName')}
          value={list.search}
          maxLength={100}
          onChange={(e) => list.setSearch(e.target.value)}
        />
        {filters}
      </div>
      <DataTable
        caption={title}
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
      />
    </Card>
  );
}

/**
 * Edit and Delete buttons of a row (shown only to holders of org.manage by the caller), and
 * "Job positions" (assign / unassign) where the row can hold positions.
 */
export function RowActions({
  onEdit,
  onDelete,
  editLabel,
  onPositions,
  onRoles,
}: {
  onEdit?: () => void;
  onDelete?: () => void;
  editLabel?: string;
  onPositions?: () => void;
  /** A section-department's roles (permissions/SectionRolesDialog). */
  onRoles?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2">
      {onPositions ? (
        <Button size="sm" variant="secondary" onClick={onPositions}>
          {t('orgAssign.open')}
        </Button>
      ) : null}
      {onRoles ? (
        <Button size="sm" variant="secondary" onClick={onRoles}>
          {t('permissions.sectionRoles')}
        </Button>
      ) : null}
      {onEdit ? (
        <Button size="sm" variant="secondary" onClick={onEdit}>
          {editLabel ?? t('org.edit')}
        </Button>
      ) : null}
      {onDelete ? (
        <Button size="sm" variant="ghost" className="text-red-700" onClick={onDelete}>
          {t('org.delete')}
        </Button>
      ) : null}
    </div>
  );
}
