import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import type { Column } from './DataTable';
import { PagedCard } from './PagedCard';
import { TextInput } from './TextInput';
import type { ListState } from '../lib/use-list-state';

interface PageData<T> {
  rows: T[];
  total: number;
}

export interface ListCardProps<T> {
  title: string;
  list: ListState;
  query: { data: PageData<T> | undefined; isFetching: boolean; isError: boolean; refetch: () => unknown };
  columns: Column<T>[];
  /** Default: the row's `id`. */
  rowKey?: ((row: T) => number) | undefined;
  filters?: ReactNode;
  onAdd?: (() => void) | undefined;
  addLabel?: string;
  empty: string;
  searchPlaceholder?: string;
}

/** A server-paginated list: search box, filters, the table and the pager; "Add" only when given. */
export function ListCard<T>({ list, filters, onAdd, addLabel, searchPlaceholder, ...card }: ListCardProps<T>) {
  const { t } = useTranslation();
  return (
    <PagedCard
      {...card}
      list={list}
      actions={
        onAdd ? (
          <Button size="sm" onClick={onAdd}>
            {addLabel ?? t('org.add')}
          </Button>
        ) : null
      }
      filters={
        <>
          <TextInput
            type="search"
            aria-label={t('app.search')}
            placeholder={searchPlaceholder ?? t('org.searchName')}
            value={list.search}
            maxLength={100}
            onChange={(e) => list.setSearch(e.target.value)}
          />
          {filters}
        </>
      }
    />
  );
}

/**
 * A row's buttons: any extra ones first (`children`), then Edit and Delete (each only when given;
 * the caller shows them only to those who may use them).
 */
export function RowActions({
  onEdit,
  onDelete,
  editLabel,
  children,
}: {
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  editLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2">
      {children}
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
