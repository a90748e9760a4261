import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import type { Column } from './DataTable';
import { ListCard, type ListCardProps, RowActions } from './ListCard';

/**
 * A ListCard whose rows can be added, edited and deleted: the Actions column (extra buttons,
 * Edit, Delete), the add/edit dialog (`form`, given `null` for a new row) and the "Delete X?"
 * confirmation. Write buttons only when `canManage`; the server checks the permission again.
 */
export function CrudListCard<T extends { id: number }>({
  canManage,
  showActions = canManage,
  form,
  addable = true,
  editable = true,
  remove,
  rowActions,
  columns,
  children,
  ...card
}: Omit<ListCardProps<T>, 'rowKey' | 'onAdd'> & {
  /** Holders of the write permission get Add, Edit and Delete. */
  canManage: boolean;
  /** Whether the Actions column is shown (default: `canManage`); for rows with other buttons than the write ones. */
  showActions?: boolean;
  /** The add (`row` null) / edit dialog. */
  form?: (row: T | null, onClose: () => void) => ReactNode;
  /** False: no Add button (rows can only be edited). */
  addable?: boolean;
  /** False: no Edit button (the row is edited elsewhere). */
  editable?: boolean;
  /** Deleting a row: its name in "Delete X?" and the call. */
  remove?: { name: (row: T) => string; run: (row: T) => Promise<unknown> } | undefined;
  /** Buttons shown before Edit and Delete in each row's Actions. */
  rowActions?: (row: T) => ReactNode;
  /** Further dialogs of the screen. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const all: Column<T>[] = showActions
    ? [
        ...columns,
        {
          key: 'actions',
          header: t('app.actions'),
          className: 'whitespace-nowrap',
          cell: (r) => (
            <RowActions
              onEdit={canManage && form && editable ? () => setEditing(r) : undefined}
              onDelete={canManage && remove ? () => setDeleting(r) : undefined}
            >
              {rowActions?.(r)}
            </RowActions>
          ),
        },
      ]
    : columns;
  return (
    <>
      <ListCard {...card} columns={all} onAdd={canManage && form && addable ? () => setEditing('new') : undefined} />
      {editing && form ? form(editing === 'new' ? null : editing, () => setEditing(null)) : null}
      {children}
      {deleting && remove ? (
        <ConfirmDeleteDialog
          name={remove.name(deleting)}
          onConfirm={() => remove.run(deleting)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
