import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { toastThen } from '../../lib/toast-then';
import { trpc } from '../../lib/trpc';
import { useListState } from '../../lib/use-list-state';
import { Button } from '../../ui/Button';
import type { Column } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { ActionModal } from '../../ui/ActionModal';
import { TextInput } from '../../ui/TextInput';
import { SearchListCard } from '../shared/approvals/SearchListCard';
import './texts';

/** A small form dialog: validates required fields client-side (focusing the first), then saves. */
export function CatalogueDialog({
  title,
  pending,
  onSave,
  onClose,
  children,
}: {
  title: string;
  pending: boolean;
  /** Returns the id of the first invalid field, or null after starting the save. */
  onSave: () => string | null;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ActionModal
      onClose={onClose}
      title={title}
      actionLabel={t('app.save')}
      busy={pending}
      onAction={() => {
        const bad = onSave();
        if (bad) document.getElementById(bad)?.focus();
      }}
    >
      {children}
    </ActionModal>
  );
}

/** Options of an inventory mutation (catalogue, order, receipt): "Saved", the inventory queries refreshed, then `onDone`. */
export function useSaved(onDone?: () => void) {
  const utils = trpc.useUtils();
  return toastThen(() => {
    void utils.inventory.invalidate();
    onDone?.();
  });
}

interface Saving<I> {
  useMutation: (opts: ReturnType<typeof useSaved>) => { mutate: (input: I) => void; isPending: boolean };
}

/**
 * A catalogue dialog's save: `update` of the row being edited (`row`, its id added), else `create`;
 * either shows "Saved", refreshes the inventory queries and closes the dialog (`onClose`).
 */
export function useCatalogueSave<C, U extends { id: unknown }>(
  procs: { create: Saving<C>; update: Saving<U> },
  row: { id: number } | null | undefined,
  onClose: () => void,
) {
  const create = procs.create.useMutation(useSaved(onClose));
  const update = procs.update.useMutation(useSaved(onClose));
  return {
    pending: create.isPending || update.isPending,
    /** Saves `changes` to the row being edited, or creates `created` when there is none. */
    save: (changes: Omit<U, 'id'>, created: C) => (row ? update.mutate({ ...changes, id: row.id } as U) : create.mutate(created)),
  };
}

/** A catalogue panel's state: its list, whether the caller may change it, and the row being edited. */
export function useCatalogue<R>() {
  const list = useListState();
  const manage = useCan('inventory.manage');
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  return { list, manage, editing, setEditing, placeholderData: keepPreviousData };
}

/**
 * A catalogue list (items, units, services): the searchable list with "New …" for managers, and
 * the add/edit dialog (`dialog` gets `null` for a new row) while one is open.
 */
export function CatalogueCard<R extends { id: number }>({
  catalogue: { list, manage, editing, setEditing },
  title,
  query,
  addLabel,
  columns,
  empty,
  dialog,
  children,
}: {
  catalogue: ReturnType<typeof useCatalogue<R>>;
  title: string;
  query: { data: { rows: R[]; total: number } | undefined; isFetching: boolean; isError: boolean; refetch: () => unknown };
  addLabel: string;
  columns: Column<R>[];
  empty: string;
  dialog: (row: R | null, onClose: () => void) => ReactNode;
  /** Further dialogs of the panel. */
  children?: ReactNode;
}) {
  return (
    <>
      <SearchListCard
        title={title}
        list={list}
        query={query}
        onAdd={manage ? () => setEditing('new') : undefined}
        addLabel={addLabel}
        columns={columns}
        empty={empty}
      />
      {editing ? dialog(editing === 'new' ? null : editing, () => setEditing(null)) : null}
      {children}
    </>
  );
}

/** A row's Edit and Remove buttons (Remove asks first). */
export function EditRemoveButtons({
  name,
  onEdit,
  onRemove,
  removeDisabled,
}: {
  name: string;
  onEdit: () => void;
  onRemove: () => void;
  removeDisabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-1">
      <Button size="sm" variant="ghost" onClick={onEdit}>
        {t('inv.edit')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={removeDisabled}
        onClick={() => window.confirm(t('inv.deleteConfirm', { name })) && onRemove()}
      >
        {t('inv.remove')}
      </Button>
    </div>
  );
}

/** A required text field whose error reads "required". */
export function RequiredText({
  id,
  label,
  value,
  maxLength,
  invalid,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  invalid: boolean;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={label} htmlFor={id} required error={invalid ? t('inv.required') : undefined}>
      <TextInput id={id} value={value} maxLength={maxLength} invalid={invalid} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

/** The actions column of a catalogue list: Edit and Remove for managers (Remove off while `blocked`). */
export function editRemoveColumn<R extends { id: number; name: string }>(
  manage: boolean,
  onEdit: (r: R) => void,
  remove: { mutate: (input: { id: number }) => void; isPending: boolean },
  blocked: (r: R) => boolean = () => false,
): Column<R> {
  return {
    key: 'actions',
    header: '',
    cell: (r) =>
      manage ? (
        <EditRemoveButtons
          name={r.name}
          onEdit={() => onEdit(r)}
          onRemove={() => remove.mutate({ id: r.id })}
          removeDisabled={remove.isPending || blocked(r)}
        />
      ) : null,
  };
}
