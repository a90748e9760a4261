import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { controlClass } from '../../ui/controls';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { fullName, type RegistrationRow } from './registration-row';

export function RejectRegistrationDialog({ registration, onClose }: { registration: RegistrationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  const reject = trpc.employee.registration.reject.useMutation({
    meta: { successMessage: () => t('registrations.rejected') },
    onSuccess: () => {
      void utils.employee.registration.list.invalidate();
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reject.mutate({ id: registration.id, note: note.trim() || undefined });
  };
  return (
    <Modal open onClose={onClose} title={t('registrations.rejectTitle', { name: fullName(registration) })}>
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-slate-600">{registration.email}</p>
        <Field label={t('registrations.rejectNote')} htmlFor="reject-note">
          <textarea
            id="reject-note"
            name="note"
            rows={3}
            maxLength={500}
            className={controlClass()}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-3">
          <Button variant="secondary" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={reject.isPending}>
            {t('registrations.rejectSubmit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
