import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { useSaveMutations } from '../../lib/use-crud-mutations';
import { ActionModal } from '../../ui/ActionModal';
import { Button } from '../../ui/Button';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { RowActions } from '../../ui/ListCard';
import { ConfirmDelete, serverFields } from './salary-shared';
import './texts';
import { toastThen } from '../../lib/toast-then';

/** A tRPC delete procedure, seen only through what useSalaryRows uses. */
interface DeleteProcedure {
  useMutation: (opts: { meta: { successMessage: 'server' }; onSuccess: () => void }) => {
    mutateAsync: (input: { id: number }) => Promise<unknown>;
    isPending: boolean;
  };
}

/**
 * Add, edit and delete of the rows of a salary table, for salary.update (or `permission`) holders only: the Add
 * button, the Actions column (Edit, Delete), the add/edit dialog (`dialog`, given `null` for a new
 * row) and the "Delete …?" confirmation; a delete toasts the server's message and refreshes the salary queries.
 */
export function useSalaryRows<T extends { id: number }>({
  api,
  deleteName,
  dialog,
  closeOnRefusal = false,
  permission = 'salary.update',
}: {
  api: { delete: DeleteProcedure };
  /** Who may add, edit and delete (the bonus/cut catalogue: salary.setting). */
  permission?: 'salary.update' | 'salary.setting';
  /** What "Delete …?" names. */
  deleteName: (row: T) => string;
  dialog: (row: T | null, onClose: () => void) => ReactNode;
  /** Close the confirmation also when the server refuses (its toast says why). */
  closeOnRefusal?: boolean;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const editor = useCan(permission);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const remove = api.delete.useMutation(toastThen(() => void utils.salary.invalidate()));
  const close = () => setDeleting(null);
  const actions: Column<T>[] = editor
    ? [
        {
          key: 'actions',
          header: t('app.actions'),
          cell: (r: T) => <RowActions onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />,
        },
      ]
    : [];
  return {
    /** The Actions column, for editors only. */
    actions,
    /** The Add button above the table, for editors only. */
    addButton: (label: string) =>
      editor ? (
        <div className="mb-3 flex justify-end">
          <Button onClick={() => setEditing('new')}>{label}</Button>
        </div>
      ) : null,
    dialogs: (
      <>
        {editing ? dialog(editing === 'new' ? null : editing, () => setEditing(null)) : null}
        <ConfirmDelete
          what={deleting ? deleteName(deleting) : null}
          pending={remove.isPending}
          onClose={close}
          onConfirm={() => {
            if (deleting) void remove.mutateAsync({ id: deleting.id }).then(close, closeOnRefusal ? close : () => undefined);
          }}
        />
      </>
    ),
  };
}

/**
 * A salary settings list (components, the bonus/cut catalogue): the Add button and the table of `query`'s rows
 * (loading, a failed first load with Retry, the empty text), then the dialogs of useSalaryRows.
 */
export function SalaryListTable<T extends { id: number }>({
  query,
  columns,
  empty,
  addLabel,
  edit,
}: {
  query: { data?: readonly T[] | undefined; isFetching: boolean; isError: boolean; refetch: () => unknown };
  columns: Column<T>[];
  empty: string;
  addLabel: string;
  edit: { addButton: (label: string) => ReactNode; dialogs: ReactNode };
}) {
  return (
    <>
      {edit.addButton(addLabel)}
      <QueryTable query={query} columns={columns} empty={empty} />
      {edit.dialogs}
    </>
  );
}

/** Create and update of a salary entity: the server's message ("Bonus/cut created"), then the salary queries are refreshed. */
export function useSalarySave<C, U extends { id: number }>(api: Parameters<typeof useSaveMutations<C, U>>[0]) {
  const utils = trpc.useUtils();
  return useSaveMutations(api, { refresh: () => utils.salary.invalidate() });
}

/** The server's field errors of a failed save, each after its field's label (`raw` fields as the server words them). */
export function labelledServerFields(err: unknown, labels: Record<string, string>, raw: readonly string[] = []) {
  return Object.fromEntries(
    Object.entries(serverFields(err)).map(([k, m]) => [k, raw.includes(k) ? m : `${labels[k] ?? k} ${m}`]),
  );
}

/**
 * The errors of a salary add/edit form and its submit: the form's own checks first (the first
 * failing field of `order`, `<prefix>-<key>`, gets the focus), then `save` and `onClose`; a refused
 * save shows `refused(err)` at the fields.
 */
export function useSalaryForm(prefix: string, order: readonly string[]) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit =
    (
      check: () => Record<string, string>,
      save: () => Promise<unknown>,
      onClose: () => void,
      refused: (err: unknown) => Record<string, string>,
    ) =>
    async (e: FormEvent) => {
      e.preventDefault();
      const next = check();
      setErrors(next);
      const first = order.find((k) => next[k]);
      if (first) {
        document.getElementById(`${prefix}-${first}`)?.focus();
        return;
      }
      try {
        await save();
        onClose();
      } catch (err) {
        setErrors(refused(err));
      }
    };
  return { errors, submit };
}

/** A salary add/edit dialog: its form (`<prefix>-form`), Cancel and Save. */
export function SalaryFormDialog({
  prefix,
  title,
  pending,
  onClose,
  onSubmit,
  className = 'space-y-4',
  children,
}: {
  prefix: string;
  title: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (e: FormEvent) => Promise<void>;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ActionModal title={title} actionLabel={t('salaryData.save')} busy={pending} form={`${prefix}-form`} onClose={onClose}>
      <form id={`${prefix}-form`} onSubmit={(e) => void onSubmit(e)} noValidate className={className}>
        {children}
      </form>
    </ActionModal>
  );
}
