import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { fullName, type RegistrationRow } from './registration-row';
import { FormButtons } from '../../ui/FormButtons';
import { TextArea } from '../../ui/TextArea';
import { toastThen } from '../../lib/toast-then';

export function RejectRegistrationDialog({ registration, onClose }: { registration: RegistrationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  const reject = trpc.employee.registration.reject.useMutation(
    toastThen(() => {
      void utils.employee.registration.list.invalidate();
      onClose();
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reject.mutate({ id: registration.id, note: note.trim() || undefined });
  };
  return (
    <Modal open onClose={onClose} title={t('registrations.rejectTitle', { name: fullName(registration) })}>
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-slate-600">{registration.email}</p>
        <Field label={t('registrations.rejectNote')} htmlFor="reject-note">
          <TextArea id="reject-note" name="note" rows={3} maxLength={500} value={note} onValue={setNote} />
        </Field>
        <FormButtons
          onCancel={onClose}
          pending={reject.isPending}
          label={t('registrations.rejectSubmit')}
          variant="danger"
          className="border-t border-slate-200 pt-3"
        />
      </form>
    </Modal>
  );
}
