import type { FormEvent, ReactNode } from 'react';
import { FormButtons } from './FormButtons';
import { Modal } from './Modal';
import { type FieldView, FormFields } from './FormFields';
import type { SchemaForm } from '../lib/use-schema-form';

export interface FormDialogProps<K extends string, I> {
  title: ReactNode;
  form: SchemaForm<K, I>;
  views: readonly FieldView<K>[];
  save: (input: I) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
  intro?: ReactNode;
}

/**
 * A create/edit dialog (Headless UI Dialog via ui/Modal): the form's fields, Cancel and Save.
 * `save` runs the mutation; on failure the server's field errors are shown at their fields. Once a
 * field differs from its starting value, closing without saving asks "Discard changes?".
 */
export function FormDialog<K extends string, I>({ title, form, views, save, pending, onClose, intro }: FormDialogProps<K, I>) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(async (input) => {
      try {
        await save(input);
        onClose();
      } catch (err) {
        form.showServerErrors(err);
      }
    });
  };
  return (
    <Modal open onClose={onClose} title={title} dirty={form.dirty}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {intro}
        <FormFields form={form} views={views} />
        <FormButtons onCancel={onClose} pending={pending} className="border-t border-slate-200 pt-3" />
      </form>
    </Modal>
  );
}
